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
});
