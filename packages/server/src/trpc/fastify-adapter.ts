import { tr } from '@vestora/contract';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import {
  type HTTPErrorHandler,
  resolveResponse,
  type ResolveHTTPRequestOptionsContextFn,
  type ResponseMetaFn,
} from '@trpc/server/http';
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

  app.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
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
  });
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
