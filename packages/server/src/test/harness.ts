import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../lib/session-cookie.ts';
import type { Clock } from '../deps.ts';
import type { MarketService } from '../modules/market/market.service.ts';
import { offlineMarketService } from './fake-market-feed.ts';
import { createTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * A full app on a fresh database, for app.inject() or a real listen. With `logStream`, the app logs its
 * JSON lines there (at LOG_LEVEL `trace` unless `env` says otherwise), so a test can read what was logged.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    market?: MarketService;
    clock?: Clock;
    logStream?: NodeJS.WritableStream;
    /** Shortens the limits' one-minute window (only the limits' own tests need to see it end). */
    limitWindowS?: number;
  } = {},
): Promise<TestApp> {
  const handle = await createTestDb();
  // Identity documents (#33) go to a folder of this app's own, removed on close (never the package's .data).
  const kycDir = mkdtempSync(path.join(tmpdir(), 'vestora-kyc-'));
  const config = loadConfig({
    KYC_STORAGE_DIR: kycDir,
    LOG_LEVEL: opts.logStream ? 'trace' : 'silent',
    PUBLIC_URL: 'http://vestora.test',
    // Tests sign many people in from one address; the limit itself has its own test.
    AUTH_RATE_LIMIT_PER_MIN: '100000',
    MONEY_RATE_LIMIT_PER_MIN: '100000',
    TRADE_RATE_LIMIT_PER_MIN: '100000',
    KYC_UPLOAD_RATE_LIMIT_PER_MIN: '100000',
    // Two-factor secrets are encrypted with a key derived from it; without it a test would write DATA_DIR/app-secret.
    APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    // No 503s for event-loop delay: a loaded 2-core test machine stalls the loop for a second now and then
    // (embedded PGlite runs in-process), and no test here is about that check (production's 1000: config.test.ts;
    // the memory check stays on and has its own test).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: handle,
    market: opts.market ?? offlineMarketService(),
    clock: opts.clock,
    limitWindowS: opts.limitWindowS,
    logger: false,
    logStream: opts.logStream,
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      rmSync(kycDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, ready for a Cookie header (`__Host-vestora_session` under https). */
export function sessionCookieFrom(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === SESSION_COOKIE || k.name === SECURE_SESSION_COOKIE);
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${c.name}=${c.value}`;
}

/** Collects every log line an app writes (pass `stream` as startTestApp's `logStream`). */
export function logCapture(): { stream: NodeJS.WritableStream; text(): string; lines(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
