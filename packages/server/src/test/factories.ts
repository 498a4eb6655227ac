import { randomBytes, randomUUID } from 'node:crypto';
import type { TAccountUpdateInput, TKycDocumentKind } from '@vestora/contract';
import type { Database } from '../db/create-db.ts';
import type { UserRow } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { FlowEnv } from '../modules/money/money.core.ts';
import { adjustmentLegs, moveMoney } from '../modules/money/money.move.ts';
import { balanceCentsColumn } from '../modules/user/user.repo.ts';
import type { SessionUser } from '../modules/session/session.service.ts';
import { createContextInner } from '../trpc/context.ts';
import { createCaller } from '../trpc/router.ts';
import type { TestApp } from './harness.ts';

/** A user as tests hold it: the row and their USD balance (read from the journal). */
export type TestUser = UserRow & { balance_cents: number };

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | undefined;

/**
 * Inserts a user straight into the database (fast: the argon2 hash is computed once per process).
 * A starting balance is credited through the ledger, as an adjustment, so the ledger invariant holds.
 */
export async function insertUser(
  db: Database,
  opts: {
    accountType?: 'user' | 'admin';
    balanceCents?: number;
    email?: string;
    firstName?: string;
    /** A proven address (with SMTP_URL set, withdrawals need one). */
    emailVerified?: boolean;
    /** An identity tier (#33): a member who withdraws needs tier 1 or more (tier 0 withdraws nothing). */
    tier?: 0 | 1 | 2;
  } = {},
): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      first_name: opts.firstName ?? 'Test',
      last_name: 'User',
      country: 'Portugal',
      city: 'Lisbon',
      email: opts.email ?? `user-${randomBytes(5).toString('hex')}@example.com`,
      password_hash: await cachedHash,
      account_type: opts.accountType ?? 'user',
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      email_verified_at: opts.emailVerified ? new Date() : null,
    })
    .execute();
  if (opts.balanceCents) {
    await adjustBalance(db, id, opts.balanceCents, 'test setup');
  }
  if (opts.tier) await verifyMember(db, id, opts.tier);
  return db.selectFrom('users').selectAll().select(balanceCentsColumn()).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Gives a member an identity tier (#33) as an approved application leaves it: their kyc_members row at `tier`
 * with verified details. Tests that withdraw use it, since tier 0 withdraws nothing.
 */
export async function verifyMember(db: Database, userId: string, tier: 0 | 1 | 2 = 1): Promise<void> {
  const details = { legal_name: 'Test User', date_of_birth: '1990-04-21', address: '1 Test Street, Lisbon' };
  await db
    .insertInto('kyc_members')
    .values({ user_id: userId, tier, ...details, tier_changed_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ tier, ...details, tier_changed_at: new Date() }))
    .execute();
}

/**
 * A stored identity document's metadata (#33), as an upload leaves it, without the file (the upload route is
 * tested in kyc/documents.test.ts; these rows are what kyc.submit checks). Answers its id.
 */
export async function insertKycDocument(
  db: Database,
  ownerId: string,
  kind: TKycDocumentKind,
  opts: { expiresOn?: string | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('kyc_documents')
    .values({
      id,
      user_id: ownerId,
      kind,
      mime: 'image/png',
      size_bytes: 1000,
      sha256: randomBytes(32).toString('hex'),
      storage_key: `test/${id}`,
      expires_on: opts.expiresOn ?? null,
      created_at: opts.now,
    })
    .execute();
  return id;
}

/**
 * Moves `cents` (signed) into a user's balance as an adjustment, through the money core as production does
 * (a debit the balance cannot cover is refused with INSUFFICIENT_FUNDS).
 */
export async function adjustBalance(
  db: Database,
  userId: string,
  cents: number,
  memo: string,
  opts: { actorId?: string | null; at?: Date } = {},
): Promise<{ balanceAfterCents: number }> {
  const moved = await db.transaction().execute((trx) =>
    moveMoney(trx, {
      kind: 'adjustment',
      legs: adjustmentLegs(userId, BigInt(cents)),
      ref: { type: 'adjustment', id: randomUUID() },
      actorId: opts.actorId ?? null,
      memo,
      at: opts.at ?? new Date(),
    }),
  );
  return { balanceAfterCents: Number(moved.balanceAfter) };
}

/** What a flow needs to run outside a request (tests, the payout runner's callers): a time and the settings. */
export const testEnv = (now: Date, config: Config): FlowEnv => ({ now, config });

/** A tRPC caller acting as `user` (or anonymous), bypassing HTTP. */
export function callerAs(t: TestApp | AppDeps, user: SessionUser | null) {
  const deps = 'app' in t ? t.app.deps : t;
  return createCaller(createContextInner({ deps, user }));
}

/**
 * Sets the platform's deposit account as production does since #27: `proposer` proposes it (account.update)
 * and a second admin approves it (approval.approve); without `approver`, one is made for the purpose.
 */
export async function setDepositAccount(
  t: TestApp,
  proposer: SessionUser,
  fields: TAccountUpdateInput,
  approver?: SessionUser,
): Promise<void> {
  const { approval } = await callerAs(t, proposer).account.update(fields);
  const second = approver ?? (await insertUser(t.handle.db, { accountType: 'admin', firstName: 'Approver' }));
  await callerAs(t, second).approval.approve({ id: approval.id });
}

/**
 * A second admin's word on a proposal (#27): approves the pending proposal `ref` (a proposing call's
 * `approval`) as `approver`. Throws when the call answered no proposal.
 */
export async function approveAs(
  t: TestApp,
  approver: SessionUser,
  ref: { approval?: { id: string } | undefined },
): Promise<void> {
  if (!ref.approval) throw new Error('the call answered no proposal to approve');
  await callerAs(t, approver).approval.approve({ id: ref.approval.id });
}

/**
 * A deposit report confirmed by hand as production does since #27: `proposer` confirms (a proposal) and
 * `approver` confirms too (the approval, which credits it). Answers the approver's review.
 */
export async function confirmDeposit(
  t: TestApp,
  proposer: SessionUser,
  approver: SessionUser,
  input: { id: string; reason?: string },
) {
  const proposed = await callerAs(t, proposer).deposit.review({ ...input, decision: 'confirm' });
  if (proposed.approval?.status !== 'pending') throw new Error('the first confirmation proposed nothing');
  return callerAs(t, approver).deposit.review({ ...input, decision: 'confirm' });
}

const secondAdmins = new WeakMap<object, Promise<TestUser>>();
/** A second administrator of this test app (made once), for the approvals one admin cannot give alone (#27). */
export function secondAdmin(t: TestApp): Promise<TestUser> {
  let p = secondAdmins.get(t);
  if (!p) {
    p = insertUser(t.handle.db, { accountType: 'admin', firstName: 'Second' });
    secondAdmins.set(t, p);
  }
  return p;
}
