/** The one place time comes from: production reads the system clock, tests move their own. */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };
