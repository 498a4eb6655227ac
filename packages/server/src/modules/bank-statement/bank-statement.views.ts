// Statements and their lines as the admin screens show them.
import { centsToDollars, tr, type TStatement, type TStatementLine } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { StatementLineRow, StatementLineStatus, StatementRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './bank-statement.repo.ts';

/** A stored line on the wire. */
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

/** One line as the screens show it (404 when there is none). */
export async function getLine(db: Database, id: string): Promise<TStatementLine> {
  const row = await repo.findLine(db, id);
  if (!row) throw new AppError('NOT_FOUND', tr('statement.lineNotFound', 'No statement line with that id exists.'));
  return toLine(row);
}

/** statement.lines: a statement's lines, or every line in one status (first 1,000). */
export async function listLines(
  db: Database,
  filter: { statementId?: string | undefined; status?: StatementLineStatus | undefined },
): Promise<TStatementLine[]> {
  return (await repo.listLineRows(db, filter)).map(toLine);
}

/** statement.list: the newest 100 statements with their summaries. */
export async function listStatements(db: Database): Promise<TStatement[]> {
  const rows = await repo.listStatementRows(db);
  return withSummaries(db, rows);
}

/** One statement with its summary (404 when there is none). */
export async function getStatement(db: Database, id: string): Promise<TStatement> {
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
        fees: {
          lines: count((f) => f.match_kind === 'fee' && f.status !== 'exception'),
          amount: centsToDollars(
            mine
              .filter((f) => f.match_kind === 'fee' && f.status !== 'exception')
              .reduce((s, f) => s + Number(f.cents_out), 0),
          ),
        },
        totalIn: centsToDollars(mine.reduce((s, f) => s + Number(f.cents_in), 0)),
        totalOut: centsToDollars(mine.reduce((s, f) => s + Number(f.cents_out), 0)),
      },
    };
  });
}
