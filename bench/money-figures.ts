// Money figures of one fixed scenario, to compare two versions of the code to the cent (a refactor of the money
// core must not change them): `pnpm exec tsx bench/money-figures.ts` prints the platform check's totals, every
// balance and a digest of every member's ledger entries in order (kind, amount, balance after, memo; no ids or
// times, which differ from run to run; FIGURES_ENTRIES=1 lists them). Run it on two commits and compare the output.
//
// The scenario: 40 members (every fourth referred by the one before), deposits confirmed and rejected,
// withdrawals paid, rejected and cancelled, investments in every demo plan, early redemptions where allowed,
// an admin's balance adjustments, then 61 months of payouts on a moving clock. Since #27 every hand confirmation
// and adjustment is proposed by one admin and approved by the other; a third admin, who credited nobody, pays.
import { createHash } from 'node:crypto';
import {
  buildApp,
  callerAs,
  createTestDb,
  insertUser,
  loadConfig,
  ManualClock,
  seedIfEmpty,
  startPayoutRunner,
  balanceCentsColumn,
} from '@vestora/server/bench';

const MONTH_MS = 30.5 * 24 * 3600 * 1000;

async function main() {
  const handle = await createTestDb();
  const db = handle.db;
  await seedIfEmpty(db);
  const clock = new ManualClock(new Date('2026-01-05T10:00:00Z'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MONEY_RATE_LIMIT_PER_MIN: '100000',
    TRADE_RATE_LIMIT_PER_MIN: '100000',
    AUTH_RATE_LIMIT_PER_MIN: '100000',
  });
  const app = await buildApp({ config, db: handle, clock, logger: false });
  await app.ready();
  const admins = [
    await insertUser(db, { accountType: 'admin', email: 'admin1@figures.test' }),
    await insertUser(db, { accountType: 'admin', email: 'admin2@figures.test' }),
  ];
  // Pays the withdrawals: an admin who proposed or approved a member's credit cannot approve their payout (#27).
  const payerRow = await insertUser(db, { accountType: 'admin', email: 'admin3@figures.test' });
  const payer = callerAs(app.deps, { ...payerRow, session_id: 'figures' } as never);
  const asAdmin = (i: number) => callerAs(app.deps, { ...admins[i % 2]!, session_id: 'figures' } as never);
  const plans = (await asAdmin(0).plan.list()).filter((p) => p.openForInvesting);

  let key = 0;
  const k = () => `figures-${++key}`;
  const members: { id: string; caller: ReturnType<typeof callerAs> }[] = [];
  for (let i = 0; i < 40; i++) {
    const row = await insertUser(db, { email: `member${String(i).padStart(2, '0')}@figures.test` });
    if (i % 4 === 3)
      await db
        .updateTable('users')
        .set({ referred_by: members[i - 1]!.id })
        .where('id', '=', row.id)
        .execute();
    members.push({ id: row.id, caller: callerAs(app.deps, { ...row, session_id: 'figures' } as never) });
  }

  for (const [i, m] of members.entries()) {
    const amount = 1_000 + ((i * 7_919) % 90_000) + (i % 3) * 0.37;
    const dep = await m.caller.deposit.request({ amount, reference: `REF-${i}`, idempotencyKey: k() });
    // A hand confirmation is a proposal; the other admin's confirmation approves it and credits the deposit.
    await asAdmin(i).deposit.review({ id: dep.id, decision: 'confirm' });
    await asAdmin(i + 1).deposit.review({ id: dep.id, decision: 'confirm' });
    const rejected = await m.caller.deposit.request({ amount: 50, reference: `BAD-${i}`, idempotencyKey: k() });
    await asAdmin(i + 1).deposit.review({ id: rejected.id, decision: 'reject', reason: 'no such transfer' });
    const w = await m.caller.withdrawal.request({
      amount: 25.5,
      method: 'bank',
      details: 'PT50 0002 0123 1234 5678 9015 4',
      idempotencyKey: k(),
    });
    if (i % 3 === 0) await payer.withdrawal.review({ id: w.id, decision: 'approve', payoutReference: `P-${i}` });
    else if (i % 3 === 1) await asAdmin(i).withdrawal.review({ id: w.id, decision: 'reject', reason: 'details wrong' });
    else await m.caller.withdrawal.cancel({ id: w.id });
    const plan = plans[i % plans.length]!;
    const balance = Math.floor(amount - 25.5);
    const invest = Math.max(plan.minAmount ?? 0, Math.min(plan.maxAmount ?? 0, Math.floor(balance * 0.8)));
    if (invest <= balance) await m.caller.investment.open({ planId: plan.id, amount: invest, idempotencyKey: k() });
  }
  const target = members[5]!;
  const user = await asAdmin(0).user.list({ search: 'member05' });
  const adjusted = (await asAdmin(0).user.update({
    id: target.id,
    version: user.items[0]!.version,
    balance: user.items[0]!.balance + 12.34,
    reason: 'goodwill',
  } as never)) as { approval?: { id: string } };
  if (!adjusted.approval) throw new Error('the balance adjustment proposed nothing');
  await asAdmin(1).approval.approve({ id: adjusted.approval.id });

  const runner = startPayoutRunner({ ...app.deps, config: { ...config, PAYOUT_INTERVAL_S: 3600 } });
  for (let month = 1; month <= 61; month++) {
    clock.advanceMs(MONTH_MS);
    await runner.runOnce();
    if (month === 7) {
      for (const [i, m] of members.entries()) {
        if (i % 5 !== 0) continue;
        const mine = await m.caller.investment.list({});
        for (const p of mine.items)
          if (p.status === 'active' && p.earlyExitAllowed) await m.caller.investment.redeem({ id: p.id });
      }
    }
  }
  await runner.stop();

  const verify = await asAdmin(0).ledger.verify();
  const balances = await db.selectFrom('users').select(['email', balanceCentsColumn()]).orderBy('email').execute();
  const entries = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.email', 'l.kind', 'l.amount_cents', 'l.balance_after_cents', 'l.memo'])
    // Each member's entries in their order; members one after another (the runner may pay positions that fall
    // due at the same moment in any order, so the order across members is not part of the figures).
    .orderBy('u.email')
    .orderBy('l.seq')
    .execute();
  // What the platform paid from its own accounts (since #29 its expense accounts in the journal), by the kind
  // the old platform ledger named it: the same figures before and after.
  const platform = (
    await db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.kind', (eb) => eb.fn.sum<string>('p.amount').as('posted'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('a.kind', 'in', ['interest_expense', 'referral_expense'])
      .where('a.asset', '=', 'USD')
      .groupBy('a.kind')
      .orderBy('a.kind')
      .execute()
  ).map((r) => ({
    kind: r.kind === 'interest_expense' ? 'interest' : 'referral_reward',
    cents: (-BigInt(r.posted)).toString(),
    n: r.n,
  }));
  const digest = createHash('sha256')
    .update(
      JSON.stringify(
        entries.map((e) => [e.email, e.kind, String(e.amount_cents), String(e.balance_after_cents), e.memo]),
      ),
    )
    .digest('hex');
  // The journal's per-asset check is new in #29: printed apart, so the figures above compare with older runs.
  const { assets, ...legacyVerify } = verify;
  console.log(
    JSON.stringify({ verify: legacyVerify, platform, ledgerEntries: entries.length, ledgerDigest: digest }, null, 2),
  );
  console.log(
    `journal: ${assets.map((a) => `${a.asset} ${a.accounts} accounts, books ${a.total}, ${a.accountMismatches + a.unbalancedMovements} off`).join('; ')}`,
  );
  if (process.env.FIGURES_ENTRIES)
    for (const e of entries) console.log([e.email, e.kind, e.amount_cents, e.balance_after_cents, e.memo].join(' | '));
  console.log(`balances: ${balances.map((b) => `${b.email.split('@')[0]}=${b.balance_cents}`).join(' ')}`);
  await app.close();
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
