// Exceptions resolved by hand: assigned to a member (a deposit another admin confirms) or set aside.
import { randomUUID } from 'node:crypto';
import { type Msg, tr, type TStatementLine } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { proposeIn, refuseProposer } from '../approval/approval.core.ts';
import { type FlowEnv } from '../money/money.core.ts';
import { insertFlowIfNewKey } from '../money/money.repo.ts';
import * as repo from './bank-statement.repo.ts';
import { getLine } from './bank-statement.views.ts';

/** The statement line, locked, when it is an exception still to resolve; else the refusal (`notException`). */
async function lockException(trx: Transaction<DB>, lineId: string, notException: (status: string) => Msg) {
  const line = await repo.lockLine(trx, lineId);
  if (!line) throw new AppError('NOT_FOUND', tr('statement.lineNotFound', 'No statement line with that id exists.'));
  if (line.status !== 'exception') throw new AppError('INVALID_STATE', notException(line.status));
  return line;
}

/** statement.assign: an exception credit becomes a pending deposit of the member, reviewed by another admin. */
export async function assignLine(
  db: Database,
  admin: Viewer,
  input: { lineId: string; userId: string },
  env: FlowEnv,
): Promise<TStatementLine> {
  await db.transaction().execute(async (trx) => {
    const line = await lockException(trx, input.lineId, (status) =>
      tr('statement.lineNotException', 'This line is {status}; only an exception can be assigned.', { status }),
    );
    if (Number(line.amount_cents) <= 0)
      throw new AppError(
        'BAD_INPUT',
        tr('statement.creditOnly', 'Only money in (a credit) can be assigned to a member.'),
      );
    if (!(await repo.userExists(trx, input.userId)))
      throw new AppError('NOT_FOUND', tr('statement.memberNotFound', 'That member does not exist.'));
    const deposit = await insertFlowIfNewKey(trx, 'deposits', {
      id: randomUUID(),
      user_id: input.userId,
      amount_cents: Number(line.amount_cents),
      reference: (line.reference ?? line.bank_tx_id).slice(0, 100),
      idempotency_key: `statement-line:${line.id}`,
      created_at: env.now,
      statement_line_id: line.id,
      assigned_by: admin.id,
    });
    if (!deposit)
      throw new AppError('INVALID_STATE', tr('statement.depositExists', 'A deposit for this line exists already.'));
    // A line assigned by hand is a credit a person decides (#27): the assigner proposes its confirmation.
    await refuseProposer(trx, admin.id, input.userId, env);
    await proposeIn(trx, {
      kind: 'deposit_confirm',
      payload: { depositId: deposit.id, reference: deposit.reference, statementLineId: line.id },
      userId: input.userId,
      amountCents: Number(line.amount_cents),
      reason: `Statement line ${line.bank_tx_id} assigned by hand`,
      proposedBy: admin.id,
      now: env.now,
    });
    await repo.insertLineUse(trx, {
      line_id: line.id,
      use: 'deposit',
      target_id: deposit.id,
      actor_id: admin.id,
      at: env.now,
    });
    await repo.updateLine(trx, line.id, {
      status: 'assigned',
      user_id: input.userId,
      deposit_id: deposit.id,
      resolved_by: admin.id,
      resolved_at: env.now,
    });
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'statement.assign',
      entityType: 'statement_line',
      entityId: line.id,
      before: { status: line.status, reason: line.reason },
      after: { status: 'assigned', userId: input.userId, depositId: deposit.id },
    });
  });
  return getLine(db, input.lineId);
}

/** statement.dismiss: an exception set aside with a reason (returned to sender, not ours, bank fee). */
export async function dismissLine(
  db: Database,
  admin: Viewer,
  input: { lineId: string; reason: string },
  env: FlowEnv,
): Promise<TStatementLine> {
  await db.transaction().execute(async (trx) => {
    const line = await lockException(trx, input.lineId, (status) =>
      tr('statement.lineNotExceptionDismiss', 'This line is {status}; only an exception can be set aside.', { status }),
    );
    await repo.updateLine(trx, line.id, {
      status: 'dismissed',
      reason: input.reason,
      resolved_by: admin.id,
      resolved_at: env.now,
    });
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'statement.dismiss',
      entityType: 'statement_line',
      entityId: line.id,
      before: { status: line.status, reason: line.reason },
      after: { status: 'dismissed', reason: input.reason },
    });
  });
  return getLine(db, input.lineId);
}
