/**
 * Vitest reporter (vitest.config.ts, beside the default one): at the end of a run, each project's wall time
 * (its first file's start to its last file's end), the files' summed time, and its files and tests. The
 * projects overlap (they share the workers), so the wall times do not add up to the run's duration.
 */
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  start: number;
  end: number;
  fileMs: number;
  files: number;
  tests: Record<'passed' | 'failed' | 'skipped' | 'pending', number>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Lines of the summary, one per project, slowest first (exported for its test). */
export function formatProjectTimes(times: ReadonlyMap<string, ProjectTimes>, runMs: number): string[] {
  const rows = [...times.entries()].sort((a, b) => b[1].end - b[1].start - (a[1].end - a[1].start));
  const width = Math.max(...rows.map(([name]) => name.length), 7);
  return [
    `Project times (run ${seconds(runMs)}):`,
    ...rows.map(
      ([name, t]) =>
        `  ${name.padEnd(width)}  wall ${seconds(t.end - t.start).padStart(8)}  files summed ${seconds(t.fileMs).padStart(8)}` +
        `  ${t.files} files, ${t.tests.passed} passed, ${t.tests.failed} failed, ${t.tests.skipped} skipped`,
    ),
  ];
}

export default class TestTimesReporter implements Reporter {
  private readonly times = new Map<string, ProjectTimes>();
  private runStart = Date.now();

  onTestRunStart(): void {
    this.runStart = Date.now();
    this.times.clear();
  }

  private of(module: TestModule): ProjectTimes {
    const name = module.project.name || '(root)';
    let t = this.times.get(name);
    if (!t) {
      const now = Date.now();
      t = { start: now, end: now, fileMs: 0, files: 0, tests: { passed: 0, failed: 0, skipped: 0, pending: 0 } };
      this.times.set(name, t);
    }
    return t;
  }

  onTestModuleStart(module: TestModule): void {
    this.of(module);
  }

  onTestModuleEnd(module: TestModule): void {
    const t = this.of(module);
    t.end = Date.now();
    t.files += 1;
    t.fileMs += module.diagnostic().duration;
    for (const test of module.children.allTests()) t.tests[test.result().state] += 1;
  }

  onTestRunEnd(): void {
    if (this.times.size === 0) return;
    process.stdout.write(`\n${formatProjectTimes(this.times, Date.now() - this.runStart).join('\n')}\n`);
  }
}
