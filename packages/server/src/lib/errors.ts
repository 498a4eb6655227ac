import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/**
 * Every error the application raises on purpose, and the tRPC code it travels as. The one table: the HTTP
 * status follows from the tRPC code (tRPC's own getHTTPStatusCodeFromError), for /trpc and /api/v1 alike.
 */
const APP_ERROR_CODES = {
  BAD_INPUT: 'BAD_REQUEST', // 400
  UNAUTHENTICATED: 'UNAUTHORIZED', // 401
  INVALID_CREDENTIALS: 'UNAUTHORIZED', // 401
  FORBIDDEN: 'FORBIDDEN', // 403
  NOT_FOUND: 'NOT_FOUND', // 404
  EMAIL_TAKEN: 'CONFLICT', // 409
  VERSION_CONFLICT: 'CONFLICT', // 409
  INVALID_STATE: 'CONFLICT', // 409
  IDEMPOTENCY_MISMATCH: 'CONFLICT', // 409
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE', // 415
  INSUFFICIENT_FUNDS: 'UNPROCESSABLE_CONTENT', // 422
  RATE_LIMITED: 'TOO_MANY_REQUESTS', // 429
  UNAVAILABLE: 'SERVICE_UNAVAILABLE', // 503
  INTERNAL: 'INTERNAL_SERVER_ERROR', // 500
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

/** The one error type services throw. */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Seconds a client should wait before trying again (429, 503): sent as `Retry-After` on /trpc and /api/v1. */
  readonly retryAfterS?: number;
  constructor(appCode: AppErrorCode, message: string, opts?: { cause?: unknown; retryAfterS?: number }) {
    super({ code: APP_ERROR_CODES[appCode], message, cause: opts?.cause });
    this.appCode = appCode;
    if (opts?.retryAfterS !== undefined) this.retryAfterS = Math.max(1, Math.ceil(opts.retryAfterS));
  }
}

/** The `Retry-After` seconds an error asks for, if any (the longest, when several errors answer one batch). */
export function retryAfterOf(errors: readonly unknown[]): number | undefined {
  let max: number | undefined;
  for (const e of errors) {
    const s = e instanceof AppError ? e.retryAfterS : undefined;
    if (s !== undefined && (max === undefined || s > max)) max = s;
  }
  return max;
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

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

/** The `{ "err": ... }` body every error outside tRPC carries (legacy /api/v1, request guards, unknown paths). */
export interface ErrorBody {
  err: string;
}

/**
 * Fastify's own 4xx (malformed JSON, body too large) and its plugins' (they throw a plain
 * `{ statusCode, message }`): the status and a message that is safe and useful.
 */
function fastifyClientError(err: unknown): PublicError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { statusCode: status, message } = err as { statusCode?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || typeof message !== 'string') return undefined;
  return { status, message: status === 400 && /JSON/i.test(message) ? INVALID_JSON_MESSAGE : message };
}

/** Maps anything thrown to what a client may see: 5xx messages never leak (except an AppError's own). */
export function toPublicError(err: unknown): PublicError {
  if (err instanceof TRPCError) {
    if (err.cause instanceof ZodError) return { status: 400, message: describeZodError(err.cause) };
    const status = getHTTPStatusCodeFromError(err);
    if (status === 500 || (status > 500 && !(err instanceof AppError))) return { status, message: INTERNAL_MESSAGE };
    return { status, message: err.message };
  }
  if (err instanceof ZodError) return { status: 400, message: describeZodError(err) };
  return fastifyClientError(err) ?? { status: 500, message: INTERNAL_MESSAGE };
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
