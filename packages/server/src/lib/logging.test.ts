import { describe, expect, it } from 'vitest';
import { REDACTED, scrubSecrets } from './logging.ts';

describe('scrubSecrets', () => {
  it('returns the very same object when nothing in it is secret (no copy on the hot path)', () => {
    const line = { req: { method: 'GET', url: '/trpc/plan.list' }, res: { statusCode: 200 }, responseTime: 1.5 };
    expect(scrubSecrets(line)).toBe(line);
  });

  it('blanks secret-named fields at any depth and in arrays, leaving the original untouched', () => {
    const original = {
      user: { email: 'a@example.com', password: 'hunter2' },
      calls: [{ input: { newPassword: 'p1', code: '123456' } }, { ok: true }],
      headers: { cookie: 'vestora_session=abc', 'set-cookie': ['x=y'], accept: 'text/html' },
      deep: { a: { b: { c: { d: { token: 't' } } } } },
    };
    const scrubbed = scrubSecrets(original) as typeof original;
    expect(scrubbed.user).toEqual({ email: 'a@example.com', password: REDACTED });
    expect(scrubbed.calls[0]).toEqual({ input: { newPassword: REDACTED, code: REDACTED } });
    expect(scrubbed.calls[1]).toBe(original.calls[1]);
    expect(scrubbed.headers).toEqual({ cookie: REDACTED, 'set-cookie': REDACTED, accept: 'text/html' });
    expect(scrubbed.deep.a.b.c.d.token).toBe(REDACTED);
    expect(original.user.password).toBe('hunter2');
  });

  it('keeps an error code but blanks a code inside an input or a body', () => {
    expect(scrubSecrets({ err: { code: '23505' } })).toEqual({ err: { code: '23505' } });
    expect(scrubSecrets({ body: { code: '654321' } })).toEqual({ body: { code: REDACTED } });
  });

  it('keeps the message and stack of an error that carried a secret', () => {
    const err = Object.assign(new Error('refused'), { otp: '123456' });
    const scrubbed = scrubSecrets({ cause: err }) as { cause: Record<string, unknown> };
    expect(scrubbed.cause).toMatchObject({ type: 'Error', message: 'refused', otp: REDACTED });
    expect(String(scrubbed.cause.stack)).toContain('refused');
  });

  it('replaces whatever is nested too deep to check', () => {
    let v: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 12; i++) v = { v };
    expect(JSON.stringify(scrubSecrets(v))).toContain(REDACTED);
  });
});
