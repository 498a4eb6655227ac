// The background job runner (#29): one tick at a time, a stop that waits, a failing tick recorded and the loop
// going on, and a lease that a dead holder's successor takes over once it runs out. Time and timers come from a
// ManualClock: the tests move it, nothing waits for real time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/create-db.ts';
import { takeJobLease } from '../../src/modules/job/job.repo.ts';
import { configSecrets, createJobRunner, type JobRunner } from '../../src/modules/job/job.runner.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createTestDb } from '../../src/test/test-db.ts';

/** A promise the test opens by hand. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A few turns of the event loop (for "has not happened"; what must happen is awaited, never waited for). */
async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
}

interface Line {
  level: 'warn' | 'info' | 'error';
  obj: object;
  msg: string;
}

function capturingLog(lines: Line[]) {
  return {
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
}

describe('the background job runner', () => {
  let handle: DbHandle;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await handle?.close();
  });

  const leaseRow = (name: string) =>
    handle.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  function runner(clock: ManualClock, opts: { instanceId?: string; lines?: Line[]; secrets?: string[] } = {}) {
    const r = createJobRunner({
      db: handle.db,
      clock,
      log: capturingLog(opts.lines ?? []),
      instanceId: opts.instanceId ?? 'instance-a',
      secrets: opts.secrets,
    });
    runners.push(r);
    return r;
  }

  it('never overlaps a tick on one instance: wake-ups during a tick are skipped, runNow waits for it', async () => {
    const clock = new ManualClock('2026-12-02T08:00:00.000Z');
    const release = gate();
    const entered = gate();
    let calls = 0;
    let active = 0;
    let maxActive = 0;
    const job = runner(clock).add({
      name: 'overlap',
      everyMs: 1000,
      async tick() {
        calls++;
        active++;
        maxActive = Math.max(maxActive, active);
        entered.open();
        await release.promise;
        active--;
        return calls;
      },
    });
    await entered.promise; // the tick at start
    for (let i = 0; i < 5; i++) await clock.advanceTimersMs(1000);
    expect(calls).toBe(1);
    const next = job.runNow();
    await turns();
    expect(calls).toBe(1);
    release.open();
    expect(await next).toBe(2);
    await clock.advanceTimersMs(1000); // the next wake-up runs again
    await job.idle();
    expect(calls).toBe(3);
    expect(maxActive).toBe(1);
    await job.stop();
  });

  it('stop() clears the timer, asks the running tick to stop and waits for it to finish', async () => {
    const clock = new ManualClock('2026-12-02T08:00:00.000Z');
    const release = gate();
    const entered = gate();
    let calls = 0;
    let seen: AbortSignal | null = null;
    const job = runner(clock).add({
      name: 'stopping',
      everyMs: 1000,
      async tick({ signal }) {
        calls++;
        seen = signal;
        entered.open();
        await release.promise;
      },
    });
    await entered.promise;
    expect((await leaseRow('stopping')).holder).toBe('instance-a');
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await turns();
    expect(stopped).toBe(false);
    expect(seen!.aborted).toBe(true);
    release.open();
    await stopping;
    const row = await leaseRow('stopping');
    expect(row).toMatchObject({ holder: null, lease_until: null, last_error: null });
    expect(new Date(row.last_finished_at!).toISOString()).toBe('2026-12-02T08:00:00.000Z');
    // No wake-up after a stop.
    await clock.advanceTimersMs(5000);
    expect(calls).toBe(1);
    expect(await job.runNow()).toBeNull();
  });

  it('a throwing tick is logged and recorded without secrets; the next wake-up runs the job again', async () => {
    const clock = new ManualClock('2026-12-02T08:00:00.000Z');
    const lines: Line[] = [];
    const smtpUrl = 'smtp://mailer:pa55-w0rd-secret@mail.example:587';
    let calls = 0;
    const job = runner(clock, { lines, secrets: configSecrets({ SMTP_URL: smtpUrl }) }).add({
      name: 'failing',
      everyMs: 60_000,
      async tick() {
        calls++;
        if (calls === 1) throw new Error(`could not reach ${smtpUrl} (password pa55-w0rd-secret)`);
        return calls;
      },
    });
    await job.idle();
    const failed = await leaseRow('failing');
    expect(failed).toMatchObject({
      holder: null,
      last_error: 'could not reach [redacted] (password [redacted])',
    });
    expect(new Date(failed.last_error_at!).toISOString()).toBe('2026-12-02T08:00:00.000Z');
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain('job failing: tick failed (could not reach [redacted]');
    // Everything logged, errors included with their message and stack, keeps the password out.
    const logged = JSON.stringify(lines, (_k, v: unknown) =>
      v instanceof Error ? { message: v.message, stack: v.stack } : v,
    );
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain('pa55-w0rd-secret');
    expect(errors[0]!.obj).toMatchObject({ job: 'failing', error: 'could not reach [redacted] (password [redacted])' });

    await clock.advanceTimersMs(60_000);
    await job.idle();
    expect(calls).toBe(2);
    const after = await leaseRow('failing');
    expect(new Date(after.last_started_at!).toISOString()).toBe('2026-12-02T08:01:00.000Z');
    expect(new Date(after.last_finished_at!).toISOString()).toBe('2026-12-02T08:01:00.000Z');
    // The last error stays with its time, older than the last (successful) run.
    expect(after.last_error).toBe(failed.last_error);
    expect(new Date(after.last_error_at!) < new Date(after.last_started_at!)).toBe(true);
    await job.stop();
  });

  it('a dead holder’s lease keeps others off until it runs out; then another instance takes the job over', async () => {
    const clock = new ManualClock('2026-12-02T08:00:00.000Z');
    // An instance took the lease for 60 s and died mid-tick (no renewal, no release).
    expect(
      await takeJobLease(handle.db, 'takeover', 'dead-instance', clock.now(), new Date(clock.now().getTime() + 60_000)),
    ).toBe(true);
    let calls = 0;
    const job = runner(clock, { instanceId: 'instance-b' }).add({
      name: 'takeover',
      everyMs: 10_000,
      async tick() {
        calls++;
      },
    });
    await job.idle();
    for (let i = 0; i < 5; i++) {
      await clock.advanceTimersMs(10_000); // 08:00:10 ... 08:00:50: still the dead holder's
      await job.idle();
    }
    expect(calls).toBe(0);
    expect(await job.runNow()).toBeNull();
    expect((await leaseRow('takeover')).holder).toBe('dead-instance');

    await clock.advanceTimersMs(10_001); // 08:01:00.001: run out
    await job.idle();
    expect(calls).toBe(1);
    const row = await leaseRow('takeover');
    expect(row.holder).toBeNull();
    expect(new Date(row.last_started_at!).toISOString()).toBe('2026-12-02T08:01:00.001Z');
    await job.stop();
  });

  it('a holder that stalled past its lease loses it: its renewal finds another holder and its tick is told to stop', async () => {
    // Two instances whose clocks agree; the first one's process stalls (its clock's timers do not fire).
    const clockA = new ManualClock('2026-12-02T08:00:00.000Z');
    const clockB = new ManualClock('2026-12-02T08:00:00.000Z');
    const lines: Line[] = [];
    const entered = gate();
    let outcome = 'running';
    const a = runner(clockA, { instanceId: 'stalled', lines }).add({
      name: 'stall',
      everyMs: 600_000,
      leaseMs: 3000,
      tick: ({ signal }) =>
        new Promise<void>((resolve) => {
          entered.open();
          signal.addEventListener('abort', () => {
            outcome = 'told to stop';
            resolve();
          });
        }),
    });
    await entered.promise;
    const b = runner(clockB, { instanceId: 'successor' }).add({
      name: 'stall',
      everyMs: 600_000,
      leaseMs: 3000,
      autoStart: false,
      tick: async () => 'ran',
    });
    expect(await b.runNow()).toBeNull(); // held, and not run out
    clockB.advanceMs(3001);
    expect(await b.runNow()).toBe('ran');

    await clockA.advanceTimersMs(3001); // the stalled one wakes: its renewal is refused
    await a.idle();
    expect(outcome).toBe('told to stop');
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toContain(
      'warn job stall: lease lost to another instance; stopping this tick',
    );
    await Promise.all([a.stop(), b.stop()]);
  });

  it("`whenBusy: 'again'` runs once more after a tick that a wake-up interrupted; `spacing: 'end'` counts from the end", async () => {
    const clock = new ManualClock('2026-12-02T08:00:00.000Z');
    const release = gate();
    const entered = gate();
    const starts: string[] = [];
    const job = runner(clock).add({
      name: 'again',
      everyMs: 1000,
      whenBusy: 'again',
      spacing: 'end',
      async tick() {
        starts.push(clock.now().toISOString());
        if (starts.length === 1) {
          entered.open();
          await release.promise;
        }
      },
    });
    await entered.promise;
    job.trigger();
    job.trigger(); // coalesced with the first
    clock.advanceMs(5000); // the tick took 5 s; no timer is armed while it runs
    release.open();
    await job.idle(); // the start tick, then the one asked for during it
    await job.idle();
    expect(starts).toEqual(['2026-12-02T08:00:00.000Z', '2026-12-02T08:00:05.000Z']);
    await clock.advanceTimersMs(999);
    await job.idle();
    expect(starts).toHaveLength(2);
    await clock.advanceTimersMs(1);
    await job.idle();
    expect(starts).toEqual(['2026-12-02T08:00:00.000Z', '2026-12-02T08:00:05.000Z', '2026-12-02T08:00:06.000Z']);
    await job.stop();
  });
});
