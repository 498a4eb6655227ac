// overview.jobs (#29): what an admin sees of the background jobs: each one's last run, who runs it now, and the
// last error, from job_leases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayoutRunner } from '../../src/modules/investment/investment.runner.ts';
import { createJobRunner } from '../../src/modules/job/job.runner.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';

const silentLog = { warn() {}, info() {}, error() {} };

describe('overview.jobs', () => {
  const clock = new ManualClock('2026-12-02T08:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists each job that ran with its last run, the instance running it, and its last error', async () => {
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    expect(await callerAs(t, admin).overview.jobs()).toEqual([]);

    const payouts = startPayoutRunner(t.app.deps);
    await payouts.runOnce();
    await payouts.stop();

    const runner = createJobRunner({ db: t.handle.db, clock, log: silentLog, instanceId: 'instance-x' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inSecondTick = new Promise<void>((r) => (entered = r));
    let calls = 0;
    const mail = runner.add({
      name: 'mail',
      everyMs: 60_000,
      async tick() {
        calls++;
        if (calls === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
        entered();
        await held;
      },
    });
    await mail.idle();
    clock.advanceMs(1000);
    // A test job of another name is not one of the platform's jobs: not listed.
    await runner.add({ name: 'not-a-platform-job', everyMs: 60_000, tick: async () => undefined }).idle();

    const rows = await callerAs(t, admin).overview.jobs();
    expect(rows).toEqual([
      {
        name: 'mail',
        runningOn: null,
        lastStartedAt: '2026-12-02T08:00:00.000Z',
        lastFinishedAt: '2026-12-02T08:00:00.000Z',
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
        lastErrorAt: '2026-12-02T08:00:00.000Z',
        failing: true,
      },
      {
        name: 'payouts',
        runningOn: null,
        lastStartedAt: '2026-12-02T08:00:00.000Z',
        lastFinishedAt: '2026-12-02T08:00:00.000Z',
        lastError: null,
        lastErrorAt: null,
        failing: false,
      },
    ]);

    // The next tick runs (held open): it is running on its instance, and no longer counts as failing.
    const second = mail.runNow();
    await inSecondTick;
    const running = (await callerAs(t, admin).overview.jobs())[0]!;
    expect(running).toMatchObject({
      runningOn: 'instance-x',
      lastStartedAt: '2026-12-02T08:00:01.000Z',
      failing: false,
    });
    release();
    await second;
    await runner.stop();
  });
});
