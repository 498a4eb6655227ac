import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { liveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { DETAILS, newKey } from './money-helpers.ts';

describe('reward.list', () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = new ManualClock('2026-08-01T10:00:00.000Z');
  const PRICES = { BTC: 100_000, ETH: 4_000, USDT: 1, SOL: 150, XRP: 0.5, LTC: 80, DOGE: 0.2 };
  const market = liveMarket(clock, PRICES);
  beforeAll(async () => {
    t = await startTestApp({ env: { LAUNCH_DATE: '2026-06-30' }, market, clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(() => t.close());

  const rewardsOf = async (u: TestUser) =>
    Object.fromEntries((await callerAs(t, u).reward.list()).map((r) => [r.key, r]));
  const openedOn = async (u: TestUser, iso: string) => {
    await t.handle.db.updateTable('users').set({ created_at: iso }).where('id', '=', u.id).execute();
    return { ...u, created_at: new Date(iso) };
  };
  const confirmedDeposit = async (u: TestUser, amount: number) => {
    const d = await callerAs(t, u).deposit.request({ amount, reference: 'R', idempotencyKey: newKey() });
    return confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
  };

  it('Early Adopter: earned when the account was opened on or before the launch date, locked after', async () => {
    const onTheDay = await openedOn(await insertUser(t.handle.db, { tier: 1 }), '2026-06-30T23:30:00Z');
    const dayAfter = await openedOn(await insertUser(t.handle.db, { tier: 1 }), '2026-07-01T00:00:01Z');
    const early = (await rewardsOf(onTheDay)).early_adopter!;
    expect(early).toMatchObject({ name: 'Early Adopter', earned: true });
    expect(early.detail).toBe(
      'Earned: your account was opened on 2026-06-30, on or before the launch date (2026-06-30).',
    );
    const late = (await rewardsOf(dayAfter)).early_adopter!;
    expect(late.earned).toBe(false);
    expect(late.detail).toBe(
      'Locked: this badge is for accounts opened on or before 2026-06-30; yours was opened on 2026-07-01.',
    );
  });

  it('High Roller: exactly $10,000 is not enough; a confirmed deposit over it is', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    expect((await rewardsOf(u)).high_roller).toMatchObject({
      earned: false,
      detail: 'Locked: you need one confirmed deposit, paid withdrawal, investment or trade over $10,000.00.',
    });
    await confirmedDeposit(u, 10_000);
    const atLimit = (await rewardsOf(u)).high_roller!;
    expect(atLimit.earned).toBe(false);
    expect(atLimit.detail).toMatch(/your largest so far is \$10,000\.00/);
    // Pending and rejected deposits do not count, however large.
    await callerAs(t, u).deposit.request({ amount: 50_000, reference: 'pending', idempotencyKey: newKey() });
    const rej = await callerAs(t, u).deposit.request({
      amount: 60_000,
      reference: 'rejected',
      idempotencyKey: newKey(),
    });
    await callerAs(t, admin).deposit.review({ id: rej.id, decision: 'reject', reason: 'No such transfer' });
    expect((await rewardsOf(u)).high_roller!.earned).toBe(false);

    await confirmedDeposit(u, 10_000.01);
    const hr = (await rewardsOf(u)).high_roller!;
    expect(hr.earned).toBe(true);
    expect(hr.detail).toBe('Earned: your largest confirmed deposit was $10,000.01, over $10,000.00.');
  });

  it('High Roller: a paid withdrawal over $10,000 counts, a pending one does not', async () => {
    const u = await insertUser(t.handle.db, { tier: 2, balanceCents: 30_000_00 });
    const w = await callerAs(t, u).withdrawal.request({
      amount: 12_500,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    expect((await rewardsOf(u)).high_roller!.earned).toBe(false);
    await callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'P' });
    const hr = (await rewardsOf(u)).high_roller!;
    expect(hr.earned).toBe(true);
    expect(hr.detail).toBe('Earned: your largest paid withdrawal was $12,500.00, over $10,000.00.');
  });

  it('Diverse Portfolio: earned while more than 5 coins are each held for at least $10; High Roller counts a trade', async () => {
    const u = await insertUser(t.handle.db, { tier: 2, balanceCents: 100_000_00 });
    const dp = () => rewardsOf(u).then((r) => r.diverse_portfolio!);
    expect(await dp()).toMatchObject({
      name: 'Diverse Portfolio',
      description: 'Hold more than 5 cryptocurrencies, each worth at least $10.00',
      earned: false,
      detail: 'Locked: you hold 0 cryptocurrencies each worth at least $10.00; more than 5 earn this badge.',
    });
    for (const asset of ['BTC', 'ETH', 'USDT', 'SOL', 'XRP', 'LTC', 'DOGE'])
      await fundTreasuryFromCli(
        t.handle.db,
        { asset, amount: '1000', reason: 'test', refId: randomUUID() },
        clock.now(),
      );
    const buy = async (to: string, fromAmount: string) =>
      callerAs(t, u).trade.accept({ quoteId: (await callerAs(t, u).trade.quote({ from: 'USD', to, fromAmount })).id });
    for (const coin of ['BTC', 'ETH', 'USDT', 'SOL', 'XRP']) await buy(coin, '20');
    await buy('LTC', '5'); // worth under $10: not counted
    expect((await dp()).detail).toBe(
      'Locked: you hold 5 cryptocurrencies each worth at least $10.00; more than 5 earn this badge.',
    );
    await buy('DOGE', '20');
    expect(await dp()).toMatchObject({
      earned: true,
      detail: 'Earned: you hold 6 cryptocurrencies each worth at least $10.00.',
    });
    // The coins lose their value: the badge is held only while they are worth it.
    market.setPrices({ BTC: 1, ETH: 1, USDT: 1, SOL: 1, XRP: 0.001, LTC: 1, DOGE: 0.0001 });
    expect((await dp()).earned).toBe(false);
    market.setPrices(PRICES);
    await buy('BTC', '10000.01');
    expect((await rewardsOf(u)).high_roller).toMatchObject({
      earned: true,
      detail: 'Earned: your largest trade was $10,000.01, over $10,000.00.',
    });
  });

  it('answers the three badges in a fixed order', async () => {
    const u = await insertUser(t.handle.db, { tier: 1 });
    expect((await callerAs(t, u).reward.list()).map((r) => r.key)).toEqual([
      'early_adopter',
      'high_roller',
      'diverse_portfolio',
    ]);
  });
});
