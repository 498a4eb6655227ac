import { tr } from '@vestora/contract';
import { ZEmail } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError, describeZodError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { findUserByEmail } from './user.repo.ts';
import { issueAccountLink, TOKEN_LIFETIME_MS } from './user.tokens.ts';

/**
 * `pnpm cli reset-link --email ADDRESS`: a fresh password reset link for a member, for an operator with server
 * access when no mail is delivered (admins never read security mail in the Outbox). Earlier reset links stop
 * working; the audit log records it with actor "server operator" (actor null, `by: 'server operator'`).
 */
export async function issueResetLinkForOperator(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rawEmail: string,
): Promise<{ email: string; url: string; expiresAt: Date }> {
  const parsed = ZEmail.safeParse(rawEmail);
  if (!parsed.success) throw new AppError('BAD_INPUT', describeZodError(parsed.error));
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, parsed.data);
    if (!user)
      throw new AppError(
        'NOT_FOUND',
        tr('resetLink.noAccount', 'No account has the email {email}; nothing was issued.', { email: parsed.data }),
      );
    if (user.disabled_at !== null) {
      throw new AppError(
        'INVALID_STATE',
        tr('resetLink.accountDisabled', 'The account {email} is disabled; enable it first. Nothing was issued.', {
          email: user.email,
        }),
      );
    }
    const url = await issueAccountLink(
      trx,
      deps.config,
      { userId: user.id, purpose: 'reset_password', email: user.email },
      now,
    );
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS.reset_password);
    await recordAudit(trx, {
      actorId: null,
      action: 'user.reset_link_issued',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { email: user.email, by: 'server operator', expiresAt: expiresAt.toISOString() },
    });
    return { email: user.email, url, expiresAt };
  });
}
