import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, expectLedgerConsistent, newKey } from '../money/money-helpers.ts';
import { camt } from './statement-helpers.ts';

// #27 under real concurrency (PostgreSQL): hand confirmations and the approval of the statement that carries
// the same transfers run at the same moment through the pool; every transfer is credited once. Since #27's
// approvals a hand confirmation credits only at the second admin's word: `reviewer` proposes every confirmation
// first, and `confirmer`'s confirmations (the approvals, which credit) are what race the statement's approval.
const DAY = '2026-11-20';

describe('hand confirmation racing statement approval (PostgreSQL)', () => {
  let t: TestApp;
  let importer: TestUser;
  let approver: TestUser;
  let reviewer: TestUser;
  let confirmer: TestUser;
  const members: TestUser[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock(`${DAY}T15:00:00.000Z`) });
    if (t.handle.kind !== 'postgres')
      throw new Error('concurrency proofs need PostgreSQL (run the integration-pg project)');
    importer = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    reviewer = await insertUser(t.handle.db, { accountType: 'admin' });
    confirmer = await insertUser(t.handle.db, { accountType: 'admin' });
    for (let i = 0; i < 12; i++) members.push(await insertUser(t.handle.db));
    await setDepositAccount(
      t,
      importer,
      { accountNumber: '4000123456', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      approver,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('each member is credited $500 once, whichever of the two gets there first', async () => {
    const report = async (m: TestUser) =>
      (await callerAs(t, m).deposit.request({ amount: 500, reference: m.deposit_reference, idempotencyKey: newKey() }))
        .id;
    // Half the members report before the import (the line proposes their report), half after (the line proposes
    // a new deposit): both kinds race.
    const reports = new Map<string, string>();
    for (const m of members.slice(0, 6)) reports.set(m.id, await report(m));
    const r = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: camt(
        '4000123456',
        0,
        members.map((m, i) => ({ id: `RACE-${i}`, amount: '500.00', date: DAY, ref: m.deposit_reference })),
      ),
    });
    expect(r).toMatchObject({ lines: 12, matched: 12 });
    for (const m of members.slice(6)) reports.set(m.id, await report(m));
    // The first admin's confirmations only propose: nothing is credited yet.
    for (const m of members) {
      const proposed = await callerAs(t, reviewer).deposit.review({ id: reports.get(m.id)!, decision: 'confirm' });
      expect(proposed.approval).toMatchObject({ status: 'pending' });
      expect(await balanceOf(t.handle.db, m.id)).toBe(0);
    }

    const calls: (() => Promise<unknown>)[] = [
      () => callerAs(t, approver).statement.approve({ statementId: r.statementId }),
      ...members.map(
        (m) => () => callerAs(t, confirmer).deposit.review({ id: reports.get(m.id)!, decision: 'confirm' }),
      ),
    ];
    // The approval goes in the middle of the confirmations.
    [calls[0], calls[6]] = [calls[6]!, calls[0]!];
    const settled = await Promise.allSettled(calls.map((c) => c()));
    const failed = settled.flatMap((s) => (s.status === 'rejected' ? [toPublicError(s.reason)] : []));
    // A confirmation that came second is refused as already confirmed or already credited; nothing else fails.
    for (const f of failed) {
      expect(f.status).toBe(409);
      expect(f.message).toMatch(/already confirmed|credited already/);
    }
    for (const m of members) expect(await balanceOf(t.handle.db, m.id)).toBe(50_000);
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'deposit')
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(12);
    // Every line is the proof of exactly one deposit, and no deposit has two lines.
    const lines = await callerAs(t, approver).statement.lines({ statementId: r.statementId });
    expect(lines.every((l) => l.status === 'applied')).toBe(true);
    expect(new Set(lines.map((l) => l.depositId)).size).toBe(12);
    const verify = await callerAs(t, approver).ledger.verify();
    expect(verify.ok).toBe(true);
    expect(verify.platform.ok).toBe(true);
  });
});
