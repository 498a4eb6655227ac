import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDb } from '../src/test/test-db.ts';

describe('GET /readyz', () => {
  it('is 200 while the database answers and 503 (with a JSON reason) once it is closed', async () => {
    const handle = await createTestDb();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db: handle, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await handle.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, err: 'The database is not answering.' });
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 within 1 s while the database cannot take its query (its only connection is busy)', async () => {
    const handle = await createTestDb({ pool: { max: 1 } });
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db: handle, logger: false });
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const busy = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await new Promise<void>((r) => (release = r));
    });
    try {
      await held;
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(performance.now() - start).toBeLessThan(1000);
      expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
      release();
      await busy;
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      release?.();
      await busy.catch(() => {});
      await app.close();
      await handle.close();
    }
  });
});
