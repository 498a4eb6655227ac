import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'password_hash',
  'passwordHash',
  'token',
  'sessionToken',
  'session_token',
  'token_hash',
  'otp',
  'totp',
  'totpCode',
  'secret',
  'totpSecret',
  'totp_secret',
  'two_factor_secret',
  'two_factor_pending_secret',
  'recoveryCodes',
  'recovery_codes',
  'code_hash',
  'otpauthUrl',
];

/**
 * What pino blanks out before a line is written. Its wildcards match one level each, so a secret key is
 * listed at the top and up to three levels down (an input inside `{ err, input }`, a body inside a cause).
 * `code` is a secret only inside an input or a body (a TOTP code); elsewhere it is an error code worth keeping.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'cookie',
  'cookies',
  'authorization',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
  'input.code',
  '*.input.code',
  'body.code',
  '*.body.code',
];

export const REDACTED = '[redacted]';

/** Query parameters never logged as sent: a tRPC `input` (any procedure's arguments) and anything secret-named. */
const SECRET_QUERY = new Set(['input', ...SECRET_KEYS.map((k) => k.toLowerCase()), 'code']);

/** The URL as logged: the path, with the values of secret query parameters blanked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return eq >= 0 && SECRET_QUERY.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The logger every Fastify app of the product uses: level from config, secrets redacted, request URLs
 * without their inputs. `stream` (tests) receives the JSON lines instead of stdout.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // A Fastify request: what identifies it, never its headers. Anything else logged as `req` is left to redact.
      req: (req: LoggedRequest): Record<string, unknown> =>
        typeof req?.url === 'string' && typeof req.method === 'string'
          ? {
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
              remotePort: req.socket?.remotePort,
            }
          : (req as unknown as Record<string, unknown>),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Request ids: our own random UUID for each request (a client's `x-request-id` is not trusted: it could
 * forge or collide with another's), logged as `reqId` and returned in the `x-request-id` response header.
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
} as const satisfies Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'>;
