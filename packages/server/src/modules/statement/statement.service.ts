// Bank statements in: read (camt.053 or CSV), checked (balances add up, no gap with the previous statement),
// stored once per line, matched in passes, and applied only when a second administrator approves.
import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  type Msg,
  type TCsvMapping,
  tr,
  type TReconciliation,
  type TSavedCsvMapping,
  type TStatement,
  type TStatementImportInput,
  type TStatementImportResult,
  type TStatementLine,
  ZCsvMapping,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, StatementLineRow, StatementLineStatus, StatementRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { proposeIn, refuseProposer } from '../approval/approval.core.ts';
import { depositFlow } from '../deposit/deposit.service.ts';
import { type FlowEnv, runTransitionIn } from '../money/money.core.ts';
import { insertFlowIfNewKey, lockFlowRow } from '../money/money.repo.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import { readCamt053 } from './camt053.reader.ts';
import { readCsvStatement } from './csv.reader.ts';
import {
  type CreditCandidates,
  decideCredit,
  type LineDecision,
  lineReferences,
  matchLine,
  SAME_TRANSFER_WINDOW_DAYS,
} from './statement.matcher.ts';
import { normaliseAccount, sortOutTransfers, transferKey } from './statement.transfer.ts';
import * as repo from './statement.repo.ts';
import { centsText, type ParsedStatement, StatementFileError } from './statement.types.ts';

const PLATFORM_CURRENCY = 'USD';

const money = (cents: number) => `$${centsText(cents)}`;

/** Refuses a statement whose opening balance is not where the previous statement of the account closed. */
function statementGap(g: {
  opening: string;
  afterImported: boolean;
  previousTo: string | null;
  previousClosing: string;
  apart: string;
}): Msg {
  const values = {
    opening: g.opening,
    after: g.afterImported ? 'yes' : 'no',
    closing: g.previousClosing,
    apart: g.apart,
  };
  if (g.previousTo) {
    return tr(
      'statement.gapTo',
      'This statement does not continue the previous one: it starts at {opening}' +
        '{after, select, yes { (after the lines already imported)} other {}}, but the previous statement' +
        ' (to {to}) closed at {closing} ({apart} apart). A statement is missing in between. Nothing was imported.',
      { ...values, to: g.previousTo },
    );
  }
  return tr(
    'statement.gap',
    'This statement does not continue the previous one: it starts at {opening}' +
      '{after, select, yes { (after the lines already imported)} other {}}, but the previous statement' +
      ' closed at {closing} ({apart} apart). A statement is missing in between. Nothing was imported.',
    values,
  );
}

const MT940_REFUSED = tr(
  'statement.mt940',
  'format: MT940 is not read here: no maintained MT940 parser exists for Node.js. Ask the bank for its ' +
    'camt.053 (ISO 20022) export, or a CSV export.',
);

/** An MT940 statement: SWIFT header blocks (`{1:`) or, near the start, its transaction reference tag `:20:`. */
function looksLikeMt940(content: string): boolean {
  const start = content
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 200);
  return start.startsWith('{1:') || /^:20:/m.test(start);
}

function readFile(input: TStatementImportInput, mapping: TCsvMapping | undefined, currency: string): ParsedStatement {
  if (input.content.includes('\u0000')) {
    throw new AppError(
      'BAD_INPUT',
      tr('statement.nulCharacters', 'content: This file holds NUL characters; it is not a text statement file.'),
    );
  }
  // An MT940 file (SWIFT blocks or `:20:` tags) chosen as camt.053 or CSV gets the reason, not the XML or CSV
  // reader's own complaint about its first character.
  if (input.format === 'mt940' || looksLikeMt940(input.content)) throw new AppError('BAD_INPUT', MT940_REFUSED);
  try {
    if (input.format === 'camt053') return readCamt053(input.content);
    if (input.format === 'csv') {
      if (!mapping) {
        throw new AppError(
          'BAD_INPUT',
          tr(
            'statement.mappingMissing',
            'mapping: This bank account has no saved CSV column mapping yet; send one (date, amount, reference...).',
          ),
        );
      }
      return readCsvStatement(input.content, mapping, currency);
    }
    throw new AppError('BAD_INPUT', MT940_REFUSED);
  } catch (e) {
    if (e instanceof StatementFileError) throw new AppError('BAD_INPUT', e.msg ?? e.message);
    throw e;
  }
}

