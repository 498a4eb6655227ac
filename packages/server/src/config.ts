import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseAccountKey } from './modules/bitcoin/bitcoin.derive.ts';

/** Names proxy-addr accepts for address ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies may say who the client is: unset / `false` / `0` trusts none (the socket's address counts),
 * a hop count trusts that many proxies in front, a comma-separated list trusts those addresses / CIDRs.
 * `true` would believe any X-Forwarded-For a client sends, so it is refused.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    const bad = list.filter((s) => !PROXY_RANGE_NAMES.has(s) && !ipaddr.isValid(s) && !isCidr(s));
    if (v === 'true' || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be a hop count such as 1, or a comma-separated list of proxy addresses / CIDRs ' +
          `such as 10.0.0.0/8,::1 (trusting every proxy would let any client pick its own address)${bad.length && v !== 'true' ? `; not an address: ${bad.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return list;
  });

function isCidr(s: string): boolean {
  try {
    ipaddr.parseCIDR(s);
    return true;
  } catch {
    return false;
  }
}

/** A dollar limit ("2000", "2000.50"), read as cents (an integer: money is never a float). */
const zUsdLimit = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: `${name} must be an amount in dollars, such as 2000 or 2000.50` })
    .transform((v) => {
      const [whole, frac = ''] = v.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    });

