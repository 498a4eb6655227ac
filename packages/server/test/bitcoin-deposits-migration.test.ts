import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createEmptyTestDatabase, testDbKind } from '../src/test/test-db.ts';

// The migration itself is under test, so this builds the schema up to the one before it, on the project's engine
// (an empty database on the PostgreSQL server, or an in-memory PGlite), writes deposits the old way and upgrades.
const NAME = '2026_12_02_1725_split_bitcoin_deposits_bd29';

describe(`migration ${NAME}`, () => {
  let handle: DbHandle;
  let drop = async () => {};
  const migrator = () => new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const before = Object.keys(migrations)
    .sort()
    .filter((n) => n < NAME)
    .at(-1)!;
  beforeAll(async () => {
    if (testDbKind() === 'pg') {
      const empty = await createEmptyTestDatabase();
      drop = empty.drop;
      handle = await createDb({ databaseUrl: empty.url });
    } else {
      handle = await createDb({ dataDir: 'memory' });
    }
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e as { code?: string; message: string },
    );
    expect(err).not.toBeNull();
    return err!;
  };

  // A user row as the previous schema holds it (the factories read the journal, which comes later).
  const oldUser = async (accountType: 'user' | 'admin') => {
    const id = randomUUID();
    await sql`insert into users (id, first_name, last_name, country, city, email, password_hash, account_type, referral_code)
      values (${id}, 'Test', 'User', 'Portugal', 'Lisbon', ${`${id}@example.com`}, 'not-a-hash', ${accountType},
        ${id.slice(0, 10).toUpperCase()})`.execute(handle.db);
    return { id };
  };

  it("keeps every Bitcoin deposit's values, drops the old columns, and the database pairs the two rows", async () => {
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const member = await oldUser('user');
    const admin = await oldUser('admin');
    const bank = randomUUID();
    await sql`insert into deposits (id, user_id, amount_cents, reference, status, idempotency_key, created_at)
      values (${bank}, ${member.id}, 5000, 'VS1', 'pending', 'bank-key-1', '2026-11-28T10:00:00Z')`.execute(handle.db);
    const old = [
      // In the mempool: no block, no price.
      { id: randomUUID(), status: 'seen', cents: 0, txid: 'a'.repeat(64), vout: 0, sats: 150_000, height: null },
      // Credited: a block and the price it used.
      {
        id: randomUUID(),
        status: 'confirmed',
        cents: 13_500,
        txid: 'b'.repeat(64),
        vout: 3,
        sats: 150_000,
        height: 812,
      },
      // Held for an admin, who settled the amount.
      { id: randomUUID(), status: 'held', cents: 0, txid: 'c'.repeat(64), vout: 1, sats: 2_000_000, height: 815 },
    ];
    for (const d of old) {
      const confirmed = d.status === 'confirmed';
      await sql`insert into deposits (id, user_id, amount_cents, reference, status, idempotency_key, created_at,
          reviewed_at, method, btc_txid, btc_vout, btc_sats, btc_address, btc_block_height, btc_block_hash,
          btc_price_cents, btc_price_at, btc_review, btc_resolved_by)
        values (${d.id}, ${member.id}, ${d.cents}, ${`${d.txid}:${d.vout}`}, ${d.status},
          ${`bitcoin:${d.txid}:${d.vout}`}, '2026-11-28T11:00:00Z', ${confirmed ? '2026-11-28T12:00:00Z' : null},
          'bitcoin', ${d.txid}, ${d.vout}, ${d.sats}, 'bc1qaddress', ${d.height},
          ${d.height === null ? null : `hash${d.height}`}, ${confirmed ? 9_000_000 : null},
          ${confirmed ? '2026-11-28T11:59:00Z' : null}, ${d.status === 'held' ? 'the reads disagree' : null},
          ${d.status === 'held' ? admin.id : null})`.execute(handle.db);
    }

    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const chain = await handle.db.selectFrom('bitcoin_deposits').selectAll().orderBy('txid').execute();
    expect(chain).toEqual([
      {
        deposit_id: old[0]!.id,
        method: 'bitcoin',
        txid: 'a'.repeat(64),
        vout: 0,
        sats: 150_000,
        address: 'bc1qaddress',
        block_height: null,
        block_hash: null,
        price_cents: null,
        price_at: null,
        review: null,
        resolved_by: null,
        // #30 (bb30): what the credit was; a credit before is dollars, kept as it was.
        credited_asset: null,
        value_cents: null,
      },
      {
        deposit_id: old[1]!.id,
        method: 'bitcoin',
        txid: 'b'.repeat(64),
        vout: 3,
        sats: 150_000,
        address: 'bc1qaddress',
        block_height: 812,
        block_hash: 'hash812',
        price_cents: 9_000_000,
        price_at: new Date('2026-11-28T11:59:00Z'),
        review: null,
        resolved_by: null,
        // #30 (bb30): what the credit was; a credit before is dollars, kept as it was.
        credited_asset: 'USD',
        value_cents: null,
      },
      {
        deposit_id: old[2]!.id,
        method: 'bitcoin',
        txid: 'c'.repeat(64),
        vout: 1,
        sats: 2_000_000,
        address: 'bc1qaddress',
        block_height: 815,
        block_hash: 'hash815',
        price_cents: null,
        price_at: null,
        review: 'the reads disagree',
        resolved_by: admin.id,
        // #30 (bb30): what the credit was; a credit before is dollars, kept as it was.
        credited_asset: null,
        value_cents: null,
      },
    ]);
    // The deposits rows keep their shared columns and lose the chain ones.
    const rows = await sql<Record<string, unknown>>`select * from deposits order by created_at`.execute(handle.db);
    expect(rows.rows.map((r) => [r.id, r.method, r.status, Number(r.amount_cents)])).toEqual([
      [bank, 'bank', 'pending', 5000],
      [old[0]!.id, 'bitcoin', 'seen', 0],
      [old[1]!.id, 'bitcoin', 'confirmed', 13_500],
      [old[2]!.id, 'bitcoin', 'held', 0],
    ]);
    expect(Object.keys(rows.rows[0]!).filter((c) => c.startsWith('btc_'))).toEqual([]);

    // The database holds the pairing: a bank deposit has no chain row, a Bitcoin deposit has one (at commit),
    // an outpoint is one payment, and each method keeps its own statuses.
    const chainRow = (depositId: string, txid: string) =>
      sql`insert into bitcoin_deposits (deposit_id, txid, vout, sats, address)
        values (${depositId}, ${txid}, 0, 1000, 'bc1qother')`.execute(handle.db);
    expect((await refusal(chainRow(bank, 'd'.repeat(64)))).code).toBe('23503');
    const lone = randomUUID();
    const loneDeposit = sql`insert into deposits (id, user_id, amount_cents, reference, status, idempotency_key,
        method) values (${lone}, ${member.id}, 0, 'x', 'seen', ${`bitcoin:${'e'.repeat(64)}:0`}, 'bitcoin')`;
    expect((await refusal(loneDeposit.execute(handle.db))).message).toMatch(/has no bitcoin_deposits row/);
    await handle.db.transaction().execute(async (trx) => {
      await loneDeposit.execute(trx);
      await sql`insert into bitcoin_deposits (deposit_id, txid, vout, sats, address)
        values (${lone}, ${'e'.repeat(64)}, 0, 1000, 'bc1qother')`.execute(trx);
    });
    expect(
      (await refusal(sql`delete from bitcoin_deposits where deposit_id = ${lone}`.execute(handle.db))).message,
    ).toMatch(/has no bitcoin_deposits row/);
    const twin = randomUUID();
    const duplicate = handle.db.transaction().execute(async (trx) => {
      await sql`insert into deposits (id, user_id, amount_cents, reference, status, idempotency_key, method)
        values (${twin}, ${member.id}, 0, 'x', 'seen', 'twin-key-1', 'bitcoin')`.execute(trx);
      await sql`insert into bitcoin_deposits (deposit_id, txid, vout, sats, address)
        values (${twin}, ${'a'.repeat(64)}, 0, 1000, 'bc1qother')`.execute(trx);
    });
    expect((await refusal(duplicate)).message).toMatch(/bitcoin_deposits_outpoint_key/);
    const status = (id: string, s: string) =>
      sql`update deposits set status = ${s}, amount_cents = 100 where id = ${id}`.execute(handle.db);
    expect((await refusal(status(bank, 'seen'))).message).toMatch(/deposits_method_check/);
    expect((await refusal(status(lone, 'pending'))).message).toMatch(/deposits_method_check/);
    expect(
      (
        await refusal(
          sql`update deposits set method = 'bank', status = 'pending', amount_cents = 100 where id = ${lone}`.execute(
            handle.db,
          ),
        )
      ).code,
    ).toBe('23503');

    // Down puts the values back on the deposits rows.
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const back = await sql<{ id: string; btc_txid: string; btc_sats: number; btc_price_cents: number | null }>`
      select id, btc_txid, btc_sats, btc_price_cents, btc_resolved_by from deposits
      where method = 'bitcoin' order by btc_txid`.execute(handle.db);
    expect(back.rows.map((r) => [r.id, r.btc_txid, Number(r.btc_sats), r.btc_price_cents])).toEqual([
      [old[0]!.id, 'a'.repeat(64), 150_000, null],
      [old[1]!.id, 'b'.repeat(64), 150_000, 9_000_000],
      [old[2]!.id, 'c'.repeat(64), 2_000_000, null],
      [lone, 'e'.repeat(64), 1000, null],
    ]);
  });
});
