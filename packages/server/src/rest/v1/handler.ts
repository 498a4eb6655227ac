import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ZodError } from 'zod';
import { AppError, toPublicError } from '../../lib/errors.ts';
import { createContext } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/router.ts';

export type Caller = ReturnType<typeof createCaller>;

interface LegacyHandlerOptions {
  /** tRPC field name → legacy name, so a validation message names the field the caller sent (version → __v). */
  fieldNames?: Record<string, string>;
  /** Status on success (default 200). */
  status?: number;
}

/** A ZodError whose paths use the legacy field names. */
function renameZodPaths(err: ZodError, names: Record<string, string>): ZodError {
  return new ZodError(
    err.issues.map((i) => ({ ...i, path: i.path.map((p) => (typeof p === 'string' ? (names[p] ?? p) : p)) })),
  );
}

/** The legacy error body: the right status and `{ err }`, never a stack trace or SQL. */
export function sendLegacyError(
  req: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  names: Record<string, string> = {},
) {
  const cause = err instanceof ZodError ? err : (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof ZodError) err = renameZodPaths(cause, names);
  const pub = toPublicError(err);
  if (pub.status >= 500) req.log.error({ err }, 'legacy API call failed');
  return reply.code(pub.status).send({ err: pub.message });
}

/**
 * A legacy /api/v1 route: builds the same context as /trpc (session cookie included), hands the handler a
 * tRPC caller, and sends what it returns. Rules, validation and auth live in the procedures only.
 */
export function legacyHandler(
  handler: (caller: Caller, req: FastifyRequest) => Promise<unknown>,
  opts: LegacyHandlerOptions = {},
): RouteHandlerMethod {
  return async function (req, reply) {
    try {
      const ctx = await createContext(req.server.deps, req, reply);
      const body = await handler(createCaller(ctx), req);
      return reply.code(opts.status ?? 200).send(body);
    } catch (err) {
      return sendLegacyError(req, reply, err, opts.fieldNames);
    }
  };
}

/**
 * The request body as an object, or a clear 400 when it is something else. Routes pass it on `as never`:
 * it is unchecked JSON, and the procedure's strict zod schema is what validates it.
 */
export function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_INPUT', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** The `:id` route parameter. */
export function idParam(req: FastifyRequest): string {
  return (req.params as { id?: string }).id ?? '';
}
