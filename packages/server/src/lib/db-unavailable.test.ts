import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER_S,
  INTERNAL_MESSAGE,
  isDatabaseUnavailable,
  retryAfterOf,
  toPublicError,
} from './errors.ts';

/** A driver error as pg raises it: a message and a code (SQLSTATE or errno). */
const dbError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** What tRPC makes of anything else a procedure throws. */
const wrapped = (cause: unknown) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });

describe('database unavailable: 503 with Retry-After, not 500', () => {
  it.each([
    ['terminated by an administrator (57P01)', dbError('terminating connection due to administrator command', '57P01')],
    ['statement_timeout (57014)', dbError('canceling statement due to statement timeout', '57014')],
    ['lock_timeout (55P03)', dbError('canceling statement due to lock timeout', '55P03')],
    ['too many connections (53300)', dbError('sorry, too many clients already', '53300')],
    ['a connection exception (08006)', dbError('connection failure', '08006')],
    [
      'idle in transaction too long (25P03)',
      dbError('terminating connection due to idle-in-transaction timeout', '25P03'),
    ],
    ['ECONNRESET', dbError('read ECONNRESET', 'ECONNRESET')],
    ['ECONNREFUSED', dbError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['refused on every address', new AggregateError([dbError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['no answer at all', new Error('Query read timeout')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s, thrown as is or wrapped by tRPC', (_what, err) => {
    for (const e of [err, wrapped(err), wrapped(new Error('outer', { cause: err }))]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
      expect(toPublicError(e)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(retryAfterOf([e])).toBe(DATABASE_UNAVAILABLE_RETRY_AFTER_S);
    }
  });

  it('other database errors stay what they were', () => {
    for (const e of [
      dbError('duplicate key value violates unique constraint', '23505'),
      dbError('deadlock detected', '40P01'),
      new Error('something else'),
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(e))).toBe(false);
      expect(toPublicError(wrapped(e))).toEqual({ status: 500, message: INTERNAL_MESSAGE });
      expect(retryAfterOf([wrapped(e)])).toBeUndefined();
    }
  });

  it("an AppError is a deliberate answer: its own status and Retry-After win over a cause's", () => {
    const e = new AppError('INVALID_STATE', 'Not now.', { cause: dbError('lock', '55P03') });
    expect(isDatabaseUnavailable(e)).toBe(false);
    expect(toPublicError(e)).toEqual({ status: 409, message: 'Not now.' });
    expect(retryAfterOf([e])).toBeUndefined();
    const limited = new AppError('RATE_LIMITED', 'Slow down.', { retryAfterS: 30 });
    expect(retryAfterOf([wrapped(dbError('x', '57P01')), limited])).toBe(30);
  });

  it('a cause chain that loops does not hang', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
