import path from 'node:path';
import { z } from 'zod';

const ZConfig = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://vestora.example' }).optional(),
  MARKET_FEED_URL: z.url({ error: 'MARKET_FEED_URL must be an absolute URL' }).default('https://api.coingecko.com'),
  MARKET_CACHE_TTL_S: z.coerce.number().int().min(1).max(86_400).default(120),
  MARKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in / sign-up attempts per client IP per minute. */
  AUTH_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(20),
  /** A user's session ends after this many hours without a request (SESSION_TTL_HOURS is its deprecated alias)... */
  USER_SESSION_IDLE_H: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** ...and this many hours after sign-in, however busy. */
  USER_SESSION_MAX_H: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** An admin's session ends after this many minutes without a request... */
  ADMIN_SESSION_IDLE_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** ...and this many hours after sign-in. */
  ADMIN_SESSION_MAX_H: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  /** Accounts opened on or before this date earn the Early Adopter badge. */
  LAUNCH_DATE: z.iso.date({ error: 'LAUNCH_DATE must be a date like 2026-12-31' }).default('2026-12-31'),
  /** A referrer earns this percent of a referred user's first investment... */
  REFERRAL_REWARD_PERCENT: z.coerce.number().min(0).max(100).default(1),
  /** ...capped at this many dollars per referred user. */
  REFERRAL_REWARD_MAX: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** How often the payout runner wakes, in seconds (it also runs once at start-up). */
  PAYOUT_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** Web app build served under /; tests point it elsewhere. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof ZConfig> & { publicUrl: string; publicOrigin: string; webDistDir: string };

/** Parses the environment once; throws a readable message listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Deprecated: SESSION_TTL_HOURS was the one fixed lifetime of every session; it now sets the user idle limit.
  if (cleaned.SESSION_TTL_HOURS !== undefined && cleaned.USER_SESSION_IDLE_H === undefined) {
    cleaned.USER_SESSION_IDLE_H = cleaned.SESSION_TTL_HOURS;
  }
  delete cleaned.SESSION_TTL_HOURS;
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(
    /\/+$/,
    '',
  );
  // A relative DATA_DIR is relative to where the command was typed (pnpm runs package scripts elsewhere).
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    webDistDir: c.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

export class ConfigError extends Error {}
