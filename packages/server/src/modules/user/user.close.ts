import { randomBytes, randomUUID } from 'node:crypto';
import { formatCents, type TCloseAccountInput, tr } from '@vestora/contract';
import type { AppDeps, SessionCookies } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { dropExportsOfUser } from '../dataexport/dataexport.repo.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { checkSecondFactor } from '../twofactor/twofactor.service.ts';
import { assertCurrentPassword } from './user.password.ts';
import { dropNewsletterAddress, eraseClosedAccount, findClosingBlockers } from './user.close.repo.ts';
import { findUserByIdForUpdate } from './user.repo.ts';
import { markRelationshipEnded } from '../kyc/kyc.retention.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

export const ADMIN_CANNOT_CLOSE_MESSAGE = tr(
  'close.adminAccount',
  'An administrator account cannot be closed from Settings: another administrator must first make it a member ' +
    'account (User Management: four eyes on roles), so the desk is never left without its second pair of eyes.',
);
export const CLOSE_CODE_REQUIRED_MESSAGE = tr(
  'close.codeRequired',
  'code: Two-factor sign-in is on: enter the current 6-digit code from your authenticator app (or a recovery code) to close the account.',
);
export const CLOSE_WRONG_CODE_MESSAGE = tr(
  'close.codeWrong',
  'code: The code is not right or was already used. Enter the current 6-digit code from your authenticator app.',
);

/** The domain of closed accounts' placeholder addresses (RFC 2606: `.invalid` never resolves). */
export const CLOSED_EMAIL_DOMAIN = 'closed.invalid';

/**
 * The owner closes their account (#21): allowed with a zero balance and no open position, pending deposit or
 * withdrawal under way (a 400 names each blocker). The current password is required, and with two-factor on a
 * code. In one transaction: every session ends, the personal fields are erased (see eraseClosedAccount), data
 * exports are dropped, and a `user.close` audit row is written. Ledger and audit rows stay, with the account's
 * id (which now names nobody), so the books still add up. Administrators cannot close themselves here.
 */
export async function closeAccount(
  deps: Deps,
  actor: { userId: string; accountType: 'user' | 'admin' },
  input: TCloseAccountInput,
  cookies: SessionCookies,
): Promise<{ ok: true }> {
  if (actor.accountType === 'admin') throw new AppError('FORBIDDEN', ADMIN_CANNOT_CLOSE_MESSAGE);
  await assertCurrentPassword(deps, actor.userId, input.currentPassword);
  // Hashed before the transaction (argon2 takes tens of milliseconds): a random password nobody knows.
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserByIdForUpdate(trx, actor.userId);
    if (!user || user.disabled_at !== null)
      throw new AppError('UNAUTHENTICATED', tr('auth.signInAgain', 'Please sign in again.'));
    if (user.account_type === 'admin') throw new AppError('FORBIDDEN', ADMIN_CANNOT_CLOSE_MESSAGE);
    if (user.two_factor_enabled_at !== null) {
      if (input.code === undefined) throw new AppError('BAD_INPUT', CLOSE_CODE_REQUIRED_MESSAGE);
      if (!(await checkSecondFactor(deps, trx, user.id, input.code, { recovery: true }))) {
        throw new AppError('BAD_INPUT', CLOSE_WRONG_CODE_MESSAGE);
      }
    }
    const b = await findClosingBlockers(trx, user.id);
    const blockers: string[] = [];
    if (b.balanceCents !== 0) blockers.push(`your balance is $${formatCents(b.balanceCents)} (withdraw it first)`);
    if (b.coinsHeld.length > 0) blockers.push(`you hold ${b.coinsHeld.join(', ')} (sell or withdraw it first)`);
    if (b.openPositions > 0) blockers.push(`${plural(b.openPositions, 'investment is', 'investments are')} still open`);
    if (b.pendingDeposits > 0)
      blockers.push(`${plural(b.pendingDeposits, 'deposit waits', 'deposits wait')} for review`);
    if (b.openWithdrawals > 0)
      blockers.push(`${plural(b.openWithdrawals, 'withdrawal is', 'withdrawals are')} not paid yet`);
    if (blockers.length > 0) {
      // The reasons are English phrases in one value: a list whose parts vary does not fit one catalog text.
      throw new AppError(
        'BAD_INPUT',
        tr('close.blocked', 'Your account cannot be closed yet: {reasons}.', { reasons: blockers.join('; ') }),
      );
    }
    await endSessionsOfUser(trx, user.id, { actorId: user.id, reason: 'account_closed' });
    await dropExportsOfUser(trx, user.id);
    await dropNewsletterAddress(trx, user.email);
    await eraseClosedAccount(trx, user.id, {
      placeholderEmail: `closed-${randomUUID()}@${CLOSED_EMAIL_DOMAIN}`,
      referralCode: `X${randomBytes(10).toString('hex').toUpperCase()}`,
      passwordHash: unusableHash,
      now,
    });
    // #33: identity records are kept (restricted) for KYC_RETENTION_YEARS from now, then erased.
    await markRelationshipEnded(trx, user.id, now);
    // No personal field in the row: the id and the time say all the books need.
    await recordAudit(trx, {
      actorId: user.id,
      action: 'user.close',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { closedAt: now.toISOString() },
    });
  });
  cookies.clear();
  return { ok: true };
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
