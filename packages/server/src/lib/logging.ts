import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

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

/** Header names whose values are secrets wherever they appear in a logged object. */
const SECRET_HEADERS = ['cookie', 'cookies', 'authorization', 'proxy-authorization', 'set-cookie'];
const SECRET_FIELDS = new Set([...SECRET_KEYS, ...SECRET_HEADERS]);
/** `code` is a secret only inside an input or a body (a TOTP code); elsewhere it is an error code worth keeping. */
const CODE_HOLDERS = new Set(['input', 'body']);
/** Deeper than this a logged value is replaced whole: nothing is logged unchecked. */
const MAX_SCRUB_DEPTH = 8;

export const REDACTED = '[redacted]';

function copyOf(value: object): Record<string, unknown> {
  if (value instanceof Error)
    return { type: value.name, message: value.message, stack: value.stack, ...(value as object) } as Record<
      string,
      unknown
    >;
  return { ...(value as Record<string, unknown>) };
}

/**
 * `value` with the value of every secret-named field (at any depth) replaced by REDACTED. Returns the very
 * same object when there is nothing to replace, so a line without secrets costs a walk and no copy.
 */
export function scrubSecrets(value: unknown, parentKey?: string, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_SCRUB_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = scrubSecrets(value[i], parentKey, depth + 1);
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const secret = SECRET_FIELDS.has(key) || (key === 'code' && parentKey !== undefined && CODE_HOLDERS.has(parentKey));
    const next = secret ? REDACTED : scrubSecrets(v, key, depth + 1);
    if (next !== v) (out ??= copyOf(value))[key] = next;
  }
  return out ?? value;
}

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
    // Every line's own fields, scrubbed; `err`, `req` and `res` are scrubbed by their serializers instead
    // (pino runs this before the serializers, and an Error must reach its serializer as an Error).
    formatters: {
      log(obj) {
        let out: Record<string, unknown> | undefined;
        for (const key of Object.keys(obj)) {
          if (SERIALIZED.has(key)) continue;
          const next = scrubSecrets(obj[key], key, 1);
          if (next !== obj[key]) (out ??= { ...obj })[key] = next;
        }
        return out ?? obj;
      },
    },
    serializers: {
      // A Fastify request: what identifies it, never its headers. Anything else logged as `req` is scrubbed.
      req: (req: LoggedRequest): Record<string, unknown> =>
        typeof req?.url === 'string' && typeof req.method === 'string'
          ? {
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
              remotePort: req.socket?.remotePort,
            }
          : (scrubSecrets(req, 'req', 1) as Record<string, unknown>),
      // A Fastify reply: its status. Anything else logged as `res` is scrubbed.
      res: (res: { statusCode?: unknown; raw?: unknown }): Record<string, unknown> =>
        res && typeof res.statusCode === 'number' && res.raw !== undefined
          ? { statusCode: res.statusCode }
          : (scrubSecrets(res, 'res', 1) as Record<string, unknown>),
      err: (err: Error) => scrubSecrets(pino.stdSerializers.err(err), 'err', 1) as pino.SerializedError,
    },
    stream: stream ?? stdoutDestination(),
  };
}

const SERIALIZED = new Set(['req', 'res', 'err']);

/** Most time a log line waits in the stdout buffer before it is written. */
export const LOG_FLUSH_INTERVAL_MS = 1000;
let stdout: pino.DestinationStream | undefined;

/**
 * stdout for every app of this process, buffered: lines are written together once 4 KB have gathered or a
 * second has passed, whichever comes first. One write per line cost a tenth of a request's CPU (#11
 * profile). pino flushes the buffer when the process exits (a crash included); a SIGKILL may lose the last
 * second of lines.
 */
function stdoutDestination(): pino.DestinationStream {
  if (stdout) return stdout;
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      dest.flush();
    } catch {
      // not ready yet (opening) or already closed: the next tick or the exit handler writes it
    }
  }, LOG_FLUSH_INTERVAL_MS).unref();
  stdout = dest;
  return dest;
}

/**
 * One line per request when its answer has gone: method, URL (inputs and tokens blanked), status, time and request
 * id ("request completed", or "request errored" when the response failed). At info only what an operator acts
 * on: a failed response (error), an answer of 400 or above, or one that took `slowMs` or longer; every other
 * request's line is at debug. Writing that line for each of thousands of cached reads a second cost a tenth of
 * their CPU (#28 profile); traffic counts are /metrics' job. `slowMs` 0 logs every request at info, as before.
 * Fastify's "incoming request" line is kept at debug too: LOG_LEVEL=debug shows requests as they arrive (one
 * that never completes, say) and as they complete.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }
  override incomingRequest(req: FastifyRequest): void {
    req.log.debug({ req }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const responseTime = reply.elapsedTime;
    if (reply.statusCode >= 400 || responseTime >= this.slowMs)
      reply.log.info({ req, res: reply, responseTime }, 'request completed');
    else reply.log.debug({ req, res: reply, responseTime }, 'request completed');
  }
}

/**
 * Request ids and request lines: our own random UUID for each request (a client's `x-request-id` is not trusted: it could
 * forge or collide with another's), logged as `reqId` and returned in the `x-request-id` response header.
 * `slowMs`: LOG_SLOW_REQUEST_MS (see OneLinePerRequest).
 */
export function requestLoggingOptions(slowMs: number) {
  return {
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(slowMs),
  } as const satisfies Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'>;
}
