import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/create-db.ts';
import type { Limits } from './modules/limits/limits.service.ts';
import type { MarketService } from './modules/market/market.service.ts';

export type { Clock } from './clock.ts';

/** Long-lived things every procedure may use. */
export interface AppDeps {
  db: Database;
  config: Config;
  market: MarketService;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Attempt counters: `limits.consume('login', { account, address })` throws 429 when a bucket is full. */
  limits: Limits;
}

/** How a procedure sets or clears the session cookie without knowing about HTTP. */
export interface SessionCookies {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}
