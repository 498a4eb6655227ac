import { spawn } from 'node:child_process';
import path from 'node:path';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { loginAndListPlans } from '../../../scripts/typed-client.ts';
import { insertPlanRow } from './support/fixtures.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('scripts/typed-client.ts against a listening server', () => {
  let t: TestApp;
  let url: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await insertUser(t.handle.db, { firstName: 'Typed' });
    await insertPlanRow(t.handle.db, 'Typed Plan');
  });
  afterAll(() => t.close());

  it('logs in and lists plans, forwarding the session cookie', async () => {
    const { me, plans } = await loginAndListPlans({ url, email: user.email, password: TEST_PASSWORD });
    expect(me).toMatchObject({ id: user.id, firstName: 'Typed' });
    expect(plans.map((p) => p.investmentPlanName)).toContain('Typed Plan');
  });

  it('surfaces the server message on a failed login', async () => {
    const failure = loginAndListPlans({ url, email: user.email, password: 'wrong password' });
    await expect(failure).rejects.toBeInstanceOf(TRPCClientError);
    await expect(failure).rejects.toThrow('Email or password is incorrect.');
  });

  it('runs as a program with VESTORA_URL / VESTORA_EMAIL / VESTORA_PASSWORD', async () => {
    const env = { ...process.env, VESTORA_URL: url, VESTORA_EMAIL: user.email, VESTORA_PASSWORD: TEST_PASSWORD };
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/typed-client.ts'], { cwd: repoRoot, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toContain(`Signed in as Typed User <${user.email}> (user)`);
    expect(out).toMatch(/investment plan\(s\):\n {2}- Typed Plan: 5% interest/);
    expect(code).toBe(0);
  }, 120_000);
});
