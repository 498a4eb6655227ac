import { tr } from '@vestora/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the browser's Origin is the product's own: exactly the configured public origin (PUBLIC_URL's scheme,
 * host and port). Not an `http://` Origin for an https site, and not whatever Host the request names (a client
 * chooses its Host header). In development behind Vite's proxy, set PUBLIC_URL to the address the browser opens.
 */
export function isOwnOrigin(origin: string, config: Pick<Config, 'publicOrigin'>): boolean {
  return origin === config.publicOrigin;
}

/**
 * State-changing requests must be JSON and, when a browser says where they come from, come from us.
 * Legacy server-side callers send no Origin and keep working.
 */
export const requestGuards = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    // Only JSON bodies: drop Fastify's text/plain parser, so HTML forms from elsewhere get 415.
    app.removeContentTypeParser('text/plain');
    app.addHook('onRequest', async (req) => {
      if (SAFE_METHODS.has(req.method)) return;
      const origin = req.headers.origin;
      // Thrown, not sent: the app's error handler builds every `{ err }` body.
      if (origin && (origin === 'null' || !isOwnOrigin(origin, opts.config))) {
        throw new AppError('FORBIDDEN', tr('request.crossSite', 'Cross-site requests are not allowed.'));
      }
      const type = req.headers['content-type'];
      const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      const lowerType = (type ?? '').toLowerCase();
      // A route that takes uploads says so in its config (#33: POST /api/kyc/documents); the Origin check above
      // holds for it as for every other.
      const multipartOk =
        (req.routeOptions.config as { acceptsMultipart?: boolean } | undefined)?.acceptsMultipart === true &&
        lowerType.startsWith('multipart/form-data');
      if (hasBody && !lowerType.startsWith('application/json') && !multipartOk) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          tr('request.sendJson', 'Send the request body as JSON (Content-Type: application/json).'),
        );
      }
    });
  },
  { name: 'request-guards' },
);
