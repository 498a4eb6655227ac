import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture, startTestApp, type TestApp } from '../src/test/harness.ts';

/** No request of these tests is "slow", however loaded the machine (the slow case: LOG_SLOW_REQUEST_MS=0). */
const NEVER_SLOW = '3600000';

/** The "request completed" lines of one request, by the id its response carried. */
const linesOf = (logs: ReturnType<typeof logCapture>, reqId: unknown) =>
  logs.lines().filter((l) => l.reqId === reqId && l.msg === 'request completed');

describe('request lines at LOG_LEVEL info', () => {
  const logs = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logStream: logs.stream, env: { LOG_LEVEL: 'info', LOG_SLOW_REQUEST_MS: NEVER_SLOW } });
  });
  afterAll(() => t.close());

  it('a fast successful request writes no line', async () => {
    const plans = await t.app.inject({ method: 'GET', url: '/trpc/plan.list' });
    expect(plans.statusCode, plans.body).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(linesOf(logs, plans.headers['x-request-id'])).toEqual([]);
    expect(linesOf(logs, health.headers['x-request-id'])).toEqual([]);
  });

  it('a refused request (4xx) is logged at info with its request id, status and URL without its input', async () => {
    const input = encodeURIComponent(JSON.stringify({ includeArchived: true }));
    const res = await t.app.inject({ method: 'GET', url: `/trpc/plan.list?input=${input}` });
    expect(res.statusCode).toBe(403);
    const [line, ...more] = linesOf(logs, res.headers['x-request-id']);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/trpc/plan.list?input=[redacted]' },
      res: { statusCode: 403 },
    });
    expect(typeof line!.responseTime).toBe('number');
    const missing = await t.app.inject({ method: 'GET', url: '/trpc/no.such' });
    expect(missing.statusCode).toBe(404);
    expect(linesOf(logs, missing.headers['x-request-id'])).toMatchObject([{ level: 30, res: { statusCode: 404 } }]);
  });
});

describe('request lines with LOG_SLOW_REQUEST_MS=0 and at debug', () => {
  it('LOG_SLOW_REQUEST_MS=0 logs every request at info', async () => {
    const logs = logCapture();
    const t = await startTestApp({ logStream: logs.stream, env: { LOG_LEVEL: 'info', LOG_SLOW_REQUEST_MS: '0' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(linesOf(logs, res.headers['x-request-id'])).toMatchObject([{ level: 30, res: { statusCode: 200 } }]);
    } finally {
      await t.close();
    }
  });

  it('LOG_LEVEL=debug shows a fast successful request as it arrives and as it completes (at debug)', async () => {
    const logs = logCapture();
    const t = await startTestApp({
      logStream: logs.stream,
      env: { LOG_LEVEL: 'debug', LOG_SLOW_REQUEST_MS: NEVER_SLOW },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      const id = res.headers['x-request-id'];
      expect(linesOf(logs, id)).toMatchObject([{ level: 20, res: { statusCode: 200 } }]);
      expect(logs.lines().filter((l) => l.reqId === id && l.msg === 'incoming request')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
