import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { formatEnglish, isMsg, type Msg, type MsgValues, tr } from '@vestora/contract';
import { ZodError } from 'zod';

/**
 * Every error the application raises on purpose, and the tRPC code it travels as. The one table: the HTTP
 * status follows from the tRPC code (tRPC's own getHTTPStatusCodeFromError), for /trpc and /api/v1 alike.
 */
const APP_ERROR_CODES = {
  BAD_INPUT: 'BAD_REQUEST', // 400
  UNAUTHENTICATED: 'UNAUTHORIZED', // 401
  INVALID_CREDENTIALS: 'UNAUTHORIZED', // 401
  TWO_FACTOR_REQUIRED: 'UNAUTHORIZED', // 401: right password, now the authenticator code
  FORBIDDEN: 'FORBIDDEN', // 403
  LIMIT_REACHED: 'FORBIDDEN', // 403: over the identity tier's withdrawal limits (#33)
  SECURITY_HOLD: 'FORBIDDEN', // 403: withdrawals wait SECURITY_HOLD_HOURS after a password, email or 2FA change
  NOT_FOUND: 'NOT_FOUND', // 404
  EMAIL_TAKEN: 'CONFLICT', // 409
  VERSION_CONFLICT: 'CONFLICT', // 409
  INVALID_STATE: 'CONFLICT', // 409
  IDEMPOTENCY_MISMATCH: 'CONFLICT', // 409
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE', // 413: an upload past its limit (#33's identity documents)
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE', // 415
  INSUFFICIENT_FUNDS: 'UNPROCESSABLE_CONTENT', // 422
  RATE_LIMITED: 'TOO_MANY_REQUESTS', // 429
  UNAVAILABLE: 'SERVICE_UNAVAILABLE', // 503
  INTERNAL: 'INTERNAL_SERVER_ERROR', // 500
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

/**
 * The one error type services throw. Its message is a descriptor (`tr('deposit.notFound', 'No deposit ...')`):
 * `message` is the English text (the legacy API and logs), `msg` the id and values the web translates.
 */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** The message as a descriptor, when it was given as one (sent to tRPC clients as `data.i18n`). */
  readonly msg?: Msg;
  /** Seconds a client should wait before trying again (429, 503): sent as `Retry-After` on /trpc and /api/v1. */
  readonly retryAfterS?: number;
  constructor(appCode: AppErrorCode, message: string | Msg, opts?: { cause?: unknown; retryAfterS?: number }) {
    super({
      code: APP_ERROR_CODES[appCode],
      message: typeof message === 'string' ? message : formatEnglish(message),
      cause: opts?.cause,
    });
    this.appCode = appCode;
    if (isMsg(message)) this.msg = message;
    if (opts?.retryAfterS !== undefined) this.retryAfterS = Math.max(1, Math.ceil(opts.retryAfterS));
  }
}

/** The `Retry-After` seconds an error asks for, if any (the longest, when several errors answer one batch). */
export function retryAfterOf(errors: readonly unknown[]): number | undefined {
  let max: number | undefined;
  for (const e of errors) {
    const s =
      e instanceof AppError ? e.retryAfterS : isDatabaseUnavailable(e) ? DATABASE_UNAVAILABLE_RETRY_AFTER_S : undefined;
    if (s !== undefined && (max === undefined || s > max)) max = s;
  }
  return max;
}

// --- The database is unreachable or too slow right now: 503 with Retry-After, never a 500. ---

/** Seconds a client is asked to wait (`Retry-After`) when the database is unreachable or too slow. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_S = 2;
const DATABASE_UNAVAILABLE = tr(
  'service.databaseUnavailable',
  'The service is briefly unavailable: its database is not answering. Please try again in a moment.',
);
export const DATABASE_UNAVAILABLE_MESSAGE = formatEnglish(DATABASE_UNAVAILABLE);

/**
 * The one table of "not now" database failures (as opposed to "not this": bad input, a conflict). SQLSTATEs:
 * class 08 (connection exceptions) by prefix, and the server refusing or ending a connection or giving up a wait.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '53300', // too_many_connections
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
]);
/** Socket errors of the connection to the database. */
const UNAVAILABLE_ERRNOS: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg, pg-pool and Kysely's driver say (no code) when a connection is lost, cannot be had, or did not answer. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|Postgres connection has been discarded|driver has already been destroyed)/;