const ZConfig = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Connections the PostgreSQL pool opens at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a request waits for a database connection (a new one, or a free one from a full pool). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * PostgreSQL's statement_timeout (0 = none). A query the server does not answer at all (a network cut, a
   * paused database) is given up 500 ms after this, on the client, and its connection is closed.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** PostgreSQL's lock_timeout (0 = none): how long a statement waits for a row lock. */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(1500),
  /** PostgreSQL's idle_in_transaction_session_timeout (0 = none): a transaction left idle this long is ended. */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://vestora.example' }).optional(),
  MARKET_FEED_URL: z.url({ error: 'MARKET_FEED_URL must be an absolute URL' }).default('https://api.coingecko.com'),
  MARKET_CACHE_TTL_S: z.coerce.number().int().min(1).max(86_400).default(120),
  /** #30: how long a trade quote is firm (seconds, from 1). */
  TRADE_QUOTE_TTL_S: z.coerce.number().int().min(1).max(3600).default(10),
  /** #30: the oldest price a quote may use (seconds): its age is the older of the feed's time and our fetch. */
  TRADE_MAX_PRICE_AGE_S: z.coerce.number().int().min(1).max(86_400).default(120),
  /** #31: how often open limit orders are checked against the market's current (fresh) price and for expiry. */
  ORDER_CHECK_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(10),
  /** #31: how far (percent) the price must move back past a fired price alert's level before it can fire again. */
  PRICE_ALERT_REARM_PCT: z.coerce.number().min(0.01).max(50).default(1),
  /** #30: the Diverse Portfolio badge counts coins each held for at least this many dollars. */
  DIVERSE_PORTFOLIO_MIN_USD: z.coerce.number().int().min(0).max(1_000_000).default(10),
  MARKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: short text lines and a "what now" on a terminal, JSON lines anywhere else; or always `json` / `text`. */
  LOG_FORMAT: z.enum(['auto', 'json', 'text']).default('auto'),
  /**
   * A successful request is logged at info only when it took at least this long (0: every request); faster ones
   * at debug. Errors and answers of 400 and above are always logged at info (lib/logging.ts).
   */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** Sign-in / sign-up attempts per minute, in each bucket: per account (email) and per client address. */
  AUTH_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Deposit, withdrawal and investment requests per user per minute. */
  MONEY_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Trade quotes, limit orders, recurring buys and price alerts a user may ask for per minute (#30, #31). */
  TRADE_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Deposit reports a user may have waiting for review at once. */
  MAX_PENDING_DEPOSITS: z.coerce.number().int().min(1).max(10_000).default(5),
  /** A deposit report no bank statement line confirms within this many days expires (with a notice). */
  REPORT_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Proxies trusted to name the client (X-Forwarded-For): see ZTrustProxy. */
  TRUST_PROXY: ZTrustProxy.default(false),
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
  /**
   * An account made admin through an approved role request reviews no money (deposits, withdrawals, balance
   * adjustments) for this many hours after the approval (CLI-made admins are not held back).
   */
  ADMIN_REVIEW_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * Accounts opened on or before this date earn the Early Adopter badge, until an admin sets the launch date on
   * the Site settings page (which wins). Unset and not set there: nobody earns it (no invented launch date).
   */
  LAUNCH_DATE: z.iso.date({ error: 'LAUNCH_DATE must be a date like 2026-12-31' }).optional(),
  /** A referrer earns this percent of a referred user's first investment... */
  REFERRAL_REWARD_PERCENT: z.coerce.number().min(0).max(100).default(1),
  /** ...capped at this many dollars per referred user. */
  REFERRAL_REWARD_MAX: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** How often the payout runner wakes, in seconds (it also runs once at start-up). */
  PAYOUT_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the monthly statement job looks for a month to issue, in seconds (it also runs at start-up). */
  ACCOUNT_STATEMENT_EVERY_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Longest a client may take to send a whole request (headers and body), in milliseconds. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** A connection that sends and receives nothing this long is closed, in milliseconds. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** An idle keep-alive connection is closed after this long, in milliseconds. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Above this mean event-loop delay the server answers 503 with Retry-After (0 turns the check off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Above this heap use, in MB, the server answers 503 (0 turns it off; unset: 90% of Node's heap limit). */
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Above this resident memory, in MB, the server answers 503 (0, the default, turns it off). */
  MAX_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Outgoing mail server, smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465.
   * Unset (the embedded default): nothing is sent; messages wait in the outbox for admins to read.
   */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^/\s]+/, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465')
    .optional(),
  /** Sender of every message, e.g. `Vestora <no-reply@vestora.example>` (default: no-reply at PUBLIC_URL's host). */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      error: 'MAIL_FROM must be an address such as no-reply@vestora.example or "Vestora <no-reply@vestora.example>"',
    })
    .optional(),
  /** How often the data-export builder looks for requested exports (#21), in milliseconds. */
  DATA_EXPORT_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /** How often the mail sender looks for due messages, in milliseconds. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** First retry after a failed send, in seconds; each further retry waits twice as long... */
  MAIL_RETRY_BASE_S: z.coerce.number().int().min(1).max(3600).default(5),
  /** ...but never longer than this (so mail queued while the server was down goes out within a minute of its return). */
  MAIL_RETRY_MAX_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** A message is given up (status failed) after this many attempts; a permanent refusal (5xx) fails at once. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(30),
  /**
   * The key two-factor secrets are encrypted with is derived from this (any string of 32+ characters; keep it
   * and back it up: losing it turns two-factor off for nobody and locks out everyone who has it on). Unset on
   * the embedded default: one is generated and kept in DATA_DIR/app-secret. Unset with DATABASE_URL: two-factor
   * cannot be turned on, and says so (see modules/twofactor/twofactor.crypto.ts).
   */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters long').optional(),
  /**
   * Bearer token that unlocks GET /metrics (Prometheus text format). Unset: no /metrics route at all (404) and no
   * per-request timing hook. 24+ characters: it guards process and business figures.
   */
  METRICS_TOKEN: z.string().trim().min(24, 'METRICS_TOKEN must be at least 24 characters long').optional(),
  /**
   * The operator's watch-only extended public key (account level: xpub/ypub/zpub on mainnet, tpub/upub/vpub on
   * testnet and regtest). Set: Bitcoin deposits are on (an address per member, the chain watcher runs). Unset: off.
   */
  BTC_XPUB: z
    .string()
    .trim()
    .regex(/^[xyztuv]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, {
      error: 'BTC_XPUB must be an extended public key (xpub, ypub, zpub, tpub, upub or vpub), never a private key',
    })
    .optional(),
  BTC_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  /** An Esplora HTTP API (a self-hosted electrs or mempool instance, or a public one). */
  ESPLORA_URL: z.url({ error: 'ESPLORA_URL must be an absolute URL' }).default('https://mempool.space/api'),
  /** A payment is credited at this many confirmations. */
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(2),
  /** How often the watcher reads the source's tip, in milliseconds. */
  BTC_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Payments under this many satoshis are listed for admins, not credited. 546 is Bitcoin Core's dust limit for
   * a legacy output (the largest of its per-type limits): spending such an output costs about what it holds.
   */
  BTC_DUST_SATS: z.coerce.number().int().min(0).max(100_000_000).default(546),
  /**
   * A crypto payout marked sent with a transaction id (#34) that the block source does not show paying the member's
   * address, with BTC_CONFIRMATIONS, this many hours after it was marked is an exception on the Overview (it stays
   * sent, never paid, until the transaction confirms).
   */
  BTC_PAYOUT_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * The flat fee of a Bitcoin withdrawal (#32), in satoshis, that the member pays on top of the amount their
   * address receives (it covers the share of the payout transaction's network fee). 5000 sats = 0.00005 BTC.
   */
  BTC_WITHDRAWAL_FEE_SATS: z.coerce.number().int().min(0).max(100_000_000).default(5000),
  /**
   * Whether members may ask for Bitcoin withdrawals (#32; they need BTC_XPUB too). On: approved ones leave in payout
   * batches (bitcoin.payoutBatch.*: a PSBT built here, signed offline, checked and broadcast). Off: an operator who
   * does not pay out Bitcoin yet takes no request.
   */
  BTC_WITHDRAWALS_OPEN: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * #33: what each identity tier may withdraw, in dollars ("2000" or "2000.50"), across every way money leaves,
   * over a rolling day (24 h) and a rolling 30 days. 0 means nothing may leave at that tier (tier 0's default:
   * an email-verified member deposits, invests and trades but withdraws nothing). kyc/kyc.limits.ts reads them;
   * a tier without a figure here means nothing may leave, never "unlimited". Read as cents.
   */
  KYC_TIER0_DAILY_USD: zUsdLimit('KYC_TIER0_DAILY_USD').default(0),
  KYC_TIER0_MONTHLY_USD: zUsdLimit('KYC_TIER0_MONTHLY_USD').default(0),
  KYC_TIER1_DAILY_USD: zUsdLimit('KYC_TIER1_DAILY_USD').default(2_000_00),
  KYC_TIER1_MONTHLY_USD: zUsdLimit('KYC_TIER1_MONTHLY_USD').default(10_000_00),
  KYC_TIER2_DAILY_USD: zUsdLimit('KYC_TIER2_DAILY_USD').default(50_000_00),
  KYC_TIER2_MONTHLY_USD: zUsdLimit('KYC_TIER2_MONTHLY_USD').default(200_000_00),
  /** Whether tier 2 asks for a selfie besides the proof of address. */
  KYC_REQUIRE_SELFIE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Largest identity document upload, in megabytes; a bigger body is refused while it streams. */
  KYC_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(50).default(10),
  /** Identity document uploads per account and per client address per minute (each may be KYC_MAX_UPLOAD_MB). */
  KYC_UPLOAD_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Years identity records are kept (restricted) after the relationship ends, then deleted by a daily job. */
  KYC_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(5),
  /** Where identity documents are stored, encrypted (default: DATA_DIR/kyc). */
  KYC_STORAGE_DIR: z.string().min(1).optional(),
  /** Hours after a password, email or two-factor change during which withdrawal requests are refused. */
  SECURITY_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * The highest fee rate a payout batch pays, in satoshis per virtual byte (#32): Esplora's estimate above it is
   * capped to it, and an admin's fee rate above it is refused.
   */
  BTC_MAX_FEE_RATE: z.coerce.number().int().min(1).max(10_000).default(50),
  /**
   * Where BTC_XPUB sits under the signing wallet's master key, as an output descriptor writes it: the master
   * fingerprint and the account's path, e.g. `73c5da0a/84'/0'/0'` (Sparrow: Settings → Keystore; Electrum: Wallet →
   * Information). Payout PSBTs name each input's key by it (BIP174 bip32Derivation), which a hardware wallet needs.
   * Unset: the key's own fingerprint and the path from it (m/chain/index), as Bitcoin Core writes a key of unknown origin.
   */
  BTC_KEY_ORIGIN: z
    .string()
    .trim()
    .regex(/^\[?[0-9a-fA-F]{8}(\/[0-9]+['hH]?)*\]?$/, {
      error: "BTC_KEY_ORIGIN must be a master fingerprint and a path, like 73c5da0a/84'/0'/0'",
    })
    .optional(),
  /** Web app build served under /; tests point it elsewhere. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof ZConfig> & {
  publicUrl: string;
  publicOrigin: string;
  webDistDir: string;
  /** MAIL_FROM, or `Vestora <no-reply@host of PUBLIC_URL>`. */
  mailFrom: string;
};

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
  if (c.BTC_XPUB) {
    try {
      parseAccountKey(c.BTC_XPUB, c.BTC_NETWORK);
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration:\n  - BTC_XPUB: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
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
    mailFrom: c.MAIL_FROM ?? `Vestora <no-reply@${new URL(publicUrl).hostname}>`,
    webDistDir: c.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

export class ConfigError extends Error {}
