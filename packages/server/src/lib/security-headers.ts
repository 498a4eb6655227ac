import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { isHttps } from './session-cookie.ts';

/** helmet's options for the product: what the web app loads, and HSTS only under https. */
export function helmetOptions(config: Pick<Config, 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images from our origin only (coin logos too: the server fetches them, #34); nothing from a third-party host.
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: isHttps(config.publicUrl) ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something (and is only safe to send) when the product is served over https.
    strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * The headers helmet sets for these options, computed once: helmet's middleware rebuilds them (the CSP
 * string included) on every call, and nothing in them depends on the request.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the precomputed security headers on every response (an error or a 404 included). */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const headers = computeSecurityHeaders(helmetOptions(opts.config));
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
