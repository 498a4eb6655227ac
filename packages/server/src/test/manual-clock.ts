import type { Clock } from '../deps.ts';

/** A clock tests move by hand (only tests and the browser-test server use it; `pnpm start` cannot). */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  /** Moves to an absolute time (never backwards: payouts and expiries only look forward). */
  set(to: Date | string): void {
    const next = new Date(to);
    if (next < this.current) throw new Error(`ManualClock cannot go back from ${this.current.toISOString()}`);
    this.current = next;
  }
  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  advanceDays(days: number): void {
    this.advanceMs(days * 86_400_000);
  }
}
