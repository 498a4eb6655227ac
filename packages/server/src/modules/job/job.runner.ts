// The one runner for background work (#29, STYLE.md habit 26): payouts, account statements, mail, data exports,
// the session purge, deposit report expiry and the Bitcoin watcher each declare a name, an interval and a tick.
//
// - One tick at a time per job on an instance: a wake-up during a tick is skipped (or, for `whenBusy: 'again'`,
//   makes one more tick right after it).
// - One tick at a time per job across instances: a tick first takes the job's lease in `job_leases` (one guarded
//   statement), renews it while it runs and frees it when it ends. A holder that died leaves a lease that runs out
//   after `leaseMs`; then another instance takes over. The work's own unique keys (payout periods, statements,
//   outbox claims, outpoints) still decide exactly once: the lease only keeps instances from racing for it.
// - A failing tick is logged and recorded (its error, with secrets taken out) and the job goes on at its next
//   wake-up. stop() clears the timers, asks the running tick to stop (ctx.signal) and waits for it.
// - Time and timers come from the injected clock, so tests move time instead of waiting.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../deps.ts';
import type { LineLogger } from '../../lib/line-logger.ts';
import { finishJobTick, renewJobLease, takeJobLease } from './job.repo.ts';

/** How long a lease lasts unless renewed (renewed every third of it while a tick runs). */
export const JOB_LEASE_MS = 60_000;
/** Characters of a tick's error kept in job_leases.last_error. */
const ERROR_MAX_CHARS = 500;

/** What a tick is given. */
export interface TickContext {
  /** Aborted when the runner stops or the lease was lost: a long tick checks it between pieces of work. */
  signal: AbortSignal;
}

/** A background job: what it is called, how often it wakes, and what one wake-up does. */
export interface JobSpec<R> {
  /** The lease's name in job_leases (one per kind of work, the same on every instance). */
  name: string;
  /** Milliseconds between wake-ups (from config). */
  everyMs: number;
  /**
   * `start` (default): a wake-up every everyMs, as setInterval does; `end`: everyMs after the last tick ended, as a
   * chain of setTimeout does.
   */
  spacing?: 'start' | 'end';
  /** A wake-up (or trigger) during a tick: `skip` it (default), or run `again` once right after the tick. */
  whenBusy?: 'skip' | 'again';
  /** false: no timer and no tick at start (runNow and trigger still run it). Default true. */
  autoStart?: boolean;
  /** Default JOB_LEASE_MS. */
  leaseMs?: number;
  tick(ctx: TickContext): Promise<R>;
  /** After stop, once the last tick has ended (close a transport, give up a lease of its own). */
  onStop?(): Promise<void> | void;
}

/** A job the runner holds. */
export interface Job<R> {
  readonly name: string;
  /**
   * Runs one tick now on this instance, after the one in flight if any; resolves with its result, or null when it
   * did not run (another instance holds the lease, or the job is stopped). Rejects when the tick throws.
   */
  runNow(): Promise<R | null>;
  /** Asks for a tick soon (with `whenBusy: 'again'`, one after the running tick). */
  trigger(): void;
  /** Resolves once no tick of this job is running on this instance (tests await a wake-up's tick with it). */
  idle(): Promise<void>;
  /** Clears its timer, asks the running tick to stop and waits for it; then onStop. */
  stop(): Promise<void>;
}

export interface JobRunner {
  /** This instance's name in the leases it holds. */
  readonly instanceId: string;
  /** Starts a job (a tick now unless autoStart is false, then at every wake-up). */
  add<R>(spec: JobSpec<R>): Job<R>;
  /** Stops every job and waits for their running ticks. */
  stop(): Promise<void>;
}

export type JobRunnerDeps = Pick<AppDeps, 'db' | 'clock'> & {
  log: LineLogger;
  /** Values never written to job_leases.last_error (DATABASE_URL, SMTP_URL, APP_SECRET...): see configSecrets. */
  secrets?: readonly string[];
  instanceId?: string;
};

/** The secret values of the configuration, and the passwords inside its URLs, for `secrets`. */
export function configSecrets(config: Partial<Record<'DATABASE_URL' | 'SMTP_URL' | 'APP_SECRET', string>>): string[] {
  const out: string[] = [];
  for (const value of [config.DATABASE_URL, config.SMTP_URL, config.APP_SECRET]) {
    if (!value) continue;
    out.push(value);
    try {
      const password = new URL(value).password;
      if (password) out.push(password, decodeURIComponent(password));
    } catch {
      // Not a URL (APP_SECRET): the value itself is enough.
    }
  }
  return out;
}

/** `text` without any of `secrets`. */
function redact(text: string, secrets: readonly string[]): string {
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (s.length >= 4) text = text.split(s).join('[redacted]');
  }
  return text;
}

/** A tick's error as recorded: its message without any of `secrets`, at most ERROR_MAX_CHARS characters. */
export function describeTickError(err: unknown, secrets: readonly string[]): string {
  return redact(err instanceof Error ? err.message || err.name : String(err), secrets).slice(0, ERROR_MAX_CHARS);
}

