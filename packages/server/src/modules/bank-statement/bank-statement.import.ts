// Bank statements in: read (camt.053 or CSV), checked (balances add up, no gap with the previous statement),
// stored once per line with the match each line proposes; nothing moves money until a second administrator approves.
import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  type Msg,
  type TCsvMapping,
  tr,
  type TStatementImportInput,
  type TStatementImportResult,
  ZCsvMapping,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type FlowEnv } from '../money/money.core.ts';
import { readCamt053 } from './camt053.reader.ts';
import { readCsvStatement } from './csv.reader.ts';
import { normaliseAccount, sortOutTransfers, transferKey } from './bank-statement.transfer.ts';
import * as repo from './bank-statement.repo.ts';
import { matchAll } from './bank-statement.matching.ts';
import { centsText, type ParsedStatement, StatementFileError } from './bank-statement.types.ts';

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
          bank_tx_code: l.bankTxCode,
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
