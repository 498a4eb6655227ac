import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludedFrom, PLACEMENT, placementOf } from '../../test/placement.ts';

const TEST_DIR = path.resolve(import.meta.dirname, '../../test');
const integrationFiles = (fs.readdirSync(TEST_DIR, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const source = (file: string) => fs.readFileSync(path.join(TEST_DIR, file), 'utf8');

describe('integration test placement (test/placement.ts)', () => {
  it('names only files that exist, and no *.pg.test.ts (those always run on PostgreSQL)', () => {
    const listed = Object.keys(PLACEMENT);
    expect(listed.filter((f) => !integrationFiles.includes(f))).toEqual([]);
    expect(listed.filter((f) => f.endsWith('.pg.test.ts'))).toEqual([]);
  });

  it('places every integration file (an unplaced one runs on both meanwhile: add its line, with why)', () => {
    const unplaced = integrationFiles.filter((f) => !f.endsWith('.pg.test.ts') && !(f in PLACEMENT));
    expect(unplaced, 'add these to packages/server/test/placement.ts').toEqual([]);
    expect(placementOf('a-new-file.test.ts')).toBe('both');
    expect(placementOf('a-new-race.pg.test.ts')).toBe('pg');
  });

  it('runs every file on at least one engine, and the PGlite-only ones where PostgreSQL would skip them', () => {
    const offPg = new Set(excludedFrom('pg'));
    const offPglite = new Set(excludedFrom('pglite'));
    for (const f of integrationFiles) {
      const p = `packages/server/test/${f}`;
      const onPglite = !f.endsWith('.pg.test.ts') && !offPglite.has(p);
      expect(onPglite || !offPg.has(p), `${f} runs nowhere`).toBe(true);
    }
    // A file that skips itself on PostgreSQL would run nowhere if it were placed there.
    const skipsOnPg = integrationFiles.filter((f) => /skipIf\(testDbKind\(\) === 'pg'\)/.test(source(f)));
    expect(skipsOnPg.length).toBeGreaterThan(0);
    for (const f of skipsOnPg) expect(placementOf(f), f).toBe('pglite');
  });

  it('keeps on both engines every file that checks something per engine (it asks testDbKind)', () => {
    const perEngine = integrationFiles.filter(
      (f) =>
        !f.endsWith('.pg.test.ts') &&
        /testDbKind\(\)/.test(source(f)) &&
        !/skipIf\(testDbKind\(\) === 'pg'\)/.test(source(f)),
    );
    expect(perEngine.length).toBeGreaterThan(0);
    for (const f of perEngine) expect(placementOf(f), f).toBe('both');
  });
});