/** A runner for this instance (main.ts makes one; a test makes one per simulated instance). */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { db, clock, log } = deps;
  const secrets = deps.secrets ?? [];
  const instanceId = deps.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const jobs = new Set<Job<unknown>>();

  function add<R>(spec: JobSpec<R>): Job<R> {
    const leaseMs = spec.leaseMs ?? JOB_LEASE_MS;
    const spacing = spec.spacing ?? 'start';
    let running: Promise<R | null> | null = null;
    let again = false;
    let stopped = false;
    let stopping: Promise<void> | null = null;
    let cancelTimer: (() => void) | null = null;
    const stop = new AbortController();

    /** One tick through the lease: null when another instance holds it. */
    const leasedTick = async (): Promise<R | null> => {
      const startedAt = clock.now();
      let taken: boolean;
      try {
        taken = await takeJobLease(db, spec.name, instanceId, startedAt, new Date(startedAt.getTime() + leaseMs));
      } catch (err) {
        log.error(
          { job: spec.name, error: describeTickError(err, secrets) },
          `job ${spec.name}: could not take its lease; it tries again at the next wake-up`,
        );
        throw err;
      }
      if (!taken) return null;
      const tickAbort = new AbortController();
      const onStop = () => tickAbort.abort();
      stop.signal.addEventListener('abort', onStop);
      if (stop.signal.aborted) tickAbort.abort();
      const lease = { ticking: true, cancel: null as (() => void) | null };
      const renewSoon = () => {
        lease.cancel = clock.setTimer(() => {
          if (!lease.ticking) return;
          void renewJobLease(db, spec.name, instanceId, new Date(clock.now().getTime() + leaseMs)).then(
            (held) => {
              if (!lease.ticking) return;
              if (held) return renewSoon();
              log.warn({ job: spec.name }, `job ${spec.name}: lease lost to another instance; stopping this tick`);
              tickAbort.abort();
            },
            (err: unknown) => {
              log.warn({ job: spec.name, err: describeTickError(err, secrets) }, `job ${spec.name}: lease not renewed`);
              if (lease.ticking) renewSoon();
            },
          );
        }, leaseMs / 3);
      };
      renewSoon();
      let error: string | null = null;
      try {
        return await spec.tick({ signal: tickAbort.signal });
      } catch (err) {
        error = describeTickError(err, secrets);
        // The message and stack without secrets (a pino `err` would log the raw message).
        const stack = err instanceof Error && err.stack ? redact(err.stack, secrets) : undefined;
        log.error(
          { job: spec.name, error, stack },
          `job ${spec.name}: tick failed (${error}); it runs again at the next wake-up`,
        );
        throw err;
      } finally {
        lease.ticking = false;
        lease.cancel?.();
        stop.signal.removeEventListener('abort', onStop);
        await finishJobTick(db, spec.name, instanceId, clock.now(), error).catch((err: unknown) =>
          log.warn(
            { job: spec.name, err: describeTickError(err, secrets) },
            `job ${spec.name}: could not record the end of a tick`,
          ),
        );
      }
    };

    /** Starts a tick now (synchronously marks it running, so stop() waits for it). */
    const begin = (): Promise<R | null> => {
      const current = leasedTick().finally(() => {
        if (running === current) running = null;
        if (again && !stopped) {
          again = false;
          void begin().catch(() => undefined);
        } else if (spacing === 'end' && !stopped && spec.autoStart !== false && running === null) arm();
      });
      running = current;
      return current;
    };

    const wake = () => {
      if (stopped) return;
      if (running) {
        if (spec.whenBusy === 'again') again = true;
        return;
      }
      void begin().catch(() => undefined);
    };

    function arm(): void {
      cancelTimer?.();
      cancelTimer = clock.setTimer(() => {
        cancelTimer = null;
        if (stopped) return;
        if (spacing === 'start') arm();
        wake();
      }, spec.everyMs);
    }

    const job: Job<R> = {
      name: spec.name,
      async runNow() {
        while (running) await running.catch(() => undefined);
        if (stopped) return null;
        return begin();
      },
      trigger: wake,
      async idle() {
        while (running) await running.catch(() => undefined);
      },
      stop() {
        stopping ??= (async () => {
          stopped = true;
          cancelTimer?.();
          cancelTimer = null;
          stop.abort();
          while (running) await running.catch(() => undefined);
          jobs.delete(job as Job<unknown>);
          await spec.onStop?.();
        })();
        return stopping;
      },
    };
    jobs.add(job as Job<unknown>);
    if (spec.autoStart !== false) {
      if (spacing === 'start') arm();
      wake();
    }
    return job;
  }

  return {
    instanceId,
    add,
    async stop() {
      await Promise.all([...jobs].map((j) => j.stop()));
    },
  };
}

/** The runner a job joins: the app's (main.ts passes it) or, without one, a runner of its own (tests, benchmarks). */
export function runnerFor(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & { log: LineLogger },
  jobs?: JobRunner,
): JobRunner {
  return (
    jobs ?? createJobRunner({ db: deps.db, clock: deps.clock, log: deps.log, secrets: configSecrets(deps.config) })
  );
}
