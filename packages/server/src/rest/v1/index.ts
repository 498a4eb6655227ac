import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { renderDocsPage } from './docs-page.ts';
import { type LegacyRoute, registerLegacyRoute } from './handler.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';
import { planRoutes } from './plan.routes.ts';
import { referralRoutes } from './referral.routes.ts';
import { userRoutes } from './user.routes.ts';

/** Every legacy route, in the order the document lists them. */
export const LEGACY_ROUTES: readonly LegacyRoute[] = [
  ...userRoutes,
  ...planRoutes,
  ...accountRoutes,
  ...referralRoutes,
];

let document: OpenApiDocument | undefined;
let docsPage: string | undefined;

/** The OpenAPI document of /api/v1, built once from the routes' zod schemas. */
export function legacyOpenApiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument(LEGACY_ROUTES);
  return document;
}

/**
 * The legacy /api/v1 adapter (documented at /api/v1/openapi.json and /api/v1/docs): each route calls the
 * tRPC procedure and reshapes the answer (`{ data }` or `{ err }`, `_id`/`__v`). Unknown paths fall
 * through to the app's JSON 404.
 */
export async function registerRestV1(app: FastifyInstance): Promise<void> {
  for (const route of LEGACY_ROUTES) registerLegacyRoute(app, route);
  app.get('/openapi.json', async () => legacyOpenApiDocument());
  app.get('/docs', async (_req, reply) => {
    docsPage ??= renderDocsPage(legacyOpenApiDocument());
    return reply.type('text/html; charset=utf-8').send(docsPage);
  });
}
