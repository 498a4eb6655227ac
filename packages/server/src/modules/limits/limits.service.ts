import { type Msg, tr } from '@vestora/contract';
// Limits that count what they limit: a procedure counts one attempt at the moment it runs (after routing, so
// a batch of N calls counts N and every spelling of a path counts the same), in each bucket its action has.
// Counters live in PostgreSQL when the product runs on it (several instances share them), in memory on the
// embedded database. A full bucket refuses with 429 and Retry-After until its window ends: backoff, never a
// permanent lock-out.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { addressBucket } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';

/** What can be limited. `password` and `twoFactor` are ready for password changes and 2FA codes. */
export type LimitAction =
  | 'login'
  | 'signup'
  | 'password'
  | 'twoFactor'
  | 'money'
  | 'contact'
  | 'newsletter'
  | 'document'
  | 'trade';

/** Contact messages one client address may send per window. */
export const CONTACT_LIMIT_PER_WINDOW = 5;
/** Newsletter sign-ups per email address and per client address per window (each one sends a mail). */
export const NEWSLETTER_LIMIT_PER_WINDOW = 3;

/** The buckets an attempt counts in: the account it is about and the client's address. */
export type LimitBucket = 'account' | 'address';

/** Who an attempt is from and about; a bucket whose key is absent is not counted (a server-side caller). */
export interface LimitKeys {
  /** An email (compared case-insensitively) or a user id. */
  account?: string | null;
  /** The client's address as Fastify resolved it (IPv6 counts by its /64). */
  address?: string | null;
}

export interface Limits {
  /**
   * Counts one attempt of `action` in each of its buckets; throws RATE_LIMITED (429 with Retry-After) when
   * any bucket is over its limit. The first refusal of a window is recorded in the audit log.
   */
  consume(action: LimitAction, keys: LimitKeys): Promise<void>;
}

interface ActionRule {
  buckets: readonly LimitBucket[];
  perWindow: (config: Config) => number;
  /** "Too many ___. Please wait N seconds and try again." */
  tooMany: (seconds: number) => Msg;
}

const RULES: Record<LimitAction, ActionRule> = {
  login: {
    buckets: ['account', 'address'],
    perWindow: (c) => c.AUTH_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.login',
        'Too many sign-in attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  signup: {
    buckets: ['account', 'address'],
    perWindow: (c) => c.AUTH_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.signup',
        'Too many sign-up attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  password: {
    buckets: ['account', 'address'],
    perWindow: (c) => c.AUTH_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.password',
        'Too many password attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  twoFactor: {
    buckets: ['account', 'address'],
    perWindow: (c) => c.AUTH_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.twoFactor',
        'Too many two-factor code attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  money: {
    buckets: ['account'],
    perWindow: (c) => c.MONEY_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.money',
        'Too many deposit, withdrawal and investment requests. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  contact: {
    buckets: ['address'],
    perWindow: () => CONTACT_LIMIT_PER_WINDOW,
    tooMany: (seconds) =>
      tr(
        'limits.contact',
        'Too many contact messages. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  newsletter: {
    buckets: ['account', 'address'],
    perWindow: () => NEWSLETTER_LIMIT_PER_WINDOW,
    tooMany: (seconds) =>
      tr(
        'limits.newsletter',
        'Too many newsletter sign-ups. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  trade: {
    buckets: ['account'],
    perWindow: (c) => c.TRADE_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.trade',
        'Too many quotes, orders and alerts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
  document: {
    buckets: ['account', 'address'],
    perWindow: (c) => c.KYC_UPLOAD_RATE_LIMIT_PER_MIN,
    tooMany: (seconds) =>
      tr(
        'limits.document',
        'Too many document uploads. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { seconds },
      ),
  },
};

/** What this module needs of a rate-limiter-flexible limiter. */
interface Counter {
  consume(key: string): Promise<RateLimiterRes>;
}

/** The table the counters live in on PostgreSQL (migration 2026_11_24_0300_create_rate_limits). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** The per-minute limits count in one-minute windows; tests may shorten the window to see it end. */
export const DEFAULT_WINDOW_S = 60;

export function createLimits(opts: {
  config: Config;
  db: Database;
  /** The PostgreSQL pool, when the product runs on PostgreSQL: counters are then shared by every instance. */
  pool?: pg.Pool;
  log: FastifyBaseLogger;
  windowS?: number;
}): Limits {
  const windowS = opts.windowS ?? DEFAULT_WINDOW_S;
  const limiters = new Map<string, Counter>();

  const limiterFor = (action: LimitAction, bucket: LimitBucket): Counter => {
    const keyPrefix = `${action}:${bucket}`;
    let limiter = limiters.get(keyPrefix);
    if (!limiter) {
      const base = { keyPrefix, points: RULES[action].perWindow(opts.config), duration: windowS };
      limiter = opts.pool
        ? new RateLimiterPostgres({
            ...base,
            storeClient: opts.pool,
            storeType: 'pool',
            tableName: RATE_LIMIT_TABLE,
            tableCreated: true,
            // A database hiccup must not turn every sign-in into a 500: count in memory meanwhile.
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base);
      limiters.set(keyPrefix, limiter);
    }
    return limiter;
  };

  const recordLockout = async (action: LimitAction, bucket: LimitBucket, key: string, retryAfterS: number) => {
    try {
      await recordAudit(opts.db, {
        actorId: null,
        action: 'security.lockout',
        entityType: 'rate_limit',
        entityId: key,
        before: null,
        after: { limit: action, bucket, retryAfterS },
      });
    } catch (err) {
      opts.log.warn({ err, limit: action, bucket }, 'could not record a lockout in the audit log');
    }
  };

  return {
    async consume(action, keys) {
      const rule = RULES[action];
      const counted = rule.buckets.flatMap((bucket) => {
        const key = bucketKey(bucket, keys);
        return key === null ? [] : [{ bucket, key }];
      });
      const results = await Promise.all(
        counted.map(async ({ bucket, key }) => {
          try {
            await limiterFor(action, bucket).consume(key);
            return null;
          } catch (res) {
            if (!(res instanceof RateLimiterRes)) throw res;
            return { bucket, key, res };
          }
        }),
      );
      const refused = results.filter((r) => r !== null);
      if (refused.length === 0) return;
      const retryAfterS = Math.max(1, ...refused.map((r) => Math.ceil(r.res.msBeforeNext / 1000)));
      const limit = rule.perWindow(opts.config);
      for (const r of refused) {
        // The attempt that first went over: later refusals in the same window are not news.
        if (r.res.consumedPoints === limit + 1) await recordLockout(action, r.bucket, r.key, retryAfterS);
      }
      throw new AppError('RATE_LIMITED', rule.tooMany(retryAfterS), { retryAfterS });
    },
  };
}

/** The key an attempt counts under in one bucket, or null when the caller gave none. */
function bucketKey(bucket: LimitBucket, keys: LimitKeys): string | null {
  if (bucket === 'account') {
    const account = keys.account?.trim().toLowerCase();
    return account ? account : null;
  }
  return keys.address ? addressBucket(keys.address) : null;
}