/**
 * statement.import: stores every new line once (unique on bank account + the bank's transaction id), refuses a
 * file that does not add up or leaves a gap after the previous statement, and proposes a match for each line.
 * Nothing moves money until another administrator approves the statement.
 */
export async function importStatement(
  db: Database,
  admin: Viewer,
  input: TStatementImportInput,
  env: FlowEnv,
): Promise<TStatementImportResult> {
  const platform = await repo.findPlatformAccount(db);
  const currency = platform?.currency ?? PLATFORM_CURRENCY;
  const csvAccount =
    input.format === 'csv' ? normaliseAccount(input.bankAccount ?? platform?.account_number ?? '') : null;
  if (csvAccount === '') {
    throw new AppError(
      'BAD_INPUT',
      tr('statement.bankAccountMissing', 'bankAccount: Name the bank account this CSV file is from.'),
    );
  }
  let mapping = input.mapping;
  if (csvAccount && !mapping) {
    const saved = await repo.findCsvMapping(db, csvAccount);
    if (saved) mapping = ZCsvMapping.parse(JSON.parse(saved.mapping));
  }
  const parsed = readFile(input, mapping, currency);
  const bankAccount = csvAccount ?? (parsed.bankAccount ? normaliseAccount(parsed.bankAccount) : null);
  if (!bankAccount)
    throw new AppError('BAD_INPUT', tr('statement.noAccount', 'This statement names no account (Acct/Id).'));
  await refuseForeignAccount(db, bankAccount, platform?.account_number ?? null);
  const lines = parsed.lines;
  const sum = lines.reduce((s, l) => s + l.amountCents, 0);
  const fileCredits = lines.reduce((s, l) => s + Math.max(l.amountCents, 0), 0);
  const fileDebits = lines.reduce((s, l) => s - Math.min(l.amountCents, 0), 0);
  if (
    parsed.openingCents !== null &&
    parsed.closingCents !== null &&
    parsed.openingCents + sum !== parsed.closingCents
  ) {
    throw new AppError(
      'BAD_INPUT',
      tr(
        'statement.doesNotAddUp',
        'This statement does not add up: opening balance {opening} + its {lines, plural, other {# lines}} ' +
          '({sum}) = {total}, but its closing balance is {closing} ({missing} missing). ' +
          'Is the file complete? Nothing was imported.',
        {
          opening: money(parsed.openingCents),
          lines: lines.length,
          sum: money(sum),
          total: money(parsed.openingCents + sum),
          closing: money(parsed.closingCents),
          missing: money(parsed.closingCents - parsed.openingCents - sum),
        },
      ),
    );
  }

  return db.transaction().execute(async (trx) => {
    await repo.lockBankAccount(trx, bankAccount);
    const last = await repo.findLastStatement(trx, bankAccount);
    const stored = await repo.findStoredLines(
      trx,
      bankAccount,
      lines.map((l) => l.bankTxId),
    );
    // Lines already stored (an overlapping or repeated file, or the same transfers from a file of another format),
    // and a line the file itself repeats, are duplicates.
    const transfers = sortOutTransfers(
      lines,
      stored,
      await repo.findStoredByTransferKey(
        trx,
        bankAccount,
        lines.map((l) => transferKey(l)),
      ),
    );
    const isNew = transfers.isNew;
    const firstNew = isNew.indexOf(true);
    const duplicates = isNew.filter((n) => !n).length;
    if (lines.length > 0 && firstNew < 0) {
      // Everything was imported before: nothing to add.
      return {
        statementId: transfers.duplicateOf.find((d) => d !== null) ?? last!.id,
        lines: 0,
        duplicates,
        matched: 0,
        exceptions: 0,
        fileCredits: centsToDollars(fileCredits),
        fileDebits: centsToDollars(fileDebits),
      };
    }
    // The balance before the first new line: the opening plus the lines already stored before it.
    const prefix = lines.slice(0, Math.max(firstNew, 0)).reduce((s, l) => s + l.amountCents, 0);
    let openingCents: number;
    let closingCents: number;
    if (parsed.openingCents !== null && parsed.closingCents !== null) {
      openingCents = parsed.openingCents + prefix;
      closingCents = parsed.closingCents;
      if (last && Number(last.closing_cents) !== openingCents) {
        throw new AppError(
          'BAD_INPUT',
          statementGap({
            opening: money(openingCents),
            afterImported: prefix !== 0 || firstNew > 0,
            previousTo: last.to_date,
            previousClosing: money(Number(last.closing_cents)),
            apart: money(openingCents - Number(last.closing_cents)),
          }),
        );
      }
    } else {
      // A CSV without balances: it continues the previous statement (it cannot be checked; see csv.reader.ts).
      openingCents = last ? Number(last.closing_cents) : 0;
      closingCents = openingCents + lines.filter((_, i) => isNew[i]).reduce((s, l) => s + l.amountCents, 0);
    }

    const newIndex = lines.flatMap((_, i) => (isNew[i] ? [i] : []));
    const newLines = newIndex.map((i) => lines[i]!);
    const decisions = await matchAll(trx, newLines, currency);
    const statementId = randomUUID();
    await repo.insertStatement(trx, {
      id: statementId,
      bank_account: bankAccount,
      format: input.format,
      bank_statement_id: parsed.bankStatementId,
      currency: parsed.currency ?? currency,
      opening_cents: openingCents,
      closing_cents: closingCents,
      from_date: parsed.fromDate,
      to_date: parsed.toDate,
      line_count: newLines.length,
      duplicate_count: duplicates,
      imported_by: admin.id,
      imported_at: env.now,
      file_credits_cents: fileCredits,
      file_debits_cents: fileDebits,
      balance_checked: parsed.openingCents !== null && parsed.closingCents !== null,
    });
    await repo.insertLines(
      trx,
      newLines.map((l, i) => {
        const d = decisions[i]!;
        return {
          id: randomUUID(),
          statement_id: statementId,
          bank_account: bankAccount,
          bank_tx_id: l.bankTxId,
          booking_date: l.bookingDate,
          amount_cents: l.amountCents,
          currency: l.currency,
          reference: l.reference,
          end_to_end_id: l.endToEndId,
          description: l.description,
          counterparty_name: l.counterpartyName,
          counterparty_account: l.counterpartyAccount,
          is_return: l.isReturn,
          has_bank_id: l.hasBankId,
          transfer_key: transfers.keys[newIndex[i]!]!,
          transfer_n: transfers.n[newIndex[i]!]!,
          status: d.status,
          match_kind: d.matchKind,
          user_id: d.userId,
          deposit_id: d.depositId,
          withdrawal_id: d.withdrawalId,
          reason: d.reason,
          created_at: env.now,
        };
      }),
    );
    // A mapping sent with the import read this file only: a stored mapping changes only by approval (#27).
    const matched = decisions.filter((d) => d.status === 'matched').length;
    const result = {
      statementId,
      lines: newLines.length,
      duplicates,
      matched,
      exceptions: decisions.length - matched,
      fileCredits: centsToDollars(fileCredits),
      fileDebits: centsToDollars(fileDebits),
    };
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'statement.import',
      entityType: 'statement',
      entityId: statementId,
      before: null,
      after: { ...result, bankAccount, format: input.format, opening: openingCents, closing: closingCents },
    });
    return result;
  });
}

