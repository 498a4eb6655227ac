/** The one place time comes from: production reads the system clock, tests move their own. */
export interface Clock {
  now(): Date;
  /**
   * Calls `fn` once, `ms` from now by this clock; answers a function that cancels it. The background jobs'
   * timers come from here (lib/jobs.ts), so a test moves its clock instead of waiting.
   */
  setTimer(fn: () => void, ms: number): () => void;
}

/** The system clock; its timers never keep the process alive (unref'd). */
export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
