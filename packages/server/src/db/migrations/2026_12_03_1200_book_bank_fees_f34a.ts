import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
//
// #34 "bank fees need a manual Resolve on every statement": the bank's own charges on the platform's account are
// recognised at import (bank-statement.fees.ts) and booked when the statement is approved.
// - statement_lines.bank_tx_code: the bank's transaction code of the line as the file gave it (camt.053 BkTxCd
//   Domn/Fmly/SubFmlyCd as "PMNT/ICDT/CHRG", or a CSV's code column), kept for the admin and the audit.
// - statement_lines.match_kind `fee`: a bank charge, applied as a fee at approval; statement_line_uses.use `fee`
//   (its target is the journal movement), so a line is booked as a fee once.
// - ledger_accounts kind `bank_fees`: the platform's expense account for bank charges, one per asset (ids as
//   money.journal.repo.ts platformAccountId derives them); a fee moves bank_fees -> bank (money out to the bank).
// Every value the previous constraints allowed stays allowed.

const MEMBER_ACCOUNT_KINDS = ['available', 'withdrawal_hold', 'invested'];
const PLATFORM_ACCOUNT_KINDS = [
  'treasury',
  'revenue',
  'interest_expense',
  'referral_expense',
  'adjustments',
  'bank',
  'chain',
  'suspense',
];

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql.lit(x)),
    sql`, `,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('statement_lines').addColumn('bank_tx_code', 'text').execute();
  await sql`alter table statement_lines drop constraint statement_lines_match_kind_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_match_kind_check
    check (match_kind in ('credit', 'settle', 'return', 'link', 'fee'))`.execute(db);
  await sql`alter table statement_line_uses drop constraint statement_line_uses_use_check`.execute(db);
  await sql`alter table statement_line_uses add constraint statement_line_uses_use_check
    check (use in ('deposit', 'settle', 'return', 'fee'))`.execute(db);

  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check
    check (kind in (${list([...MEMBER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS, 'bank_fees'])}))`.execute(db);
  await sql`insert into ledger_accounts (id, asset, kind)
    select md5('vestora:platform:bank_fees:' || a.code)::uuid, a.code, 'bank_fees' from assets a
    on conflict do nothing`.execute(db);
}

/** Refused once a fee was booked: the constraints before this one cannot hold it. */
export async function down(db: Kysely<any>): Promise<void> {
  const r = await sql<{ n: string | number }>`
    select count(*) as n from statement_lines where match_kind = 'fee'`.execute(db);
  if (Number(r.rows[0]!.n) > 0)
    throw new Error('2026_12_03_1200_book_bank_fees_f34a: bank fees were recognised; cannot go back');
  await sql`delete from ledger_accounts where kind = 'bank_fees' and balance = 0`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check
    check (kind in (${list([...MEMBER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS])}))`.execute(db);
  await sql`alter table statement_line_uses drop constraint statement_line_uses_use_check`.execute(db);
  await sql`alter table statement_line_uses add constraint statement_line_uses_use_check
    check (use in ('deposit', 'settle', 'return'))`.execute(db);
  await sql`alter table statement_lines drop constraint statement_lines_match_kind_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_match_kind_check
    check (match_kind in ('credit', 'settle', 'return', 'link'))`.execute(db);
  await db.schema.alterTable('statement_lines').dropColumn('bank_tx_code').execute();
}
