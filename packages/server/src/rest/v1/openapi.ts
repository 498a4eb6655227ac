import { z } from 'zod';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../lib/session-cookie.ts';
import type { LegacyAccess, LegacyRoute } from './handler.ts';
import { ZLegacyError } from './legacy-schemas.ts';

/** A JSON Schema (2020-12) object as it appears in the document. */
export type JsonSchema = Record<string, unknown>;

interface MediaType {
  schema: JsonSchema;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: true; content: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse>;
}
export type HttpMethod = 'get' | 'post';
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

/** Where the adapter is mounted; paths in the document are relative to it. */
export const LEGACY_PREFIX = '/api/v1';

/** What each `{ err }` status means on this API. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid; the message names the field (in its legacy name) and what is wrong.',
  401: 'Not signed in, or the email or password is wrong.',
  403: 'Signed in but not allowed (an admin-only route, someone else’s data), or a cross-site request.',
  404: 'The thing asked for does not exist.',
  409: 'A conflict: a stale __v (someone else changed it first), or an email already in use.',
  413: 'The request body is too large.',
  415: 'The request body is not JSON (send Content-Type: application/json).',
  422: 'The request is well formed but cannot be carried out.',
  429: 'Too many attempts from this address; the message says how long to wait.',
  500: 'Something went wrong on our side; the message never carries details.',
};

/** `{ err }` statuses every route of a kind may answer, whatever it does. */
function impliedErrorStatuses(route: Pick<LegacyRoute, 'method' | 'access'>): number[] {
  const statuses = [500];
  // POST: malformed or invalid body, cross-site Origin, body too large, not JSON.
  if (route.method === 'POST') statuses.push(400, 403, 413, 415);
  if (route.access !== 'public') statuses.push(401);
  if (route.access === 'admin') statuses.push(403);
  return statuses;
}

/** The JSON Schema of a zod schema, as OpenAPI 3.1 embeds it (its dialect is declared once, on the document). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return rest;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** Fastify's `/referral/:id` as OpenAPI's `/referral/{id}`. */
export function toOpenApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function operationId(method: string, path: string): string {
  const words = `${method} ${path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1))).join('');
}

const ACCESS_TEXT: Record<LegacyAccess, string> = {
  public: 'Anyone may call it.',
  'signed-in': 'Needs a signed-in session (the session cookie set by POST /user/login).',
  admin: 'Needs an administrator’s session.',
};

/** One operation of the document from a route's declaration. */
export function toOperation(route: LegacyRoute): OpenApiOperation {
  const errorSchema = jsonSchemaOf(ZLegacyError, 'output');
  const errorStatuses = [...new Set([...impliedErrorStatuses(route), ...route.errors])].sort((a, b) => a - b);
  const params = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  const success: OpenApiResponse = { description: 'Success.', content: json(jsonSchemaOf(route.response, 'output')) };
  if (route.responseHeaders) {
    success.headers = Object.fromEntries(
      Object.entries(route.responseHeaders).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ]),
    );
  }
  const responses: Record<string, OpenApiResponse> = { [route.status]: success };
  for (const status of errorStatuses) {
    responses[status] = { description: ERROR_MEANINGS[status] ?? 'An error.', content: json(errorSchema) };
  }
  const queryParams = route.query
    ? Object.entries(route.query.shape as Record<string, z.ZodType>).map(([name, schema]) => {
        const { description, ...rest } = jsonSchemaOf(schema, 'input');
        return {
          name,
          in: 'query' as const,
          required: false,
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        };
      })
    : [];
  const parameters = [
    ...params.map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } })),
    ...queryParams,
  ];
  return {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    description: [route.description, ACCESS_TEXT[route.access]].filter(Boolean).join(' '),
    tags: [route.path.split('/')[1] ?? 'api'],
    security: route.access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true as const, content: json(jsonSchemaOf(route.body, 'input')) } }
      : {}),
    responses,
  };
}

/** The two routes that serve the document itself. */
export const DOCUMENT_OPERATIONS: { path: string; operation: OpenApiOperation }[] = [
  {
    path: '/openapi.json',
    operation: {
      operationId: 'getOpenapiJson',
      summary: 'This document (OpenAPI 3.1)',
      tags: ['docs'],
      security: [],
      responses: {
        200: {
          description: 'The OpenAPI document.',
          content: json({
            type: 'object',
            properties: {
              openapi: { type: 'string', const: '3.1.0' },
              info: { type: 'object' },
              paths: { type: 'object' },
            },
            required: ['openapi', 'info', 'paths'],
          }),
        },
      },
    },
  },
  {
    path: '/docs',
    operation: {
      operationId: 'getDocs',
      summary: 'This document as a readable page',
      tags: ['docs'],
      security: [],
      responses: { 200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
];

/** The OpenAPI 3.1 document of every /api/v1 route, generated from the routes' own zod schemas. */
export function buildOpenApiDocument(routes: readonly LegacyRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (path: string, method: HttpMethod, op: OpenApiOperation) => {
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is declared twice`);
    item[method] = op;
  };
  for (const route of routes)
    add(toOpenApiPath(route.path), route.method === 'GET' ? 'get' : 'post', toOperation(route));
  for (const { path, operation } of DOCUMENT_OPERATIONS) add(path, 'get', operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vestora legacy REST API',
      version: '1',
      description:
        'The legacy /api/v1 adapter: the old paths and shapes (`{ "data": … }` / `{ "err": "…" }`, `_id`, `__v`, ' +
        '`accountBallance`) over the same procedures as /trpc. Amounts are dollars with at most 2 decimals.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: LEGACY_PREFIX }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `${SESSION_COOKIE} under http; ${SECURE_SESSION_COOKIE} (Secure) when the server's PUBLIC_URL is https.`,
        },
      },
    },
  };
}
