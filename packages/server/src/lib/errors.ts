import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** Every error the application raises on purpose. The message is shown to the person who caused it. */
const ERRORS = {
  BAD_INPUT: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', http: 401 },
  INVALID_CREDENTIALS: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  EMAIL_TAKEN: { trpc: 'CONFLICT', http: 409 },
  VERSION_CONFLICT: { trpc: 'CONFLICT', http: 409 },
  INVALID_STATE: { trpc: 'CONFLICT', http: 409 },
  IDEMPOTENCY_MISMATCH: { trpc: 'CONFLICT', http: 409 },
  INSUFFICIENT_FUNDS: { trpc: 'UNPROCESSABLE_CONTENT', http: 422 },
  RATE_LIMITED: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number }>;

export type AppErrorCode = keyof typeof ERRORS;

/** The one error type services throw. */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  constructor(appCode: AppErrorCode, message: string, opts?: { cause?: unknown }) {
    super({ code: ERRORS[appCode].trpc, message, cause: opts?.cause });
    this.appCode = appCode;
  }
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** HTTP status for each tRPC code (the table above, seen from the tRPC side). */
const TRPC_HTTP: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

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

export interface PublicError {
  status: number;
  code: TRPC_ERROR_CODE_KEY;
  message: string;
}

/** Maps anything thrown to what a client may see: 5xx messages never leak. */
export function toPublicError(err: unknown): PublicError {
  if (err instanceof TRPCError) {
    const status = TRPC_HTTP[err.code] ?? 500;
    if (err.cause instanceof ZodError) {
      return { status: 400, code: 'BAD_REQUEST', message: describeZodError(err.cause) };
    }
    if (status >= 500 && !(err instanceof AppError)) return { status, code: err.code, message: INTERNAL_MESSAGE };
    return { status, code: err.code, message: status === 500 ? INTERNAL_MESSAGE : err.message };
  }
  if (err instanceof ZodError) return { status: 400, code: 'BAD_REQUEST', message: describeZodError(err) };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE };
}

/** PostgreSQL error code of a driver error (pg and PGlite both expose `code`). */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
