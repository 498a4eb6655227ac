import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger.service.ts';
import { adjustBalance, callerAs, insertUser, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { testDbKind } from '../../src/test/test-db.ts';
import { DETAILS } from './money-helpers.ts';

// A seeded random walk through every money operation, checked against a model after every single step:
// each user's balance equals the model, equals the sum of their ledger entries, and is never negative.
// A failure prints the seed and the command that replays exactly that sequence.

const SEED = Number(process.env.MONEY_SEED ?? 20261121);
// 3,000 steps on PostgreSQL; on PGlite (5 to 10 times slower per query) the first 1,000 of the same walk, there
// to cover its driver (int8 parsing, error codes) rather than to walk as far again.
const OPS = Number(process.env.MONEY_OPS ?? (testDbKind() === 'pg' ? 3000 : 1000));
const REPLAY = `MONEY_SEED=${SEED} MONEY_OPS=${OPS} pnpm vitest run --project integration-${testDbKind()} packages/server/test/money/random-ops.test.ts`;

/** mulberry32: tiny, fast, good enough to drive a test, and the same on every machine. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ModelDeposit {
  id: string;
  userId: string;
  cents: number;
  reference: string;
  key: string;
  status: 'pending' | 'confirmed' | 'rejected';
}
interface ModelWithdrawal {
  id: string;
  userId: string;
  cents: number;
  key: string;
  status: 'pending' | 'paid' | 'rejected' | 'cancelled';
}

describe(`seeded random money operations (seed ${SEED}, ${OPS} ops)`, () => {
  let t: TestApp;
  let admin: TestUser;
  let payer: TestUser; // reviews withdrawals: took part in no credit
  let users: TestUser[];
  const balance = new Map<string, number>();
  const deposits: ModelDeposit[] = [];
  const withdrawals: ModelWithdrawal[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    payer = await insertUser(t.handle.db, { accountType: 'admin' });
    const rnd = mulberry32(SEED ^ 0x5eed);
    users = [];
    for (let i = 0; i < 4; i++) {
      const start = Math.floor(rnd() * 500_00);
      const u = await insertUser(t.handle.db, { tier: 2, balanceCents: start });
      users.push(u);
      balance.set(u.id, start);
    }
  });
  afterAll(() => t.close());

  // A generous limit: 3000 operations take ~15 s of CPU on PGlite, far longer on a loaded machine.
  it('keeps balance = model = ledger sum >= 0 for every user after every operation', { timeout: 300_000 }, async () => {
    const rnd = mulberry32(SEED);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const chance = (p: number) => rnd() < p;
    const db = t.handle.db;
    const recent: string[] = [];
    const counts: Record<string, number> = {};

    /** Runs `call`; checks it succeeded or failed exactly as the model predicted. */
    async function expectOutcome<T>(call: Promise<T>, expected: 'ok' | number): Promise<T | undefined> {
      try {
        const r = await call;
        if (expected !== 'ok') throw new Error(`expected HTTP ${expected}, but the call succeeded`);
        return r;
      } catch (e) {
        const pub = toPublicError(e);
        if (expected === 'ok' || pub.status !== expected) {
          throw new Error(
            `expected ${expected === 'ok' ? 'success' : `HTTP ${expected}`}, got ${pub.status}: ${pub.message}`,
          );
        }
        return undefined;
      }
    }

    async function step(i: number): Promise<string> {
      const roll = rnd();
      const user = pick(users);
      const me = callerAs(t, user);
      const mine = <R extends { userId: string }>(xs: R[]) => xs.filter((x) => x.userId === user.id);

      if (roll < 0.16) {
        const old = mine(deposits);
        if (old.length && chance(0.15)) {
          // Retry with a used key: same → the first deposit; different amount → 409.
          const d = pick(old);
          const same = chance(0.75);
          const cents = same ? d.cents : d.cents + 1;
          const r = await expectOutcome(
            me.deposit.request({ amount: cents / 100, reference: d.reference, idempotencyKey: d.key }),
            same ? 'ok' : 409,
          );
          if (r && r.id !== d.id) throw new Error(`idempotent retry answered ${r.id}, expected ${d.id}`);
          return `deposit.retry ${same ? 'same' : 'different'} ${d.id}`;
        }
        const cents = chance(0.05) ? int(1_000_001, 2_000_000) : int(1, 200_00);
        const key = `dep-${SEED}-${i}`;
        const reference = `REF-${i}`;
        // A user has at most MAX_PENDING_DEPOSITS reports waiting for review; one more is refused (409).
        const pending = mine(deposits).filter((d) => d.status === 'pending').length;
        const full = pending >= t.config.MAX_PENDING_DEPOSITS;
        const r = await expectOutcome(
          me.deposit.request({ amount: cents / 100, reference, idempotencyKey: key }),
          full ? 409 : 'ok',
        );
        if (!r) return `deposit.request refused (${pending} pending)`;
        deposits.push({ id: r.id, userId: user.id, cents, reference, key, status: 'pending' });
        return `deposit.request ${cents}c`;
      }

      if (roll < 0.3) {
        if (!deposits.length) return 'skip';
        const pending = deposits.filter((d) => d.status === 'pending');
        const d = pending.length && chance(0.85) ? pick(pending) : pick(deposits);
        const confirm = chance(0.7);
        const expected = d.status === 'pending' ? 'ok' : 409;
        // A confirmation by hand takes two admins (#27): admin proposes, the second one's confirmation credits.
        await expectOutcome(
          confirm
            ? confirmDeposit(t, admin, await secondAdmin(t), { id: d.id })
            : callerAs(t, admin).deposit.review({ id: d.id, decision: 'reject', reason: 'not received' }),
          expected,
        );
        if (expected === 'ok') {
          d.status = confirm ? 'confirmed' : 'rejected';
          if (confirm) balance.set(d.userId, balance.get(d.userId)! + d.cents);
        }
        return `deposit.${confirm ? 'confirm' : 'reject'} ${d.id} (${expected})`;
      }

      if (roll < 0.52) {
        const old = mine(withdrawals);
        if (old.length && chance(0.12)) {
          const w = pick(old);
          const same = chance(0.75);
          const cents = same ? w.cents : w.cents + 1;
          const r = await expectOutcome(
            me.withdrawal.request({
              amount: cents / 100,
              method: 'bank',
              details: DETAILS.bank,
              idempotencyKey: w.key,
            }),
            same ? 'ok' : 409,
          );
          if (r && r.id !== w.id) throw new Error(`idempotent retry answered ${r.id}, expected ${w.id}`);
          return `withdrawal.retry ${same ? 'same' : 'different'} ${w.id}`;
        }
        const have = balance.get(user.id)!;
        const cents = int(1, Math.max(1, Math.floor(have * 1.3) + 10_00));
        const key = `wd-${SEED}-${i}`;
        const expected = cents <= have ? 'ok' : 422;
        const r = await expectOutcome(
          me.withdrawal.request({ amount: cents / 100, method: 'bank', details: DETAILS.bank, idempotencyKey: key }),
          expected,
        );
        if (r) {
          withdrawals.push({ id: r.id, userId: user.id, cents, key, status: 'pending' });
          balance.set(user.id, have - cents);
        }
        return `withdrawal.request ${cents}c of ${have}c (${expected})`;
      }

      if (roll < 0.66) {
        if (!withdrawals.length) return 'skip';
        const pending = withdrawals.filter((w) => w.status === 'pending');
        const w = pending.length && chance(0.8) ? pick(pending) : pick(withdrawals);
        const byAdmin = chance(0.1);
        const actor = byAdmin ? admin : chance(0.85) ? users.find((u) => u.id === w.userId)! : pick(users);
        const owner = byAdmin || actor.id === w.userId;
        const expected = !owner ? 403 : w.status === 'pending' ? 'ok' : 409;
        await expectOutcome(callerAs(t, actor).withdrawal.cancel({ id: w.id }), expected);
        if (expected === 'ok') {
          w.status = 'cancelled';
          balance.set(w.userId, balance.get(w.userId)! + w.cents);
        }
        return `withdrawal.cancel ${w.id} by ${byAdmin ? 'admin' : owner ? 'owner' : 'other user'} (${expected})`;
      }

      if (roll < 0.85) {
        if (!withdrawals.length) return 'skip';
        const pending = withdrawals.filter((w) => w.status === 'pending');
        const w = pending.length && chance(0.85) ? pick(pending) : pick(withdrawals);
        const approve = chance(0.6);
        const expected = w.status === 'pending' ? 'ok' : 409;
        await expectOutcome(
          // Admins who took part in crediting a member never pay that member out (#27): a third one reviews.
          callerAs(t, payer).withdrawal.review(
            approve
              ? { id: w.id, decision: 'approve', payoutReference: `PAY-${i}` }
              : { id: w.id, decision: 'reject', reason: 'details mismatch' },
          ),
          expected,
        );
        if (expected === 'ok') {
          w.status = approve ? 'paid' : 'rejected';
          if (!approve) balance.set(w.userId, balance.get(w.userId)! + w.cents);
        }
        return `withdrawal.${approve ? 'approve' : 'reject'} ${w.id} (${expected})`;
      }

      const have = balance.get(user.id)!;
      if (chance(0.5)) {
        // The admin edits the balance in the Edit User panel: user.update records the difference.
        const target = int(0, Math.floor(have * 1.3) + 300_00);
        const { version } = await db
          .selectFrom('users')
          .select('version')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        const r = await expectOutcome(
          callerAs(t, admin).user.update({ id: user.id, version, balance: target / 100, reason: `edit ${i}` }),
          'ok',
        );
        // A proposal (#27): the answer is the balance as it is; the second admin's approval makes the change.
        if (r!.balance !== have / 100) throw new Error(`user.update answered ${r!.balance}, expected ${have / 100}`);
        if (target !== have) {
          if (!r!.approval) throw new Error('user.update with a new balance answered no proposal');
          await callerAs(t, await secondAdmin(t)).approval.approve({ id: r!.approval.id });
        }
        balance.set(user.id, target);
        return `adjustment.edit to ${target}c from ${have}c`;
      }
      // A signed adjustment straight through the money core (a debit it cannot cover is refused).
      let cents = int(-Math.floor(have * 1.3) - 5_00, 300_00);
      if (cents === 0) cents = 1;
      const expected = have + cents >= 0 ? 'ok' : 422;
      await expectOutcome(adjustBalance(db, user.id, cents, `random adjustment ${i}`, { actorId: admin.id }), expected);
      if (expected === 'ok') balance.set(user.id, have + cents);
      return `adjustment ${cents}c on ${have}c (${expected})`;
    }

    // Ledger sums per user, kept current from the entries added since the previous step (the ledger is
    // append-only); every 250 steps and at the end they are recomputed from scratch in SQL.
    const ledgerSum = new Map<string, number>();
    let lastSeq = 0;
    async function checkInvariant(full: boolean): Promise<void> {
      // One cheap query per step: each user's balance and the sum of the entries added since last time.
      const rows = await sql<{ id: string; balance_cents: number; fresh_sum: number; last_seq: number | null }>`
        select u.id, a.balance::bigint as balance_cents, coalesce(s.total, 0)::bigint as fresh_sum, s.last_seq
        from users u
        join ledger_accounts a on a.user_id = u.id and a.kind = 'available' and a.asset = 'USD'
        left join (
          select user_id, sum(amount_cents) as total, max(seq) as last_seq
          from ledger_entries where seq > ${full ? 0 : lastSeq} group by user_id
        ) s on s.user_id = u.id
        where u.account_type = 'user'`.execute(db);
      for (const r of rows.rows) {
        const sum = (full ? 0 : (ledgerSum.get(r.id) ?? 0)) + Number(r.fresh_sum);
        ledgerSum.set(r.id, sum);
        if (r.last_seq !== null) lastSeq = Math.max(lastSeq, Number(r.last_seq));
        const b = Number(r.balance_cents);
        if (b !== balance.get(r.id))
          throw new Error(`user ${r.id}: balance ${b} but the model says ${balance.get(r.id)}`);
        if (b !== sum) throw new Error(`user ${r.id}: balance ${b} but ledger sum ${sum}`);
        if (b < 0) throw new Error(`user ${r.id}: negative balance ${b}`);
      }
    }

    for (let i = 0; i < OPS; i++) {
      let what = '(before the operation ran)';
      try {
        what = await step(i);
        const kind = what.split(' ')[0]!;
        counts[kind] = (counts[kind] ?? 0) + 1;
        await checkInvariant(i % 250 === 249 || i === OPS - 1);
      } catch (e) {
        throw new Error(
          `Random money sequence failed at operation #${i} (${what}) with MONEY_SEED=${SEED}: ${(e as Error).message}\n` +
            `Last operations:\n  ${recent.join('\n  ')}\nReplay: ${REPLAY}`,
          { cause: e },
        );
      }
      recent.push(`#${i} ${what}`);
      if (recent.length > 8) recent.shift();
    }

    // The run must have exercised every kind of operation, or it proved little.
    const kinds = [
      'adjustment.edit',
      'deposit.request',
      'deposit.confirm',
      'deposit.reject',
      'withdrawal.request',
      'withdrawal.cancel',
      'withdrawal.approve',
      'withdrawal.reject',
      'adjustment',
    ];
    for (const kind of kinds) expect(counts[kind] ?? 0, `${kind} ran`).toBeGreaterThan(OPS / 100);
    // Every request's final state is what the model expects.
    const dbDeposits = new Map(
      (await db.selectFrom('deposits').select(['id', 'status']).execute()).map((r) => [r.id, r.status]),
    );
    expect(dbDeposits.size).toBe(deposits.length);
    for (const d of deposits) expect(dbDeposits.get(d.id), `deposit ${d.id}`).toBe(d.status);
    const dbWithdrawals = new Map(
      (await db.selectFrom('withdrawals').select(['id', 'status']).execute()).map((r) => [r.id, r.status]),
    );
    expect(dbWithdrawals.size).toBe(withdrawals.length);
    for (const w of withdrawals) expect(dbWithdrawals.get(w.id), `withdrawal ${w.id}`).toBe(w.status);
    const min = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.min<number>('balance_after_cents').as('m'))
      .executeTakeFirstOrThrow();
    expect(Number(min.m)).toBeGreaterThanOrEqual(0);
    expect(await verifyLedger(db)).toMatchObject({ ok: true, mismatches: [] });
  });
});