/**
 * True when `err`, or anything in its `cause` chain (tRPC wraps what a procedure throws), says the database is
 * unreachable or too slow right now. An AppError is a deliberate answer and never counts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e) || e instanceof AppError) continue;
    seen.add(e);
    const code = pgErrorCode(e);
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    queue.push((e as { cause?: unknown }).cause);
    // A connection refused on every address of a host arrives as an AggregateError.
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
  return false;
}

const INTERNAL = tr('service.internal', 'Something went wrong on our side. Please try again in a moment.');
export const INTERNAL_MESSAGE = formatEnglish(INTERNAL);
const INVALID_JSON = tr('request.invalidJson', 'The request body is not valid JSON.');

/** Readable one-line summary of a zod error: "email: Email must be a valid email address". */
export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.length ? `${i.path.join('.')}: ` : '';
      if (i.code === 'unrecognized_keys') return `${where}Unknown field(s): ${i.keys.join(', ')}`;
      return `${where}${i.message}`;
    })
    .join('; ');
}

/** What a client may see of an error: its HTTP status and a message meant for people. */
export interface PublicError {
  status: number;
  message: string;
}

/** The id and values of a public error's message, for the client to say it in the reader's language. */
export interface PublicI18n {
  id: string;
  values?: MsgValues;
}

/** The `{ "err": ... }` body every error outside tRPC carries (legacy /api/v1, request guards, unknown paths). */
export interface ErrorBody {
  err: string;
}

/**
 * Fastify's own 4xx (malformed JSON, body too large) and its plugins' (they throw a plain
 * `{ statusCode, message }`): the status and a message that is safe and useful.
 */
function fastifyClientError(err: unknown): PublicAnswer | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { statusCode: status, message } = err as { statusCode?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || typeof message !== 'string') return undefined;
  return { status, message: status === 400 && /JSON/i.test(message) ? INVALID_JSON : message };
}

const DATA_ERROR = tr(
  'request.unstorableValue',
  'A value in the request cannot be stored (for example a control character, or a number out of range).',
);
export const DATA_ERROR_MESSAGE = formatEnglish(DATA_ERROR);

/**
 * True when PostgreSQL refused a value (SQLSTATE class 22, data exception: 22021 invalid byte sequence,
 * 22P02 invalid text representation, 22003 numeric value out of range, ...) anywhere in the cause chain:
 * tRPC wraps what a procedure throws, so the driver's error arrives as a `cause`.
 */
export function isDataException(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e !== null && e !== undefined; depth++) {
    const code = pgErrorCode(e);
    if (code !== undefined && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What a client may see of an error, its message still a descriptor where there is one. */
interface PublicAnswer {
  status: number;
  message: string | Msg;
}

function publicAnswer(err: unknown): PublicAnswer {
  // The database is unreachable or too slow right now (retryAfterOf adds Retry-After).
  if (!(err instanceof AppError) && isDatabaseUnavailable(err)) {
    return { status: 503, message: DATABASE_UNAVAILABLE };
  }
  if (err instanceof TRPCError) {
    // Only an input that failed its schema is the client's fault: tRPC raises those as BAD_REQUEST. A ZodError
    // under INTERNAL_SERVER_ERROR is an output that failed its schema: our bug, a 500 that gets logged.
    if (err.code === 'BAD_REQUEST' && err.cause instanceof ZodError)
      return { status: 400, message: describeZodError(err.cause) };
    const status = getHTTPStatusCodeFromError(err);
    if (status === 500 && !(err instanceof AppError) && isDataException(err))
      return { status: 400, message: DATA_ERROR };
    if (status === 500 || (status > 500 && !(err instanceof AppError))) return { status, message: INTERNAL };
    return { status, message: (err instanceof AppError && err.msg) || err.message };
  }
  if (err instanceof ZodError) return { status: 400, message: describeZodError(err) };
  if (isDataException(err)) return { status: 400, message: DATA_ERROR };
  return fastifyClientError(err) ?? { status: 500, message: INTERNAL };
}

/** Maps anything thrown to what a client may see: 5xx messages never leak (except an AppError's own). */
export function toPublicError(err: unknown): PublicError {
  const { status, message } = publicAnswer(err);
  return { status, message: typeof message === 'string' ? message : formatEnglish(message) };
}

/**
 * The id and values of the message toPublicError gives for `err`, when that message is a descriptor (an
 * AppError's `tr(...)`, the service's own texts); undefined for texts that have none (zod's summaries).
 */
export function toPublicI18n(err: unknown): PublicI18n | undefined {
  const { message } = publicAnswer(err);
  if (typeof message === 'string') return undefined;
  return message.values ? { id: message.id, values: message.values } : { id: message.id };
}

/** The one builder of `{ err }` bodies. */
export function errorBody(pub: Pick<PublicError, 'message'>): ErrorBody {
  return { err: pub.message };
}

/** PostgreSQL error code of a driver error (pg and PGlite both expose `code`). */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