/** statement.csvMapping: what a CSV import of this account (default: the deposit account) uses when sent none. */
export async function savedCsvMapping(db: Database, bankAccount: string | undefined): Promise<TSavedCsvMapping> {
  const account = normaliseAccount(bankAccount ?? (await repo.findPlatformAccount(db))?.account_number ?? '');
  const saved = account ? await repo.findCsvMapping(db, account) : undefined;
  return {
    bankAccount: account,
    mapping: saved ? ZCsvMapping.parse(JSON.parse(saved.mapping)) : null,
    updatedAt: saved ? saved.updated_at.toISOString() : null,
  };
}

async function matchAll(
  trx: Transaction<DB>,
  lines: ParsedStatement['lines'],
  accountCurrency: string,
): Promise<LineDecision[]> {
  const refs = [...new Set(lines.flatMap((l) => (l.amountCents > 0 ? lineReferences(l) : [])))];
  const members = await repo.findMembersByReference(trx, refs);
  const dates = lines.map((l) => l.bookingDate).sort();
  const candidatesByUser = await creditCandidates(
    trx,
    [...new Set([...members.values()].map((m) => m.id))],
    dates[0] ?? '1970-01-01',
    dates[dates.length - 1] ?? '1970-01-01',
  );
  const e2e = [...new Set(lines.map((l) => l.endToEndId).filter((x): x is string => x !== null))];
  const withdrawals = await repo.findWithdrawalsByEndToEnd(trx, e2e);
  const ctx = { accountCurrency, members, candidatesByUser, withdrawals };
  return lines.map((l) => matchLine(l, ctx));
}

