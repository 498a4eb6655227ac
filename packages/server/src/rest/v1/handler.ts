import { tr } from '@vestora/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { ZodError, type z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { createContext } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/router.ts';

export type Caller = ReturnType<typeof createCaller>;

/** Who may call a legacy route; the procedure enforces it, the document states it. */
export type LegacyAccess = 'public' | 'signed-in' | 'admin';

/** A legacy /api/v1 route: what Fastify registers and what /api/v1/openapi.json documents. */
export interface LegacyRoute {
  method: 'GET' | 'POST';
  /** Path under /api/v1 in Fastify's syntax (`:id` for a path parameter). */
  path: string;
  summary: string;
  description?: string;
  access: LegacyAccess;
  /** The request body's schema (POST routes). */
  body?: z.ZodType;
  /** The query string's schema: each property is an optional query parameter in the document. */
  query?: z.ZodObject;
  /** Response headers the route may set, with what each means (documented on the success response). */
  responseHeaders?: Record<string, string>;
  /** The success body's schema. */
  response: z.ZodType;
  /** Success status. */
  status: 200 | 201;
  /** `{ err }` statuses this route answers besides those every route of its kind may (see openapi.ts). */
  errors: readonly number[];
  /** Runs the route: parses the body, calls the procedure, reshapes the answer. */
  run(caller: Caller, req: FastifyRequest, reply?: FastifyReply): Promise<unknown>;
  /** tRPC field name → legacy name, so a procedure's validation message names the field the caller sent. */
  fieldNames?: Record<string, string>;
}

/** What a route's handler receives: the parsed legacy body and the `:id` parameter ('' when none). */
export interface LegacyInput<B, Q = undefined> {
  body: B;
  id: string;
  /** The parsed query string (routes that declare `query`). */
  query: Q;
  /** Sets a response header (one the route declares in `responseHeaders`). */
  setHeader(name: string, value: string): void;
}

/**
 * Declares a legacy route. The handler gets the body already parsed by `body` and must answer something of
 * the `response` schema's type (checked by the compiler; a test checks the real answers against the document).
 */
export function legacyRoute<
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  Q extends z.ZodObject | undefined = undefined,
>(spec: {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description?: string;
  access: LegacyAccess;
  body?: B;
  query?: Q;
  responseHeaders?: Record<string, string>;
  response: R;
  status?: 200 | 201;
  errors?: readonly number[];
  fieldNames?: Record<string, string>;
  handle: (
    caller: Caller,
    input: LegacyInput<B extends z.ZodType ? z.output<B> : undefined, Q extends z.ZodObject ? z.output<Q> : undefined>,
  ) => Promise<z.input<R>>;
}): LegacyRoute {
  const { handle, body: bodySchema, query: querySchema, ...rest } = spec;
  return {
    ...rest,
    ...(bodySchema ? { body: bodySchema } : {}),
    ...(querySchema ? { query: querySchema } : {}),
    status: spec.status ?? 200,
    errors: spec.errors ?? [],
    async run(caller, req, reply) {
      const body = bodySchema ? bodySchema.parse(bodyObject(req)) : undefined;
      const query = querySchema ? querySchema.parse(req.query ?? {}) : undefined;
      return handle(caller, {
        body: body as B extends z.ZodType ? z.output<B> : undefined,
        query: query as Q extends z.ZodObject ? z.output<Q> : undefined,
        id: idParam(req),
        setHeader: (name, value) => void reply?.header(name, value),
      });
    },
  };
}

/** A ZodError whose paths use the legacy field names. */
function renameZodPaths(err: ZodError, names: Record<string, string>): ZodError {
  return new ZodError(
    err.issues.map((i) => ({ ...i, path: i.path.map((p) => (typeof p === 'string' ? (names[p] ?? p) : p)) })),
  );
}

// The words the procedures' own gates use (trpc/init.ts), so a route answers the same before or after its body.
const SIGN_IN_MESSAGE = 'Please sign in to continue.';
const ADMIN_ONLY_MESSAGE = 'Only an administrator can do this.';

/**
 * Registers a legacy route: builds the same context as /trpc (session cookie included), runs it with a tRPC
 * caller and sends the answer. Errors are thrown on to the app's error handler, which answers `{ err }`.
 */
export function registerLegacyRoute(app: FastifyInstance, route: LegacyRoute): void {
  app.route({
    method: route.method,
    url: route.path,
    async handler(req, reply) {
      try {
        const ctx = await createContext(req.server.deps, req, reply);
        // Who is calling comes before what they sent: an anonymous caller learns nothing about a body's fields.
        if (route.access !== 'public' && !ctx.user) throw new AppError('UNAUTHENTICATED', SIGN_IN_MESSAGE);
        if (route.access === 'admin' && ctx.user?.account_type !== 'admin') {
          throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
        }
        const answer = await route.run(createCaller(ctx), req, reply);
        return reply.code(route.status).send(answer);
      } catch (err) {
        // Only an input that failed its schema (BAD_REQUEST) is renamed; an output that failed is a 500 as it is.
        const cause =
          err instanceof ZodError
            ? err
            : err instanceof TRPCError && err.code === 'BAD_REQUEST'
              ? err.cause
              : undefined;
        if (cause instanceof ZodError && route.fieldNames) throw renameZodPaths(cause, route.fieldNames);
        throw err;
      }
    },
  });
}

/** The request body as an object, or a clear 400 when it is something else. */
function bodyObject(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_INPUT', tr('request.bodyNotObject', 'The request body must be a JSON object.'));
  }
  return body as Record<string, unknown>;
}

/** The `:id` route parameter ('' on routes without one). */
function idParam(req: FastifyRequest): string {
  return (req.params as { id?: string } | undefined)?.id ?? '';
}
