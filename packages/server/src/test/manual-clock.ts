import type { Clock } from '../deps.ts';

interface PendingTimer {
  at: number;
  fn: () => void;
}

/** A clock tests move by hand (only tests and the browser-test server use it; `pnpm start` cannot). */
export class ManualClock implements Clock {
  private current: Date;
  private timers: PendingTimer[] = [];
  private firing = false;
  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  /**
   * A timer on this clock: it falls due when the clock is moved to or past its time (never by waiting), and is then
   * called on the next turn of the event loop, as a real timer would be (never inside set() or advanceMs()).
   */
  setTimer(fn: () => void, ms: number): () => void {
    const timer: PendingTimer = { at: this.current.getTime() + Math.max(0, ms), fn };
    this.timers.push(timer);
    this.fireDueSoon();
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
  /** Moves to an absolute time (never backwards: payouts and expiries only look forward). */
  set(to: Date | string): void {
    const next = new Date(to);
    if (next < this.current) throw new Error(`ManualClock cannot go back from ${this.current.toISOString()}`);
    this.current = next;
    this.fireDueSoon();
  }
  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
    this.fireDueSoon();
  }
  advanceDays(days: number): void {
    this.advanceMs(days * 86_400_000);
  }
  /** Moves time by `ms` and resolves once every timer that fell due has been called (in the order of their times). */
  async advanceTimersMs(ms: number): Promise<void> {
    this.advanceMs(ms);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private fireDueSoon(): void {
    if (this.firing || !this.timers.some((t) => t.at <= this.current.getTime())) return;
    this.firing = true;
    setImmediate(() => {
      this.firing = false;
      const now = this.current.getTime();
      const due = this.timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
      this.timers = this.timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    });
  }
}
