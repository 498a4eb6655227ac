import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/create-db.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { platformAccountId } from '../src/modules/money/money.journal.repo.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { toBitcoinDeposit } from '../src/modules/bitcoin/bitcoin.service.ts';
import { createEmptyTestDatabase, testDbKind } from '../src/test/test-db.ts';

// #30: Bitcoin deposits are credited as BTC from now on; a deposit credited in dollars before stays as it was. The
// schema is built up to the migration before, a USD-credited Bitcoin deposit is written as the code of then wrote
// it (its deposits row, its chain row with the price, its USD movement from the chain to the member), and upgraded.
const NAME = '2026_12_03_0900_bitcoin_credited_as_btc_bb30';

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

  it('keeps a deposit credited in dollars as it was (amount, price, movement, balance); a waiting one has no credit yet', async () => {
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const member = randomUUID();
    await sql`insert into users (id, first_name, last_name, country, city, email, password_hash, account_type, referral_code)
      values (${member}, 'Old', 'Member', 'Portugal', 'Lisbon', ${`${member}@example.com`}, 'not-a-hash', 'user',
        ${member.slice(0, 10).toUpperCase()})`.execute(handle.db);
    const credited = randomUUID();
    const waiting = randomUUID();
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into deposits (id, user_id, amount_cents, reference, status, idempotency_key, created_at,
          reviewed_at, method)
        values (${credited}, ${member}, 13500, ${`${'b'.repeat(64)}:3`}, 'confirmed', ${`bitcoin:${'b'.repeat(64)}:3`},
          '2026-11-28T11:00:00Z', '2026-11-28T12:00:00Z', 'bitcoin'),
          (${waiting}, ${member}, 0, ${`${'a'.repeat(64)}:0`}, 'seen', ${`bitcoin:${'a'.repeat(64)}:0`},
          '2026-11-28T11:30:00Z', null, 'bitcoin')`.execute(trx);
      await sql`insert into bitcoin_deposits (deposit_id, txid, vout, sats, address, block_height, block_hash,
          price_cents, price_at)
        values (${credited}, ${'b'.repeat(64)}, 3, 150000, 'bc1qaddress', 812, 'hash812', 9000000, '2026-11-28T11:59:00Z'),
          (${waiting}, ${'a'.repeat(64)}, 0, 70000, 'bc1qaddress', null, null, null, null)`.execute(trx);
      const movement = randomUUID();
      await sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, actor_id, memo, created_at)
        values (${movement}, 'USD', 'deposit', 'deposit', ${credited}, null,
          'Bitcoin deposit: 0.00150000 BTC (150000 sats) at $90,000.00 per BTC', '2026-11-28T12:00:00Z')`.execute(trx);
      await sql`insert into ledger_postings (id, movement_id, account_id, asset, amount) values
        (${randomUUID()}, ${movement}, ${platformAccountId('chain', 'USD')}::uuid, 'USD', -13500),
        (${randomUUID()}, ${movement},
          (select id from ledger_accounts where user_id = ${member} and kind = 'available' and asset = 'USD'), 'USD', 13500)`.execute(
        trx,
      );
    });
    const journalBefore =
      await sql`select m.asset, m.kind, m.memo, p.amount::text as amount, p.balance_after::text as after
      from ledger_movements m join ledger_postings p on p.movement_id = m.id where m.ref_id = ${credited} order by p.amount`.execute(
        handle.db,
      );

    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const rows = await handle.db
      .selectFrom('deposits')
      .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
      .selectAll()
      .where('deposits.user_id', '=', member)
      .orderBy('deposits.created_at')
      .execute();
    expect(
      rows.map((r) => [r.id, r.status, Number(r.amount_cents), r.credited_asset, r.value_cents, r.price_cents]),
    ).toEqual([
      [credited, 'confirmed', 13_500, 'USD', null, 9_000_000],
      [waiting, 'seen', 0, null, null, null],
    ]);
    // The movement and the member's dollars are the same rows as before.
    const journalAfter =
      await sql`select m.asset, m.kind, m.memo, p.amount::text as amount, p.balance_after::text as after
      from ledger_movements m join ledger_postings p on p.movement_id = m.id where m.ref_id = ${credited} order by p.amount`.execute(
        handle.db,
      );
    expect(journalAfter.rows).toEqual(journalBefore.rows);
    const usd = await sql<{ balance: string }>`select balance::text as balance from ledger_accounts
      where user_id = ${member} and kind = 'available' and asset = 'USD'`.execute(handle.db);
    expect(usd.rows[0]!.balance).toBe('13500');
    // As deposit.list shows it: credited in dollars, $135.00 at $90,000.
    const wire = toBitcoinDeposit(rows[0]!, { ...rows[0]!, method: 'bitcoin' }, 'old@example.com', 813, 2);
    expect(wire).toMatchObject({ status: 'confirmed', credited: 'USD', amount: 135, valueUsd: null, price: 90_000 });
    expect(toBitcoinDeposit(rows[1]!, { ...rows[1]!, method: 'bitcoin' }, 'old@example.com', 813, 2)).toMatchObject({
      status: 'seen',
      credited: null,
      amount: null,
    });
    expect(await verifyLedger(handle.db)).toMatchObject({ ok: true, platform: { ok: true } });

    // A confirmed Bitcoin deposit may now credit no dollars (a credit as BTC).
    await expect(
      sql`update deposits set amount_cents = 0 where id = ${credited}`.execute(handle.db).then(() => 'ok'),
    ).resolves.toBe('ok');
    await sql`update deposits set amount_cents = 13500 where id = ${credited}`.execute(handle.db);
  });

  it('goes down while nothing was credited as BTC, and refuses once something was', async () => {
    expect((await migrator().migrateTo(before)).error).toBeUndefined();
    const cols = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_name = 'bitcoin_deposits' and column_name in ('credited_asset', 'value_cents')`.execute(handle.db);
    expect(cols.rows).toEqual([]);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    await sql`update bitcoin_deposits set credited_asset = 'BTC' where credited_asset is null`.execute(handle.db);
    const down = await migrator().migrateTo(before);
    expect(String(down.error)).toMatch(/credited as BTC/);
  });
});
