// statement.approve: the second administrator applies a statement's matched lines. Credits go through the money
// core in batches (#28): one transition over many deposits, with the same checks, ledger entries, audit rows and
// notices as one by one, in a few statements per batch; settlements and returns of payouts go one by one.
import { randomUUID } from 'node:crypto';
import { tr, type TStatement } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, StatementLineRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { type AuditRecord, recordAudit, recordAudits } from '../audit/audit.repo.ts';
import { depositFlow } from '../deposit/deposit.service.ts';
import { type FlowEnv, runTransitionIn, runTransitionManyIn } from '../money/money.core.ts';
import { insertFlowsIfNewKeys, lockFlowRow } from '../money/money.repo.ts';
import { moveMoney, transfer } from '../money/money.move.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import { isBankFee } from './bank-statement.fees.ts';
import { type CreditCandidates, type CreditDecision, decideCredit } from './bank-statement.matcher.ts';
import * as repo from './bank-statement.repo.ts';
import { creditCandidateWindow } from './bank-statement.matching.ts';
import { getStatement } from './bank-statement.views.ts';

/** Credit lines per batch: a few statements each (locks, reads, one UPDATE per table, multi-row inserts). */
const CREDIT_BATCH = 500;

const OWN_DEPOSIT =
  'Your own deposit: another administrator must approve it (assign the line, or approve the statement).';
const CLOSED_ACCOUNT = 'The member closed their account: it receives nothing. Return the money to the sender.';

/** A line that became an exception at approval: why, and the deposit it may duplicate (kept when null). */
interface LineException {
  id: string;
  reason: string;
  depositId: string | null;
}

/**
 * statement.approve: the second administrator applies the matched lines, in one transaction: credits
 * (confirming the member's report, linking a hand confirmation, or a new confirmed deposit), settlements and
 * returns of payouts, the bank's own fees (booked to the platform's bank_fees account). Each names its line in the ledger entry and the audit row, and the database keeps a line to
 * one use. The importing administrator cannot approve; a line that is the approving administrator's own money, or
 * of a member who closed their account since the import, becomes an exception.
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
    const credits = lines.filter((l) => l.match_kind === 'credit' || l.match_kind === 'link');
    // Whether a member's transfer is credited already is decided under their credit lock (a hand confirmation
    // takes the same one), all taken here first, in one statement and one order, so two approvals cannot deadlock.
    await repo.lockMemberCredits(
      trx,
      credits.map((l) => l.user_id!),
    );
    const exceptions: LineException[] = [];
    // One member's lines stay in their order and in one batch: a member's decisions depend on their own
    // deposits only, so batches of members decide as the lines one by one did.
    const byMember = [...credits].sort((a, b) => (a.user_id! < b.user_id! ? -1 : a.user_id! > b.user_id! ? 1 : 0));
    for (const part of batchesByMember(byMember)) exceptions.push(...(await applyCredits(trx, admin, part, env)));
    for (const line of lines) {
      if (line.match_kind !== 'settle' && line.match_kind !== 'return') continue;
      const outcome = await applyPayoutLine(trx, admin, line, env);
      if (outcome !== null) exceptions.push({ id: line.id, reason: outcome, depositId: null });
    }
    for (const line of lines) {
      if (line.match_kind !== 'fee') continue;
      const outcome = await applyFeeLine(trx, admin, line, st.currency, env);
      if (outcome !== null) exceptions.push({ id: line.id, reason: outcome, depositId: null });
    }
    await repo.markLinesException(trx, exceptions);
    const applied = lines.length - exceptions.length;
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

/** Lines sorted by member cut into batches of about CREDIT_BATCH, never splitting a member's lines. */
function batchesByMember(lines: StatementLineRow[]): StatementLineRow[][] {
  const out: StatementLineRow[][] = [];
  let part: StatementLineRow[] = [];
  for (const line of lines) {
    if (part.length >= CREDIT_BATCH && part[part.length - 1]!.user_id !== line.user_id) {
      out.push(part);
      part = [];
    }
    part.push(line);
  }
  if (part.length > 0) out.push(part);
  return out;
}

/**
 * Applies a batch of credit lines (every line of each of its members): decided again now, under the members'
 * credit locks and with their deposits locked (a report may have been confirmed by hand since the import, or made
 * since; the deposit the import proposed comes first while it still fits), then written together: links to hand
 * confirmations (nothing credited), new deposits, one confirm transition over every deposit credited, the lines'
 * uses, the lines, the audit rows. Answers the lines that became exceptions instead.
 */
