import { tr } from '@vestora/contract';
import type { AnyTRPCProcedure, AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import {
  type HTTPErrorHandler,
  resolveResponse,
  type ResolveHTTPRequestOptionsContextFn,
  type ResponseMetaFn,
} from '@trpc/server/http';
import {
  TRPCError,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export interface TrpcOnFastifyOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  /** Most calls one batch may carry (tRPC answers 400 above it, before any context or procedure). */
  maxBatchSize: number;
  createContext: (
    req: FastifyRequest,
    reply: FastifyReply,
    info: Parameters<ResolveHTTPRequestOptionsContextFn<TRouter>>[0]['info'],
  ) => Promise<inferRouterContext<TRouter>>;
  onError?: (opts: Parameters<HTTPErrorHandler<TRouter, Request>>[0] & { fastifyRequest: FastifyRequest }) => void;
  responseMeta?: ResponseMetaFn<TRouter>;
  /** Procedures whose request may be larger than the app's body limit (statement.import), with their limit. */
  largeBodies?: { path: string; bodyLimit: number }[];
}

/**
 * tRPC on Fastify without a round trip through the Fetch API. tRPC's own Fastify adapter turns every request
 * into a WHATWG `Request` (every header copied, an AbortController aborted with a DOMException after each
 * response) and streams the `Response` back through web streams: for the small JSON answers of this product
 * that cost more CPU than the procedure and its query (profile in the #11 note). This plugin hands tRPC's
 * `resolveResponse` (all of tRPC's HTTP semantics: batching, methods, inputs, errors, status codes,
 * responseMeta) a minimal request read straight from Fastify's, and writes the JSON answer as one string.
 * Streamed answers (jsonl, SSE) still go back as the Response tRPC made.
 */
export async function trpcOnFastify<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  opts: TrpcOnFastifyOptions<TRouter>,
): Promise<void> {
  // tRPC reads the JSON itself (its parse errors answer in its own error shape), as its Fastify adapter did.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const handle = async (req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) => {
    const single = singleQuery(opts.router, req);
    if (single) return answerSingleQuery(opts, req, reply, single);
    const response = await resolveResponse<TRouter>({
      router: opts.router,
      req: lightRequest(req, reply),
      path: req.params.path,
      error: null,
      maxBatchSize: opts.maxBatchSize,
      createContext: ({ info }) => opts.createContext(req, reply, info),
      onError: opts.onError ? (o) => opts.onError!({ ...o, fastifyRequest: req }) : undefined,
      responseMeta: opts.responseMeta,
    });
    reply.code(response.status);
    for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const type = response.headers.get('content-type');
    if (response.body === null) return reply.send();
    if (type === null || type.startsWith('application/json')) return reply.send(await response.text());
    return reply.send(response);
  };
  app.all<{ Params: { path: string } }>('/:path', handle);
  // A static route wins over `/:path`: the same handler with its own body limit (a batch naming it with other
  // procedures keeps the app's limit).
  for (const large of opts.largeBodies ?? []) {
    app.post<{ Params: { path: string } }>(`/${large.path}`, { bodyLimit: large.bodyLimit }, (req, reply) => {
      (req.params as { path: string }).path = large.path;
      return handle(req, reply);
    });
  }
}