const DAY_MS = 86_400_000;

/** Per member, the deposits credit lines booked between `fromDate` and `toDate` may prove (see decideCredit). */
async function creditCandidates(
  trx: Transaction<DB>,
  userIds: string[],
  fromDate: string,
  toDate: string,
): Promise<Map<string, CreditCandidates>> {
  const window = (SAME_TRANSFER_WINDOW_DAYS + 1) * DAY_MS;
  const rows = await repo.findCreditCandidates(
    trx,
    userIds,
    new Date(Date.parse(`${fromDate}T00:00:00Z`) - window),
    new Date(Date.parse(`${toDate}T00:00:00Z`) + window),
  );
  const byUser = new Map<string, CreditCandidates>();
  for (const r of rows) {
    const c = byUser.get(r.user_id) ?? { pending: [], handConfirmed: [] };
    const d = { id: r.id, amount_cents: Number(r.amount_cents), created_at: r.created_at };
    if (r.status === 'pending') c.pending.push(d);
    else c.handConfirmed.push(d);
    byUser.set(r.user_id, c);
  }
  return byUser;
}

/**
 * A statement is of the platform's deposit account, or of an account statements were imported for before (the
 * deposit account it had then); any other account is refused (#27: a member's own statement, another company's).
 */
async function refuseForeignAccount(db: Database, bankAccount: string, platformAccount: string | null) {
  if (platformAccount !== null && normaliseAccount(platformAccount) === bankAccount) return;
  if (await repo.findLastStatement(db, bankAccount)) return;
  throw new AppError(
    'BAD_INPUT',
    platformAccount === null
      ? tr(
          'statement.noPlatformAccount',
          'The deposit account is not set up yet, so no statement can be read: set it up first (Deposit account).',
        )
      : tr(
          'statement.foreignAccount',
          "This statement is of account {account}, not of the platform's deposit account ({platform}). Nothing was imported.",
          { account: bankAccount, platform: normaliseAccount(platformAccount) },
        ),
  );
}

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

