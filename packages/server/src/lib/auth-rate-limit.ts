import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Sign-in and sign-up paths, tRPC and legacy, and the bucket each counts against. */
const AUTH_PATHS: Record<string, 'login' | 'signup'> = {
  '/trpc/user.login': 'login',
  '/api/v1/user/login': 'login',
  '/trpc/user.signup': 'signup',
  '/api/v1/user/signup': 'signup',
};

/** Slows password guessing and sign-up floods: `perMinute` attempts per client IP and bucket. */
export const authRateLimit = fp(
  async (app: FastifyInstance, opts: { perMinute: number }) => {
    await app.register(rateLimit, { global: false });
    const limiter = app.rateLimit({
      max: opts.perMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `${req.ip}:${AUTH_PATHS[req.url.split('?')[0] ?? ''] ?? 'other'}`,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too many attempts. Please wait ${Math.ceil(Number((ctx as { ttl?: number }).ttl ?? 60_000) / 1000)} seconds and try again.`,
      }),
    });
    app.addHook('onRequest', async function (req, reply) {
      if (req.method === 'POST' && AUTH_PATHS[req.url.split('?')[0] ?? '']) await limiter.call(this, req, reply);
    });
  },
  { name: 'auth-rate-limit' },
);
