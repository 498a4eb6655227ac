import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { DETAILS, newKey } from './money-helpers.ts';

describe('reward.list', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { LAUNCH_DATE: '2026-06-30' } });
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
    const onTheDay = await openedOn(await insertUser(t.handle.db), '2026-06-30T23:30:00Z');
    const dayAfter = await openedOn(await insertUser(t.handle.db), '2026-07-01T00:00:01Z');
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
    const u = await insertUser(t.handle.db);
    expect((await rewardsOf(u)).high_roller).toMatchObject({
      earned: false,
      detail: 'Locked: you need one confirmed deposit, paid withdrawal or investment over $10,000.00.',
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
    const u = await insertUser(t.handle.db, { balanceCents: 30_000_00 });
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

  it('Diverse Portfolio stays locked with its description and why', async () => {
    const u = await insertUser(t.handle.db, { balanceCents: 1_000_000_00 });
    const dp = (await rewardsOf(u)).diverse_portfolio!;
    expect(dp).toMatchObject({
      name: 'Diverse Portfolio',
      description: 'Hold more than 5 cryptocurrencies',
      earned: false,
    });
    expect(dp.detail).toMatch(/does not hold cryptocurrency positions for you yet/);
  });

  it('answers the three badges in a fixed order', async () => {
    const u = await insertUser(t.handle.db);
    expect((await callerAs(t, u).reward.list()).map((r) => r.key)).toEqual([
      'early_adopter',
      'high_roller',
      'diverse_portfolio',
    ]);
  });
});
