import { tr } from '@vestora/contract';
import { describe, expect, it } from 'vitest';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, toPublicError, toPublicI18n } from './errors.ts';

describe('an AppError with a message descriptor', () => {
  const err = new AppError(
    'RATE_LIMITED',
    tr(
      'limits.login',
      'Too many sign-in attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
      {
        seconds: 1,
      },
    ),
    { retryAfterS: 1 },
  );

  it('says its English text as before (logs, the legacy API, tests)', () => {
    expect(err.message).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(toPublicError(err)).toEqual({
      status: 429,
      message: 'Too many sign-in attempts. Please wait 1 second and try again.',
    });
  });

  it('keeps its id and values for the client, numbers as numbers', () => {
    expect(toPublicI18n(err)).toEqual({ id: 'limits.login', values: { seconds: 1 } });
    expect(toPublicI18n(new AppError('NOT_FOUND', tr('plan.notFound', 'Investment plan not found.')))).toEqual({
      id: 'plan.notFound',
    });
  });

  it('a plain string message has no id; the service texts that replace others have theirs', () => {
    expect(toPublicI18n(new AppError('BAD_INPUT', 'email: Email is required'))).toBeUndefined();
    const down = Object.assign(new Error('Connection terminated unexpectedly'), {});
    expect(toPublicError(down)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(toPublicI18n(down)).toEqual({ id: 'service.databaseUnavailable' });
    expect(toPublicI18n(new Error('boom'))).toEqual({ id: 'service.internal' });
  });

  it('a 5xx AppError of our own (INTERNAL) never shows its text, nor its id', () => {
    const bug = new AppError('INTERNAL', tr('x.y', 'secret detail {id}', { id: 'abc' }));
    expect(toPublicError(bug).message).not.toContain('secret');
    expect(toPublicI18n(bug)).toEqual({ id: 'service.internal' });
  });
});