async function applyCredits(
  trx: Transaction<DB>,
  admin: Viewer,
  lines: StatementLineRow[],
  env: FlowEnv,
): Promise<LineException[]> {
  const exceptions: LineException[] = [];
  const userIds = [...new Set(lines.map((l) => l.user_id!))];
  const members = await repo.findLineMembers(trx, userIds);
  const proposed = await repo.lockDeposits(
    trx,
    lines.flatMap((l) => (l.deposit_id ? [l.deposit_id] : [])),
  );
  const dates = lines.map((l) => l.booking_date).sort();
  const window = creditCandidateWindow(dates[0]!, dates[dates.length - 1]!);
  const candidates = new Map<string, CreditCandidates>();
  for (const r of await repo.lockCreditCandidates(trx, userIds, window.from, window.to)) {
    const c = candidates.get(r.user_id) ?? { pending: [], handConfirmed: [] };
    const d = { id: r.id, amount_cents: Number(r.amount_cents), created_at: r.created_at };
    if (r.status === 'pending') c.pending.push(d);
    else c.handConfirmed.push(d);
    candidates.set(r.user_id, c);
  }
  const used = new Set<string>();
  const take = (userId: string, depositId: string) => {
    used.add(depositId);
    const c = candidates.get(userId);
    if (!c) return;
    c.pending = c.pending.filter((d) => d.id !== depositId);
    c.handConfirmed = c.handConfirmed.filter((d) => d.id !== depositId);
  };
  const links: { line: StatementLineRow; depositId: string }[] = [];
  const confirms: { line: StatementLineRow; depositId: string }[] = [];
  const fresh: StatementLineRow[] = [];
  for (const line of lines) {
    const userId = line.user_id!;
    if (userId === admin.id) {
      exceptions.push({ id: line.id, reason: OWN_DEPOSIT, depositId: null });
      continue;
    }
    if (members.get(userId)?.closed) {
      exceptions.push({ id: line.id, reason: CLOSED_ACCOUNT, depositId: null });
      continue;
    }
    let decision: CreditDecision | null = null;
    const p = line.deposit_id && !used.has(line.deposit_id) ? proposed.get(line.deposit_id) : undefined;
    if (p?.method === 'bank' && p.statement_line_id === null && p.user_id === userId) {
      if (p.status === 'pending') decision = { kind: 'confirm', depositId: p.id };
      else if (p.status === 'confirmed') decision = { kind: 'link', depositId: p.id };
    }
    if (!decision) {
      const mine = candidates.get(userId) ?? { pending: [], handConfirmed: [] };
      candidates.set(userId, mine);
      decision = decideCredit({ amountCents: Number(line.amount_cents), bookingDate: line.booking_date }, mine);
    }
    if (decision.kind === 'doubt') {
      exceptions.push({ id: line.id, reason: decision.reason, depositId: decision.depositId });
      continue;
    }
    if (decision.kind === 'new') {
      fresh.push(line);
      continue;
    }
    take(userId, decision.depositId);
    (decision.kind === 'link' ? links : confirms).push({ line, depositId: decision.depositId });
  }

  // Credited by hand already: the line is its proof, and nothing is credited again.
  const linked = await repo.linkConfirmedDeposits(
    trx,
    links.map((l) => ({ depositId: l.depositId, lineId: l.line.id })),
  );
  const linkedLines = links.filter((l) => {
    if (linked.has(l.depositId)) return true;
    exceptions.push({
      id: l.line.id,
      reason: 'The deposit confirmed by hand changed meanwhile; check this line.',
      depositId: null,
    });
    return false;
  });
  // A new deposit per line that proves no report, under the line's own key (a second approval finds it).
  const created = new Map(
    (
      await insertFlowsIfNewKeys(
        trx,
        'deposits',
        fresh.map((line) => ({
          id: randomUUID(),
          user_id: line.user_id!,
          amount_cents: Number(line.amount_cents),
          reference: members.get(line.user_id!)?.deposit_reference ?? line.bank_tx_id,
          idempotency_key: `statement-line:${line.id}`,
          created_at: env.now,
        })),
      )
    ).map((d) => [d.idempotency_key, d.id]),
  );
  for (const line of fresh) {
    const depositId = created.get(`statement-line:${line.id}`);
    if (depositId) confirms.push({ line, depositId });
    else exceptions.push({ id: line.id, reason: 'A deposit for this line exists already.', depositId: null });
  }
  await repo.linkDepositsToLines(
    trx,
    confirms.map((c) => ({ depositId: c.depositId, lineId: c.line.id })),
  );
  // One transition over every deposit these lines credit: the flow's checks, ledger entries, audit and notices.
  await runTransitionManyIn(trx, depositFlow, 'confirm', {
    ids: confirms.map((c) => c.depositId),
    actor: admin,
    env,
    set: { reviewed_by: admin.id, reviewed_at: env.now },
  });
  const applied = [
    ...linkedLines.map((l) => ({ ...l, matchKind: 'link' as const })),
    ...confirms.map((c) => ({ ...c, matchKind: 'credit' as const })),
  ];
  await repo.insertLineUses(
    trx,
    applied.map((a) => ({
      line_id: a.line.id,
      use: 'deposit',
      target_id: a.depositId,
      actor_id: admin.id,
      at: env.now,
    })),
  );
  await repo.markLinesApplied(
    trx,
    applied.map((a) => ({ id: a.line.id, matchKind: a.matchKind, depositId: a.depositId })),
    admin.id,
    env.now,
  );
  await recordAudits(
    trx,
    applied.map(
      (a): AuditRecord => ({
        actorId: admin.id,
        action: a.matchKind === 'link' ? 'statement.apply_link' : 'statement.apply_deposit',
        entityType: 'statement_line',
        entityId: a.line.id,
        before: { status: 'matched' },
        after:
          a.matchKind === 'link'
            ? { status: 'applied', depositId: a.depositId, amount: Number(a.line.amount_cents) / 100, credited: 0 }
            : { status: 'applied', depositId: a.depositId, amount: Number(a.line.amount_cents) / 100 },
      }),
    ),
  );
  return exceptions;
}

