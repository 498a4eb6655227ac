import { describe, expect, it } from 'vitest';
import { spawnNode } from './fault-helpers.ts';

// The process's one shutdown path (close-with-grace, src/lib/shutdown.ts), in a child process: an unhandled
// rejection or an uncaught exception is logged (through the app's logger, with its stack) and shuts down
// gracefully, never a silent death; a shutdown that cannot finish is ended at its deadline, saying so.
async function run(fault: string, deadlineMs = 10_000) {
  const child = spawnNode('test/faults/fixtures/shutdown-fixture.ts', {
    FIXTURE_FAULT: fault,
    FIXTURE_DEADLINE_MS: String(deadlineMs),
  });
  const exit = await child.exited;
  return { ...child, exit };
}

describe('graceful shutdown wiring', () => {
  it.each([
    ['unhandled-rejection', 'drill: a promise nobody handles'],
    ['uncaught-exception', 'drill: an exception nobody catches'],
  ])('%s: logged as an error with its stack, then a graceful close, exit 1', async (fault, message) => {
    const { lines, exit } = await run(fault);
    const logged = lines.find((l) => l.msg === 'uncaught exception or unhandled rejection: shutting down');
    expect(logged, JSON.stringify(lines)).toBeDefined();
    expect(logged!.level).toBe(50);
    expect((logged!.err as { message: string; stack: string }).message).toBe(message);
    expect((logged!.err as { stack: string }).stack).toContain('shutdown-fixture.ts');
    const msgs = lines.map((l) => l.msg);
    // Ordered by the lines' own timestamps: the child's stdout and stderr arrive through two pipes, so the order
    // they are read in is not the order they were written in.
    const closed = lines.find((l) => l.msg === 'fixture: closed');
    expect(closed, JSON.stringify(lines)).toBeDefined();
    expect(Number(closed!.time)).toBeGreaterThanOrEqual(Number(logged!.time));
    expect(msgs).toContain('shut down cleanly');
    expect(exit).toMatchObject({ code: 1, signal: null });
  });

  it('a shutdown that does not finish by its deadline ends the process with exit 1 and says why', async () => {
    const started = performance.now();
    const { lines, exit } = await run('hang', 500);
    expect(lines.map((l) => l.msg)).toContain('shutdown did not finish within 500 ms; exiting now');
    expect(lines.map((l) => l.msg)).not.toContain('fixture: closed');
    expect(exit).toMatchObject({ code: 1, signal: null });
    // Generous: the child's own start-up (tsx) is most of this.
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
