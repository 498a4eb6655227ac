import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../src/lib/errors.ts';
import { platformAccountId } from '../../src/modules/money/money.journal.repo.ts';
import { available, exchange, moveMoney, transfer } from '../../src/modules/money/money.move.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';

// The journal per asset (#29): what the database itself refuses and keeps, under the money core.
describe('the money journal: one double-entry ledger per asset', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  const at = new Date('2026-03-01T10:00:00Z');

  const balance = async (id: string) =>
    (
      await t.handle.db
        .selectFrom('ledger_accounts')
        .select(sql<string>`balance::text`.as('b'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).b;
  const memberAccount = async (userId: string, kind: string, asset: string) =>
    t.handle.db
      .selectFrom('ledger_accounts')
      .select(['id', sql<string>`balance::text`.as('balance')])
      .where('user_id', '=', userId)
      .where('kind', '=', kind as never)
      .where('asset', '=', asset)
      .executeTakeFirst();
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return { code: pgErrorCode(e), message: (e as Error).message };
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    member = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
  });
  afterAll(() => t.close());

  it('lists USD and the coins with their scales, and every member starts with their USD accounts', async () => {
    const assets = await t.handle.db
      .selectFrom('assets')
      .select(['code', 'scale', 'coin_id'])
      .orderBy('code')
      .execute();
    expect(assets).toEqual(
      expect.arrayContaining([
        { code: 'USD', scale: 2, coin_id: null },
        { code: 'BTC', scale: 8, coin_id: 'bitcoin' },
        { code: 'ETH', scale: 18, coin_id: 'ethereum' },
      ]),
    );
    const fresh = await insertUser(t.handle.db);
    const kinds = await t.handle.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'asset'])
      .where('user_id', '=', fresh.id)
      .orderBy('kind')
      .execute();
    expect(kinds).toEqual([
      { kind: 'available', asset: 'USD' },
      { kind: 'invested', asset: 'USD' },
      { kind: 'order_hold', asset: 'USD' },
      { kind: 'withdrawal_hold', asset: 'USD' },
    ]);
  });

  it("a movement's postings sum to zero: the money core refuses otherwise, and so does the database at commit", async () => {
    await expect(
      t.handle.db.transaction().execute((trx) =>
        moveMoney(trx, {
          kind: 'adjustment',
          legs: [
            { account: available(member.id), amount: 5n },
            { account: { kind: 'adjustments' }, amount: -4n },
          ],
          ref: { type: 'adjustment', id: randomUUID() },
          actorId: admin.id,
          memo: 'unbalanced',
          at,
        }),
      ),
    ).rejects.toThrow(/sum to 1, not zero/);
    // Written by hand, behind the money core's back: the deferred check refuses the whole transaction.
    const before = await balance(platformAccountId('suspense', 'USD'));
    const r = await refusal(
      t.handle.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, memo, created_at)
          values (${id}, 'USD', 'adjustment', 'adjustment', ${randomUUID()}, 'one leg', now())`.execute(trx);
        await sql`insert into ledger_postings (id, movement_id, account_id, asset, amount)
          values (${randomUUID()}, ${id}, ${platformAccountId('suspense', 'USD')}, 'USD', 700)`.execute(trx);
      }),
    );
    expect(r.code).toBe('23514');
    expect(r.message).toMatch(/unbalanced: 1 posting\(s\) summing to 700/);
    expect(await balance(platformAccountId('suspense', 'USD'))).toBe(before);
  });

  it("refuses a member's balance below zero in the database, whoever writes the posting", async () => {
    const account = (await memberAccount(member.id, 'available', 'USD'))!;
    const r = await refusal(
      t.handle.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, memo, created_at)
          values (${id}, 'USD', 'adjustment', 'adjustment', ${randomUUID()}, 'overdraft', now())`.execute(trx);
        await sql`insert into ledger_postings (id, movement_id, account_id, asset, amount)
          values (${randomUUID()}, ${id}, ${account.id}, 'USD', ${-(1_000_00 + 1)}),
                 (${randomUUID()}, ${id}, ${platformAccountId('adjustments', 'USD')}, 'USD', ${1_000_00 + 1})`.execute(
          trx,
        );
      }),
    );
    expect(r.code).toBe('23514');
    expect(r.message).toMatch(/ledger_accounts_no_overdraft/);
    expect((await memberAccount(member.id, 'available', 'USD'))!.balance).toBe('100000');
    // Through the money core the same refusal is the member's clear answer.
    await expect(
      t.handle.db.transaction().execute((trx) =>
        moveMoney(trx, {
          kind: 'adjustment',
          legs: transfer(available(member.id), { kind: 'adjustments' }, 1_000_01n),
          ref: { type: 'adjustment', id: randomUUID() },
          actorId: admin.id,
          memo: 'too much',
          at,
        }),
      ),
    ).rejects.toThrow(/Insufficient funds/);
  });

  it('a posting must be of its account’s and its movement’s asset', async () => {
    const account = (await memberAccount(member.id, 'available', 'USD'))!;
    const r = await refusal(
      t.handle.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await sql`insert into ledger_movements (id, asset, kind, ref_type, ref_id, memo, created_at)
          values (${id}, 'BTC', 'adjustment', 'adjustment', ${randomUUID()}, 'wrong asset', now())`.execute(trx);
        await sql`insert into ledger_postings (id, movement_id, account_id, asset, amount)
          values (${randomUUID()}, ${id}, ${account.id}, 'BTC', 1)`.execute(trx);
      }),
    );
    expect(r.code).toBe('23503');
  });

  it('an exchange is two linked movements, one per asset, each balanced; amounts past 2^64 stay exact', async () => {
    const exchangeId = randomUUID();
    // The platform's treasury holds the coins it sells (full reserve): funded first from the outside world.
    const wei = 123_456_789_012_345_678_901_234n; // 123,456.789… ETH: past 2^64 wei
    await t.handle.db.transaction().execute((trx) =>
      moveMoney(trx, {
        asset: 'ETH',
        kind: 'adjustment',
        legs: transfer({ kind: 'chain' }, { kind: 'treasury' }, wei),
        ref: { type: 'adjustment', id: randomUUID() },
        actorId: admin.id,
        memo: 'treasury funded',
        at,
      }),
    );
    const bought = 2_000_000_000_000_000_000n; // 2 ETH
    const moved = await t.handle.db.transaction().execute((trx) =>
      exchange(
        trx,
        exchangeId,
        {
          kind: 'adjustment',
          legs: transfer(available(member.id), { kind: 'treasury' }, 500_00n),
          ref: { type: 'adjustment', id: exchangeId },
          actorId: member.id,
          memo: 'bought 2 ETH',
          at,
        },
        {
          asset: 'ETH',
          kind: 'adjustment',
          legs: transfer({ kind: 'treasury' }, available(member.id), bought),
          ref: { type: 'adjustment', id: exchangeId },
          actorId: member.id,
          memo: 'bought 2 ETH',
          at,
        },
      ),
    );
    expect(moved.map((m) => m.balanceAfter)).toEqual([500_00n, bought]);
    expect((await memberAccount(member.id, 'available', 'ETH'))!.balance).toBe(bought.toString());
    expect(await balance(platformAccountId('treasury', 'ETH'))).toBe((wei - bought).toString());
    const linked = await t.handle.db
      .selectFrom('ledger_movements')
      .select(['asset'])
      .where('exchange_id', '=', exchangeId)
      .orderBy('asset')
      .execute();
    expect(linked).toEqual([{ asset: 'ETH' }, { asset: 'USD' }]);
    // The coin's lines are listed as exact decimal strings; the legacy dollar fields stay for USD only.
    const eth = await callerAs(t, member).ledger.list({ asset: 'ETH' });
    expect(eth.items).toMatchObject([
      { asset: 'ETH', amount: null, amountUnits: '2.000000000000000000', balanceAfterUnits: '2.000000000000000000' },
    ]);
    const usd = await callerAs(t, member).ledger.list({});
    expect(usd.items[0]).toMatchObject({ asset: 'USD', amount: -500, amountUnits: '-500.00' });
    // Every asset's books still balance, the platform's accounts included.
    const verify = await callerAs(t, admin).ledger.verify();
    expect(verify.ok).toBe(true);
    for (const a of verify.assets)
      expect(a).toMatchObject({ accountMismatches: 0, unbalancedMovements: 0, total: '0' });
    await expect(callerAs(t, member).ledger.list({ asset: 'NOPE' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("the treasury's balance never goes below zero either", async () => {
    await expect(
      t.handle.db.transaction().execute((trx) =>
        moveMoney(trx, {
          asset: 'BTC',
          kind: 'adjustment',
          legs: transfer({ kind: 'treasury' }, available(member.id), 1n),
          ref: { type: 'adjustment', id: randomUUID() },
          actorId: admin.id,
          memo: 'no coins to sell',
          at,
        }),
      ),
    ).rejects.toThrow(/Insufficient funds/);
    // Refused whole: not even the member's BTC account it would have opened is left behind.
    expect(await memberAccount(member.id, 'available', 'BTC')).toBeUndefined();
  });

  it("the platform's outside-world accounts are settled at commit: a deposit's bank account mirrors the member", async () => {
    const bank = BigInt(await balance(platformAccountId('bank', 'USD')));
    const d = await callerAs(t, member).deposit.request({
      amount: 12.34,
      reference: 'J-1',
      idempotencyKey: randomUUID(),
    });
    const second = await insertUser(t.handle.db, { accountType: 'admin' });
    await callerAs(t, admin).deposit.review({ id: d.id, decision: 'confirm' });
    await callerAs(t, second).deposit.review({ id: d.id, decision: 'confirm' });
    expect(BigInt(await balance(platformAccountId('bank', 'USD')))).toBe(bank - 12_34n);
  });

  it('the journal is append-only', async () => {
    const r = await refusal(sql`update ledger_postings set amount = amount * 2`.execute(t.handle.db));
    expect(r.code).toBe('23001');
    const m = await refusal(sql`delete from ledger_movements`.execute(t.handle.db));
    expect(m.code).toBe('23001');
  });
});