/** Applies one matched settlement or return of a payout; answers null, or why it became an exception instead. */
async function applyPayoutLine(
  trx: Transaction<DB>,
  admin: Viewer,
  line: StatementLineRow,
  env: FlowEnv,
): Promise<string | null> {
  const amount = Number(line.amount_cents);
  let use: { use: 'settle' | 'return'; target: string };
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
  await repo.insertLineUse(trx, {
    line_id: line.id,
    use: use.use,
    target_id: use.target,
    actor_id: admin.id,
    at: env.now,
  });
  await repo.updateLine(trx, line.id, {
    status: 'applied',
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
      withdrawalId: use.target,
      amount: amount / 100,
    },
  });
  return null;
}

/**
 * Books one line matched as the bank's fee (#34, bank-statement.fees.ts): the rule is checked again on the stored
 * line, then the charge moves from the platform's bank_fees account to the bank (money out of the account) in
 * the journal, the line's one use is `fee` (its target the line itself: the movement's ref), and it is audited
 * `statement.apply_fee`. Answers null, or why the line became an exception instead.
 */
async function applyFeeLine(
  trx: Transaction<DB>,
  admin: Viewer,
  line: StatementLineRow,
  accountCurrency: string,
  env: FlowEnv,
): Promise<string | null> {
  const amount = Number(line.amount_cents);
  const fee = isBankFee({
    amountCents: amount,
    isReturn: line.is_return,
    counterpartyName: line.counterparty_name,
    counterpartyAccount: line.counterparty_account,
    bankTxCode: line.bank_tx_code,
    reference: line.reference,
    description: line.description,
  });
  if (!fee) return 'This line no longer reads as a bank fee; check it.';
  if (line.currency !== accountCurrency)
    return `Wrong currency: ${line.currency} on a ${accountCurrency} account (never converted).`;
  await moveMoney(trx, {
    kind: 'bank_fee',
    legs: transfer({ kind: 'bank_fees' }, { kind: 'bank' }, BigInt(-amount)),
    ref: { type: 'statement_line', id: line.id },
    actorId: admin.id,
    memo: `Bank fee (${line.bank_tx_code}): statement line ${line.bank_tx_id}`,
    at: env.now,
  });
  await repo.insertLineUse(trx, { line_id: line.id, use: 'fee', target_id: line.id, actor_id: admin.id, at: env.now });
  await repo.updateLine(trx, line.id, { status: 'applied', resolved_by: admin.id, resolved_at: env.now });
  await recordAudit(trx, {
    actorId: admin.id,
    action: 'statement.apply_fee',
    entityType: 'statement_line',
    entityId: line.id,
    before: { status: 'matched' },
    after: { status: 'applied', fee: -amount / 100, code: line.bank_tx_code, bankTxId: line.bank_tx_id },
  });
  return null;
}
