import { describe, expect, it } from 'vitest';
import { formatProjectTimes } from './test-times.ts';

describe('test-times reporter', () => {
  it("prints each project's wall time, summed file time and counts, slowest first", () => {
    const lines = formatProjectTimes(
      new Map([
        [
          'unit',
          { start: 0, end: 4_000, fileMs: 7_500, files: 3, tests: { passed: 9, failed: 0, skipped: 0, pending: 0 } },
        ],
        [
          'browser',
          {
            start: 1_000,
            end: 301_000,
            fileMs: 290_000,
            files: 20,
            tests: { passed: 80, failed: 1, skipped: 2, pending: 0 },
          },
        ],
      ]),
      305_000,
    );
    expect(lines).toEqual([
      'Project times (run 305.0 s):',
      '  browser  wall  300.0 s  files summed  290.0 s  20 files, 80 passed, 1 failed, 2 skipped',
      '  unit     wall    4.0 s  files summed    7.5 s  3 files, 9 passed, 0 failed, 0 skipped',
    ]);
  });
});
