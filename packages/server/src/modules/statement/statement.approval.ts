// statement.approve: the second administrator applies a statement's matched lines.
import { randomUUID } from 'node:crypto';
import { tr, type TStatement } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, StatementLineRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { depositFlow } from '../deposit/deposit.service.ts';
import { type FlowEnv, runTransitionIn } from '../money/money.core.ts';
import { insertFlowIfNewKey, lockFlowRow } from '../money/money.repo.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import { decideCredit } from './statement.matcher.ts';
import * as repo from './statement.repo.ts';
import { creditCandidates } from './statement.matching.ts';
import { getStatement } from './statement.views.ts';

/**
 * statement.approve: the second administrator applies the matched lines, in one transaction: credits
 * (confirming the member's report, or a new confirmed deposit), settlements and returns of payouts. Each names
 * its line in the ledger entry and the audit row, and the database keeps a line to one use. The importing
 * administrator cannot approve; a line that is the approving administrator's own money stays an exception.
 */
export async function approveStatement(
  db: Database,
  admin: Viewer,
  statementId: string,
  env: FlowEnv,
): Promise<TStatement> {
  await db.transaction().execute(async (trx) => {
    const st = await repo.lockStatement(trx, statementId);
    if (!st) throw new AppError('NOT_FOUND', tr('statement.notFound', 'No statement with that id exists.'));
    if (st.status === 'approved')
      throw new AppError('INVALID_STATE', tr('statement.alreadyApproved', 'This statement was already approved.'));
    if (st.imported_by === admin.id) {
      throw new AppError(
        'FORBIDDEN',
        tr('statement.ownImport', 'You imported this statement; another administrator must approve it.'),
      );
    }
    const lines = await repo.matchedLinesOf(trx, statementId);
    // Whether a member's transfer is credited already is decided under their credit lock (a hand confirmation
    // takes the same one), all taken here first in one order so two approvals cannot deadlock.
    await repo.lockMemberCredits(
      trx,
      lines.flatMap((l) => (l.user_id && (l.match_kind === 'credit' || l.match_kind === 'link') ? [l.user_id] : [])),
    );
    let applied = 0;
    for (const line of lines) {
      const outcome = await applyLine(trx, admin, line, env);
      if (outcome === null) {
        applied++;
        continue;
      }
      await repo.updateLine(trx, line.id, { status: 'exception', reason: outcome });
    }
    await repo.markStatementApproved(trx, statementId, admin.id, env.now);
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'statement.approve',
      entityType: 'statement',
      entityId: statementId,
      before: { status: 'proposed' },
      after: { status: 'approved', applied, exceptions: lines.length - applied },
    });
  });
  return getStatement(db, statementId);
}

