import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled-query.ts';
import type { DbHandle } from '../src/db/create-db.ts';
import { createTestDb } from '../src/test/test-db.ts';
import { insertUser } from '../src/test/factories.ts';

describe('compiledOnce: a query compiled once, run with each call its own values', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('each call gets the rows for its values; the constants the builder made parameters stay', async () => {
    const a = await insertUser(handle.db);
    const b = await insertUser(handle.db);
    await handle.db.updateTable('users').set({ version: 100 }).where('id', '=', a.id).execute();
    await handle.db.updateTable('users').set({ version: 200 }).where('id', '=', b.id).execute();
    const byEmail = compiledOnce(2, (db, email: string, min: number) =>
      db
        .selectFrom('users')
        .select(['id', 'version'])
        .where('email', '=', email)
        .where('version', '>=', min)
        .where('account_type', '!=', 'admin'),
    );
    expect(await byEmail(handle.db, a.email, 0)).toEqual([{ id: a.id, version: 100 }]);
    expect(await byEmail(handle.db, b.email, 0)).toEqual([{ id: b.id, version: 200 }]);
    expect(await byEmail(handle.db, b.email, 201)).toEqual([]);
    // A transaction runs it on its own connection, and sees its own writes.
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ version: 300 }).where('id', '=', a.id).execute();
      expect(await byEmail(trx, a.email, 250)).toEqual([{ id: a.id, version: 300 }]);
    });
  });

  it('refuses a builder that does not use each parameter exactly once', async () => {
    const unused = compiledOnce(1, (db, _email: string) => db.selectFrom('users').select('id'));
    await expect(unused(handle.db, 'x@example.com')).rejects.toThrow(/parameter 0 appears 0 times/);
  });
});
