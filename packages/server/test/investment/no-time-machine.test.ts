import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { appRouter } from '../../src/trpc/router.ts';

// Payouts are due by the injected clock, so a clock that can be moved would be a money printer. Tests move
// one; the app `pnpm start` runs cannot: it is built without a clock (the system clock), nothing outside the
// test helpers knows the ManualClock, and no route or procedure sets the time.

const srcDir = path.resolve(import.meta.dirname, '../../src');

/** Every .ts file under `dir`, recursively. */
function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('no time machine in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Built the way main.ts builds it: no clock given.
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('an app built without a clock runs on the system clock', () => {
    expect(t.app.deps.clock).toBe(systemClock);
    const before = Date.now();
    const now = t.app.deps.clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('main.ts (what `pnpm start` runs) passes no clock and knows no ManualClock', () => {
    const serverPkg = JSON.parse(fs.readFileSync(path.resolve(srcDir, '../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // pnpm start runs the compiled main.ts (packages/server/scripts/build.ts bundles src/main.ts to dist/main.js).
    expect(serverPkg.scripts.start).toBe('node dist/main.js');
    const build = fs.readFileSync(path.resolve(srcDir, '../scripts/build.ts'), 'utf8');
    expect(build).toMatch(/main: path\.join\(SERVER, 'src\/main\.ts'\)/);
    const main = fs.readFileSync(path.join(srcDir, 'main.ts'), 'utf8');
    expect(main).toMatch(/buildApp\(\{\s*config,\s*db: handle\b/);
    expect(main).not.toMatch(/\bclock\s*:/);
    expect(main).not.toMatch(/ManualClock|manual-clock/);
  });

  it('no production source imports the ManualClock (only src/test/ may)', () => {
    const users = tsFiles(srcDir)
      .filter((f) => !f.startsWith(path.join(srcDir, 'test') + path.sep) && !f.endsWith('.test.ts'))
      .filter((f) => /ManualClock|manual-clock/.test(fs.readFileSync(f, 'utf8')));
    expect(users.map((f) => path.relative(srcDir, f))).toEqual([]);
  });

  it('no procedure or route sets the time', async () => {
    const procedures = Object.keys(appRouter._def.procedures as Record<string, unknown>);
    expect(procedures.length).toBeGreaterThan(30);
    expect(procedures.filter((p) => /clock|time/i.test(p))).toEqual([]);

    const attempts = [
      ['POST', '/trpc/clock.set'],
      ['POST', '/trpc/clock.advance'],
      ['POST', '/trpc/admin.setClock'],
      ['POST', '/trpc/time.set'],
      ['POST', '/trpc/test.setClock'],
      ['GET', '/trpc/clock.now'],
      ['POST', '/api/v1/clock'],
      ['POST', '/api/v1/time'],
      ['POST', '/api/clock'],
      ['POST', '/__clock'],
      ['POST', '/__test/clock'],
      ['POST', '/test/clock'],
    ] as const;
    for (const [method, url] of attempts) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? JSON.stringify({ to: '2100-01-01T00:00:00Z', days: 36_500 }) : undefined,
      });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 120)}`).toBe(404);
    }
    // And the clock did not move.
    expect(Math.abs(t.app.deps.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