/** Applies one matched line; answers null, or why it became an exception instead. */
async function applyLine(
  trx: Transaction<DB>,
  admin: Viewer,
  line: StatementLineRow,
  env: FlowEnv,
): Promise<string | null> {
  const amount = Number(line.amount_cents);
  let use: { use: 'deposit' | 'settle' | 'return'; target: string };
  if (line.match_kind === 'credit' || line.match_kind === 'link') {
    const userId = line.user_id!;
    if (userId === admin.id) {
      return 'Your own deposit: another administrator must approve it (assign the line, or approve the statement).';
    }
    // Decided again now (under the member's credit lock): a report may have been confirmed by hand since the
    // import, or made since. The deposit the import proposed comes first while it still fits.
    let decision: ReturnType<typeof decideCredit> | null = null;
    if (line.deposit_id) {
      const proposed = await repo.findDepositStatus(trx, line.deposit_id);
      if (proposed?.method === 'bank' && proposed.statement_line_id === null) {
        if (proposed.status === 'pending') decision = { kind: 'confirm', depositId: proposed.id };
        else if (proposed.status === 'confirmed') decision = { kind: 'link', depositId: proposed.id };
      }
    }
    if (!decision) {
      const candidates = await creditCandidates(trx, [userId], line.booking_date, line.booking_date);
      decision = decideCredit(
        { amountCents: amount, bookingDate: line.booking_date },
        candidates.get(userId) ?? { pending: [], handConfirmed: [] },
      );
    }
    if (decision.kind === 'doubt') {
      await repo.updateLine(trx, line.id, { deposit_id: decision.depositId });
      return decision.reason;
    }
    if (decision.kind === 'link') {
      // Credited by hand already: this line is its proof, and nothing is credited again.
      if (!(await repo.linkConfirmedDeposit(trx, decision.depositId, line.id)))
        return 'The deposit confirmed by hand changed meanwhile; check this line.';
      await repo.insertLineUse(trx, {
        line_id: line.id,
        use: 'deposit',
        target_id: decision.depositId,
        actor_id: admin.id,
        at: env.now,
      });
      await repo.updateLine(trx, line.id, {
        status: 'applied',
        match_kind: 'link',
        deposit_id: decision.depositId,
        resolved_by: admin.id,
        resolved_at: env.now,
      });
      await recordAudit(trx, {
        actorId: admin.id,
        action: 'statement.apply_link',
        entityType: 'statement_line',
        entityId: line.id,
        before: { status: 'matched' },
        after: { status: 'applied', depositId: decision.depositId, amount: amount / 100, credited: 0 },
      });
      return null;
    }
    let depositId: string | null = decision.kind === 'confirm' ? decision.depositId : null;
    if (!depositId) {
      const ref = await repo.findMemberReference(trx, userId);
      const created = await insertFlowIfNewKey(trx, 'deposits', {
        id: randomUUID(),
        user_id: userId,
        amount_cents: amount,
        reference: ref?.deposit_reference ?? line.bank_tx_id,
        idempotency_key: `statement-line:${line.id}`,
        created_at: env.now,
      });
      if (!created) return 'A deposit for this line exists already.';
      depositId = created.id;
    }
    await repo.linkDepositToLine(trx, depositId, line.id);
    await repo.updateLine(trx, line.id, { match_kind: 'credit' });
    await runTransitionIn(trx, depositFlow, 'confirm', {
      id: depositId,
      actor: admin,
      env,
      set: { reviewed_by: admin.id, reviewed_at: env.now },
    });
    use = { use: 'deposit', target: depositId };
  } else {
    const w = await lockFlowRow(trx, 'withdrawals', line.withdrawal_id!);
    if (!w) return 'The payout no longer exists.';
    if (w.user_id === admin.id) return 'Your own payout: another administrator must approve this statement.';
    if (line.match_kind === 'settle') {
      if (w.status !== 'sent') return `The payout is ${w.status} now, not waiting for the bank.`;
      await runTransitionIn(trx, withdrawalFlow, 'settle', {
        id: w.id,
        actor: admin,
        env,
        set: { settled_line_id: line.id },
      });
      use = { use: 'settle', target: w.id };
    } else {
      if (w.status !== 'sent' && w.status !== 'paid') return `The payout is ${w.status} now; nothing to return.`;
      await runTransitionIn(trx, withdrawalFlow, w.status === 'sent' ? 'returnSent' : 'returnPaid', {
        id: w.id,
        actor: admin,
        env,
        set: { returned_line_id: line.id },
      });
      use = { use: 'return', target: w.id };
    }
  }
  await repo.insertLineUse(trx, {
    line_id: line.id,
    use: use.use,
    target_id: use.target,
    actor_id: admin.id,
    at: env.now,
  });
  await repo.updateLine(trx, line.id, {
    status: 'applied',
    ...(use.use === 'deposit' ? { deposit_id: use.target } : {}),
    resolved_by: admin.id,
    resolved_at: env.now,
  });
  await recordAudit(trx, {
    actorId: admin.id,
    action: `statement.apply_${use.use}`,
    entityType: 'statement_line',
    entityId: line.id,
    before: { status: 'matched' },
    after: {
      status: 'applied',
      [use.use === 'deposit' ? 'depositId' : 'withdrawalId']: use.target,
      amount: amount / 100,
    },
  });
  return null;
}