/** The part of a WHATWG Request that `resolveResponse` reads, over Fastify's request. */
function lightRequest(req: FastifyRequest, reply: FastifyReply): Request {
  let url: string;
  try {
    url = new URL(req.url, `${req.protocol}://${req.host || 'localhost'}`).href;
  } catch {
    throw new AppError('BAD_INPUT', tr('request.badUrl', 'The request URL is not valid.'));
  }
  const controller = new AbortController();
  // Aborted only when the client goes away before the answer is written (not after every response).
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const raw = req.headers;
  const headers = {
    get(name: string): string | null {
      const v = raw[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    has(name: string): boolean {
      return raw[name.toLowerCase()] !== undefined;
    },
  };
  const body = req.body;
  return {
    url,
    method: req.method,
    headers,
    signal: controller.signal,
    body: null,
    json: async () => JSON.parse(typeof body === 'string' ? body : ''),
    text: async () => (typeof body === 'string' ? body : ''),
    formData: async () => {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        tr('request.sendJson', 'Send the request body as JSON (Content-Type: application/json).'),
      );
    },
  } as unknown as Request;
}

interface SingleQuery {
  path: string;
  procedure: AnyTRPCProcedure;
  input: unknown;
  url: URL;
}

/**
 * A GET of one query, not batched, whose input reads as JSON: what the web app's pages ask for most
 * (`/trpc/plan.list`, `/trpc/user.me`). Anything else (batches, mutations, unknown paths, a malformed input,
 * a streaming Accept) goes to `resolveResponse`, which answers it as tRPC does.
 */
function singleQuery(
  router: AnyTRPCRouter,
  req: FastifyRequest<{ Params: { path: string } }>,
): SingleQuery | undefined {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined || req.headers.accept === 'application/jsonl')
    return undefined;
  let path: string;
  let url: URL;
  try {
    path = decodeURIComponent(req.params.path);
    url = new URL(req.url, 'http://localhost');
  } catch {
    return undefined;
  }
  if (path.includes(',') || url.searchParams.has('batch')) return undefined;
  // A router's own procedures (a lazily loaded one is left to resolveResponse).
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  if (!procedure || procedure._def.type !== 'query') return undefined;
  const raw = url.searchParams.get('input');
  let input: unknown;
  try {
    input = raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
  return { path, procedure, input, url };
}

const isDataStream = (v: unknown) =>
  isObject(v) && (isAsyncIterable(v) || Object.values(v).some((x) => isPromise(x) || isAsyncIterable(x)));

/**
 * One query answered the way `resolveResponse` answers it (the same context, procedure call, error shape,
 * status, onError and responseMeta, headers and JSON) without building its request and response objects: for
 * these small answers that machinery cost more CPU than the procedure and its query.
 */
async function answerSingleQuery<TRouter extends AnyTRPCRouter>(
  opts: TrpcOnFastifyOptions<TRouter>,
  req: FastifyRequest,
  reply: FastifyReply,
  { path, procedure, input, url }: SingleQuery,
): Promise<FastifyReply> {
  const config = opts.router._def._config;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const call = { path, batchIndex: 0, procedure, getRawInput: async () => input, result: () => input };
  const info = {
    isBatchCall: false,
    accept: null,
    calls: [call],
    type: 'query' as const,
    connectionParams: null,
    signal: controller.signal,
    url,
  };
  let ctx: inferRouterContext<TRouter> | undefined;
  let body: unknown;
  let error: TRPCError | undefined;
  try {
    ctx = await opts.createContext(req, reply, info as never);
    const data = await procedure({
      path,
      getRawInput: call.getRawInput,
      ctx,
      type: 'query',
      signal: controller.signal,
      batchIndex: 0,
    });
    if (isDataStream(data))
      throw new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
      });
    body = { result: { data } };
  } catch (cause) {
    error = getTRPCErrorFromUnknown(cause);
    opts.onError?.({
      error,
      path,
      input,
      ctx,
      type: 'query',
      req: lightRequest(req, reply),
      fastifyRequest: req,
    } as never);
    body = { error: getErrorShape({ config, ctx, error, input, path, type: 'query' }) };
  }
  let status = getHTTPStatusCode(body as never);
  const meta =
    opts.responseMeta?.({
      ctx,
      info: info as never,
      paths: [path],
      data: [body as never],
      errors: error ? [error] : [],
      eagerGeneration: false,
      type: 'query',
    }) ?? {};
  if (meta.status) status = meta.status;
  reply.code(status).header('vary', 'trpc-accept, accept').header('content-type', 'application/json');
  const extra = meta.headers;
  if (extra instanceof Headers) for (const [name, value] of extra) reply.header(name, value);
  else if (extra) for (const [name, value] of Object.entries(extra)) if (value !== undefined) reply.header(name, value);
  return reply.send(JSON.stringify(transformTRPCResponse(config, body as never)));
}
