import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, REDACTED, scrubSecrets } from './logging.ts';

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

describe('OneLinePerRequest: which requests are logged at info', () => {
  /** A reply that took `elapsedTime` ms and answered `statusCode`; records the level each line was written at. */
  const run = (slowMs: number, statusCode: number, elapsedTime: number, error: Error | null = null) => {
    const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
    const at = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, msg, obj });
    const log = { info: at('info'), debug: at('debug'), error: at('error') };
    const req = { log } as unknown as FastifyRequest;
    const reply = { log, statusCode, elapsedTime } as unknown as FastifyReply;
    new OneLinePerRequest(slowMs).requestCompleted(error, req, reply);
    return lines.map((l) => ({ level: l.level, msg: l.msg, responseTime: l.obj.responseTime }));
  };

  it('a fast successful answer (a 304 too) is logged at debug only', () => {
    expect(run(1000, 200, 3)).toEqual([{ level: 'debug', msg: 'request completed', responseTime: 3 }]);
    expect(run(1000, 304, 1)).toEqual([{ level: 'debug', msg: 'request completed', responseTime: 1 }]);
  });

  it('a slow one, at or above LOG_SLOW_REQUEST_MS, is logged at info with its time', () => {
    expect(run(1000, 200, 1000)).toEqual([{ level: 'info', msg: 'request completed', responseTime: 1000 }]);
    expect(run(1000, 200, 2500.5)).toEqual([{ level: 'info', msg: 'request completed', responseTime: 2500.5 }]);
  });

  it('an answer of 400 or above is logged at info however fast', () => {
    for (const status of [400, 401, 404, 429, 500, 503])
      expect(run(1000, status, 1)).toEqual([{ level: 'info', msg: 'request completed', responseTime: 1 }]);
  });

  it('a failed response is logged at error', () => {
    expect(run(1000, 200, 1, new Error('socket hang up'))).toEqual([
      { level: 'error', msg: 'request errored', responseTime: 1 },
    ]);
  });

  it('LOG_SLOW_REQUEST_MS=0 logs every request at info', () => {
    expect(run(0, 200, 0)).toEqual([{ level: 'info', msg: 'request completed', responseTime: 0 }]);
  });
});