/** statement.assign: an exception credit becomes a pending deposit of the member, reviewed by another admin. */
export async function assignLine(
  db: Database,
  admin: Viewer,
  input: { lineId: string; userId: string },
  env: FlowEnv,
): Promise<TStatementLine> {
  await db.transaction().execute(async (trx) => {
    const line = await repo.lockLine(trx, input.lineId);
    if (!line) throw new AppError('NOT_FOUND', tr('statement.lineNotFound', 'No statement line with that id exists.'));
    if (line.status !== 'exception') {
      throw new AppError(
        'INVALID_STATE',
        tr('statement.lineNotException', 'This line is {status}; only an exception can be assigned.', {
          status: line.status,
        }),
      );
    }
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
    const line = await repo.lockLine(trx, input.lineId);
    if (!line) throw new AppError('NOT_FOUND', tr('statement.lineNotFound', 'No statement line with that id exists.'));
    if (line.status !== 'exception') {
      throw new AppError(
        'INVALID_STATE',
        tr('statement.lineNotExceptionDismiss', 'This line is {status}; only an exception can be set aside.', {
          status: line.status,
        }),
      );
    }
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

export function toLine(l: StatementLineRow): TStatementLine {
  return {
    id: l.id,
    statementId: l.statement_id,
    bankAccount: l.bank_account,
    bankTransactionId: l.bank_tx_id,
    bookingDate: l.booking_date,
    amount: centsToDollars(Number(l.amount_cents)),
    currency: l.currency,
    reference: l.reference,
    endToEndId: l.end_to_end_id,
    description: l.description,
    counterpartyName: l.counterparty_name,
    counterpartyAccount: l.counterparty_account,
    status: l.status,
    matchKind: l.match_kind,
    userId: l.user_id,
    depositId: l.deposit_id,
    withdrawalId: l.withdrawal_id,
    reason: l.reason,
  };
}

async function getLine(db: Database, id: string): Promise<TStatementLine> {
  const row = await repo.findLine(db, id);
  if (!row) throw new AppError('NOT_FOUND', tr('statement.lineNotFound', 'No statement line with that id exists.'));
  return toLine(row);
}

export async function listLines(
  db: Database,
  filter: { statementId?: string | undefined; status?: StatementLineStatus | undefined },
): Promise<TStatementLine[]> {
  return (await repo.listLineRows(db, filter)).map(toLine);
}

export async function listStatements(db: Database): Promise<TStatement[]> {
  const rows = await repo.listStatementRows(db);
  return withSummaries(db, rows);
}

async function getStatement(db: Database, id: string): Promise<TStatement> {
  const row = await repo.findStatement(db, id);
  if (!row) throw new AppError('NOT_FOUND', tr('statement.notFound', 'No statement with that id exists.'));
  return (await withSummaries(db, [row]))[0]!;
}

async function withSummaries(db: Database, rows: StatementRow[]): Promise<TStatement[]> {
  const figures = await repo.statementLineFigures(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = figures.byStatus.filter((f) => f.statement_id === r.id);
    const count = (pred: (f: (typeof mine)[number]) => boolean) =>
      mine.filter(pred).reduce((s, f) => s + Number(f.n), 0);
    return {
      id: r.id,
      bankAccount: r.bank_account,
      format: r.format,
      currency: r.currency,
      opening: centsToDollars(Number(r.opening_cents)),
      closing: centsToDollars(Number(r.closing_cents)),
      fromDate: r.from_date,
      toDate: r.to_date,
      lines: r.line_count,
      duplicates: r.duplicate_count,
      status: r.status,
      importedBy: r.imported_by,
      approvedBy: r.approved_by,
      importedAt: iso(r.imported_at),
      approvedAt: isoOrNull(r.approved_at),
      fileCredits: r.file_credits_cents === null ? null : centsToDollars(Number(r.file_credits_cents)),
      fileDebits: r.file_debits_cents === null ? null : centsToDollars(Number(r.file_debits_cents)),
      balanceChecked: r.balance_checked,
      summary: {
        lines: count(() => true),
        credits: figures.credits
          .filter((c) => c.statement_id === r.id)
          .map((c) => ({
            userId: c.user_id!,
            userEmail: c.email,
            amount: centsToDollars(Number(c.cents)),
            lines: Number(c.n),
          })),
        settlements: count((f) => f.match_kind === 'settle' && f.status !== 'exception'),
        returns: count((f) => f.match_kind === 'return' && f.status !== 'exception'),
        exceptions: count((f) => f.status === 'exception'),
        totalIn: centsToDollars(mine.reduce((s, f) => s + Number(f.cents_in), 0)),
        totalOut: centsToDollars(mine.reduce((s, f) => s + Number(f.cents_out), 0)),
      },
    };
  });
}

/**
 * The platform's account against everything the books say it holds (#27): members' balances, open principal and
 * funds held for withdrawals, plus the platform's own funds (the first statement's opening balance less what the
 * platform paid: interest, referral rewards, adjustments). Open items explain the difference: lines not credited
 * yet, deposits confirmed by hand that no line proves, Bitcoin deposits (in the wallet, not at the bank), payouts
 * paid outside the account, returns of payouts never settled. What is left must be 0.
 */
async function wholeBooks(
  db: Database,
  bankAccount: string,
  bankClosing: number,
  firstOpening: number,
  lineItems: { kind: string; label: string; amount: number; count: number }[],
): Promise<NonNullable<TReconciliation['whole']>> {
  const w = await repo.wholeBooksSums(db, bankAccount);
  const owed = w.balances! + w.principal! + w.held!;
  const platformFunds = firstOpening - w.platform_paid! - w.adjustments!;
  const books = owed + platformFunds;
  const items = [
    ...lineItems,
    {
      kind: 'confirmed_by_hand_not_on_statement',
      label: 'Deposits confirmed by hand that no statement line shows yet',
      amount: -w.hand_unproven!,
      count: w.hand_unproven_n!,
    },
    {
      kind: 'bitcoin_deposits',
      label: 'Bitcoin deposits (in the wallet, not at the bank)',
      amount: -w.bitcoin!,
      count: w.bitcoin_n!,
    },
    {
      kind: 'paid_outside',
      label: 'Payouts paid outside this account (PayPal, crypto, by hand)',
      amount: w.paid_outside!,
      count: w.paid_outside_n!,
    },
    {
      kind: 'returned_unsettled',
      label: 'Returns of payouts no statement showed leaving',
      amount: w.returned_unsettled!,
      count: w.returned_unsettled_n!,
    },
  ];
  const difference = bankClosing - books;
  const explained = items.reduce((sum, i) => sum + i.amount, 0);
  return {
    owedBalances: centsToDollars(w.balances!),
    owedPrincipal: centsToDollars(w.principal!),
    heldForWithdrawals: centsToDollars(w.held!),
    platformFunds: centsToDollars(platformFunds),
    books: centsToDollars(books),
    difference: centsToDollars(difference),
    explained: centsToDollars(explained),
    unexplained: centsToDollars(difference - explained),
    items: items.map((i) => ({ ...i, amount: centsToDollars(i.amount) })),
  };
}

/**
 * statement.reconciliation, per bank account: the last statement's closing balance against what the books
 * expect (the first imported opening balance + deposits credited from the account's lines − payouts sent from
 * it + payouts it returned), their difference, the named items that explain it (payouts sent but not yet on a
 * statement, open exceptions, lines set aside, lines waiting for approval, assigned lines whose deposit is not
 * confirmed), and the rest, which must be 0.
 */
export async function reconciliation(db: Database): Promise<TReconciliation[]> {
  const platform = await repo.findPlatformAccount(db);
  const payoutAccount = platform ? normaliseAccount(platform.account_number) : null;
  const out: TReconciliation[] = [];
  for (const { bank_account } of await repo.bankAccounts(db)) {
    const first = (await repo.findFirstStatement(db, bank_account))!;
    const last = (await repo.findLastStatement(db, bank_account))!;
    const s = await repo.reconciliationSums(db, bank_account, bank_account === payoutAccount);
    const bankClosing = Number(last.closing_cents);
    const booksExpected = Number(first.opening_cents) + s.credits - s.settled_out - s.sent_out + s.returned_in;
    const items = [
      {
        kind: 'payouts_in_transit',
        label: 'Payouts sent, not yet on a statement',
        amount: s.in_transit,
        count: s.in_transit_n,
      },
      { kind: 'open_exceptions', label: 'Open exceptions', amount: s.exceptions, count: s.exceptions_n },
      { kind: 'set_aside', label: 'Lines set aside', amount: s.dismissed, count: s.dismissed_n },
      { kind: 'awaiting_approval', label: 'Lines waiting for approval', amount: s.proposed, count: s.proposed_n },
      {
        kind: 'assigned_unconfirmed',
        label: 'Assigned lines whose deposit is not confirmed',
        amount: s.assigned_open,
        count: s.assigned_open_n,
      },
    ];
    const difference = bankClosing - booksExpected;
    const explained = items.reduce((sum, i) => sum + i.amount, 0);
    const lineItems = items.filter((i) => i.kind !== 'payouts_in_transit');
    out.push({
      whole:
        bank_account === payoutAccount
          ? await wholeBooks(db, bank_account, bankClosing, Number(first.opening_cents), lineItems)
          : null,
      bankAccount: bank_account,
      currency: last.currency,
      lastStatementDate: last.to_date,
      bankClosing: centsToDollars(bankClosing),
      booksExpected: centsToDollars(booksExpected),
      difference: centsToDollars(difference),
      explained: centsToDollars(explained),
      unexplained: centsToDollars(difference - explained),
      items: items.map((i) => ({ ...i, amount: centsToDollars(i.amount) })),
    });
  }
  return out;
}
