import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { DB, StatementLineTable, StatementTable } from '../../db/schema.ts';
import type { StoredTransfer } from './bank-statement.transfer.ts';

type Db = Kysely<DB>;
const CHUNK = 1_000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Imports of one bank account queue here until the transaction ends (the continuity check needs it). */
export async function lockBankAccount(trx: Transaction<DB>, bankAccount: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`statement:${bankAccount}`}))`.execute(trx);
}

export function findLastStatement(db: Db, bankAccount: string) {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('bank_account', '=', bankAccount)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findFirstStatement(db: Db, bankAccount: string) {
  return db
    .selectFrom('statements')
    .selectAll()
    .where('bank_account', '=', bankAccount)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** Lines of this account already stored, by the bank's transaction id. */
export async function findStoredLines(db: Db, bankAccount: string, bankTxIds: string[]) {
  const found = new Map<string, { id: string; statement_id: string }>();
  for (const part of chunks(bankTxIds)) {
    const rows = await db
      .selectFrom('statement_lines')
      .select(['id', 'statement_id', 'bank_tx_id'])
      .where('bank_account', '=', bankAccount)
      .where('bank_tx_id', 'in', part)
      .execute();
    for (const r of rows) found.set(r.bank_tx_id, { id: r.id, statement_id: r.statement_id });
  }
  return found;
}

/** Members by deposit reference: one index lookup per batch of references (never a scan of members). */
export async function findMembersByReference(db: Db, references: string[]) {
  const found = new Map<string, { id: string; email: string; closed: boolean }>();
  for (const part of chunks(references)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'deposit_reference', 'closed_at'])
      .where('deposit_reference', 'in', part)
      .execute();
    for (const r of rows) found.set(r.deposit_reference, { id: r.id, email: r.email, closed: r.closed_at !== null });
  }
  return found;
}

/** Lines of this account already stored under these transfer keys (#27: the same transfer from another file). */
export async function findStoredByTransferKey(db: Db, bankAccount: string, keys: string[]) {
  const found = new Map<string, StoredTransfer[]>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .selectFrom('statement_lines')
      .select(['id', 'statement_id', 'bank_tx_id', 'has_bank_id', 'transfer_key', 'transfer_n'])
      .where('bank_account', '=', bankAccount)
      .where('transfer_key', 'in', part)
      .orderBy('transfer_n')
      .execute();
    for (const r of rows) found.set(r.transfer_key!, [...(found.get(r.transfer_key!) ?? []), r]);
  }
  return found;
}

/**
 * The bank deposits of these members a credit line may prove, oldest first: open reports (pending, no line) and
 * deposits confirmed by hand that no line proves, reported between `from` and `to` (the lines' dates ± the window).
 */
export async function findCreditCandidates(
  db: Db,
  userIds: string[],
  from: Date,
  to: Date,
  { lock = false }: { lock?: boolean } = {},
) {
  const out: { id: string; user_id: string; amount_cents: number; status: string; created_at: Date }[] = [];
  for (const part of chunks(userIds)) {
    out.push(
      ...(await db
        .selectFrom('deposits')
        .select(['id', 'user_id', 'amount_cents', 'status', 'created_at'])
        .where('user_id', 'in', part)
        .where('method', '=', 'bank')
        .where('statement_line_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([eb('status', '=', 'confirmed'), eb('created_at', '>=', from), eb('created_at', '<=', to)]),
          ]),
        )
        .orderBy('seq')
        .$if(lock, (q) => q.forUpdate())
        .execute()),
    );
  }
  return out;
}

/**
 * A line that already credited this member `amountCents` near `reportedAt` without proving any report (its
 * deposit was made by the statement itself): a hand confirmation of a report of that transfer would credit twice.
 */
export async function findCreditedLineLike(
  db: Db,
  p: { userId: string; amountCents: number; from: string; to: string },
) {
  return db
    .selectFrom('statement_lines as l')
    .innerJoin('deposits as d', 'd.statement_line_id', 'l.id')
    .select(['l.id', 'l.bank_tx_id', 'l.booking_date', 'l.amount_cents', 'd.id as deposit_id'])
    .where('l.user_id', '=', p.userId)
    .where('l.amount_cents', '=', p.amountCents)
    .where('l.status', '=', 'applied')
    .where('d.status', '=', 'confirmed')
    .where('d.assigned_by', 'is', null)
    .where(sql<boolean>`d.idempotency_key = 'statement-line:' || l.id::text`)
    .where('l.booking_date', '>=', p.from)
    .where('l.booking_date', '<=', p.to)
    .orderBy('l.seq')
    .limit(1)
    .executeTakeFirst();
}

/** The owner, method, status and line of a deposit (no lock: the owner never changes). */
export function findDepositForReview(db: Db, id: string) {
  return db
    .selectFrom('deposits')
    .select(['id', 'user_id', 'method', 'status', 'amount_cents', 'statement_line_id', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Links a deposit confirmed by hand to the line that proves it; false when it is no longer such a deposit. */
export async function linkConfirmedDeposit(trx: Transaction<DB>, depositId: string, lineId: string): Promise<boolean> {
  const r = await trx
    .updateTable('deposits')
    .set({ statement_line_id: lineId })
    .where('id', '=', depositId)
    .where('status', '=', 'confirmed')
    .where('method', '=', 'bank')
    .where('statement_line_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Our exported payouts by end-to-end id. */
export async function findWithdrawalsByEndToEnd(db: Db, ids: string[]) {
  const found = new Map<string, { id: string; status: string; amount_cents: number; user_id: string }>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['id', 'status', 'amount_cents', 'user_id', 'end_to_end_id'])
      .where('end_to_end_id', 'in', part)
      .execute();
    for (const r of rows) found.set(r.end_to_end_id!, r);
  }
  return found;
}

export async function insertStatement(db: Db, values: Insertable<StatementTable>): Promise<void> {
  await db.insertInto('statements').values(values).execute();
}

export async function insertLines(db: Db, lines: Insertable<StatementLineTable>[]): Promise<void> {
  for (const part of chunks(lines)) await db.insertInto('statement_lines').values(part).execute();
}

export function findCsvMapping(db: Db, bankAccount: string) {
  return db
    .selectFrom('statement_csv_mappings')
    .select(['mapping', 'updated_at'])
    .where('bank_account', '=', bankAccount)
    .executeTakeFirst();
}

export async function saveCsvMapping(db: Db, bankAccount: string, mapping: string, by: string, at: Date) {
  await db
    .insertInto('statement_csv_mappings')
    .values({ bank_account: bankAccount, mapping, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('bank_account').doUpdateSet({ mapping, updated_by: by, updated_at: at }))
    .execute();
}

export function lockStatement(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('statements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markStatementApproved(trx: Transaction<DB>, id: string, by: string, at: Date) {
  await trx
    .updateTable('statements')
    .set({ status: 'approved', approved_by: by, approved_at: at })
    .where('id', '=', id)
    .execute();
}

export function matchedLinesOf(trx: Transaction<DB>, statementId: string) {
  return trx
    .selectFrom('statement_lines')
    .selectAll()
    .where('statement_id', '=', statementId)
    .where('status', '=', 'matched')
    .orderBy('seq')
    .execute();
}

export function lockLine(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('statement_lines').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateLine(trx: Transaction<DB>, id: string, set: Updateable<StatementLineTable>) {
  await trx.updateTable('statement_lines').set(set).where('id', '=', id).execute();
}

/** The line's one use (the primary key refuses a second). */
export async function insertLineUse(
  trx: Transaction<DB>,
  use: {
    line_id: string;
    use: 'deposit' | 'settle' | 'return' | 'fee';
    target_id: string;
    actor_id: string | null;
    at: Date;
  },
) {
  await trx
    .insertInto('statement_line_uses')
    .values({
      line_id: use.line_id,
      use: use.use,
      target_id: use.target_id,
      actor_id: use.actor_id,
      created_at: use.at,
    })
    .execute();
}

/** Links a deposit to the line that proves it (unique index: a line proves one deposit). */
export async function linkDepositToLine(trx: Transaction<DB>, depositId: string, lineId: string) {
  await trx.updateTable('deposits').set({ statement_line_id: lineId }).where('id', '=', depositId).execute();
}

export async function linkWithdrawalLine(
  trx: Transaction<DB>,
  withdrawalId: string,
  column: 'settled_line_id' | 'returned_line_id',
  lineId: string,
) {
  await trx
    .updateTable('withdrawals')
    .set({ [column]: lineId })
    .where('id', '=', withdrawalId)
    .execute();
}

export function listStatementRows(db: Db) {
  return db.selectFrom('statements').selectAll().orderBy('seq', 'desc').limit(100).execute();
}

/** Per statement: counts and totals by line status and match, and credits per member. */
export async function statementLineFigures(db: Db, statementIds: string[]) {
  if (statementIds.length === 0) return { byStatus: [], credits: [] };
  const byStatus = await db
    .selectFrom('statement_lines')
    .select((eb) => [
      'statement_id',
      'status',
      'match_kind',
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(sum(case when amount_cents > 0 then amount_cents else 0 end), 0)`.as('cents_in'),
      sql<number>`coalesce(sum(case when amount_cents < 0 then -amount_cents else 0 end), 0)`.as('cents_out'),
    ])
    .where('statement_id', 'in', statementIds)
    .groupBy(['statement_id', 'status', 'match_kind'])
    .execute();
  const credits = await db
    .selectFrom('statement_lines as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select((eb) => [
      'l.statement_id',
      'l.user_id',
      'u.email',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('l.amount_cents').as('cents'),
    ])
    .where('l.statement_id', 'in', statementIds)
    .where('l.match_kind', '=', 'credit')
    .where('l.status', 'in', ['matched', 'applied'])
    .groupBy(['l.statement_id', 'l.user_id', 'u.email'])
    .orderBy('l.user_id')
    .limit(1_000)
    .execute();
  return { byStatus, credits };
}

export function listLineRows(
  db: Db,
  filter: { statementId?: string | undefined; status?: StatementLineTable['status'] | undefined },
) {
  return db
    .selectFrom('statement_lines')
    .selectAll()
    .$if(filter.statementId !== undefined, (q) => q.where('statement_id', '=', filter.statementId!))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .orderBy('seq')
    .limit(1_000)
    .execute();
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function bankAccounts(db: Db) {
  return db.selectFrom('statements').select('bank_account').distinct().orderBy('bank_account').execute();
}

/** What the books say about one bank account, and the named items between the bank and the books (cents; a
 * crypto payout waiting for the network is `sent` too, but not through a bank). */
export async function reconciliationSums(db: Db, bankAccount: string, payoutAccount: boolean) {
  const r = await sql<{
    credits: string;
    settled_out: string;
    sent_out: string;
    returned_in: string;
    fees_out: string;
    in_transit: string;
    in_transit_n: string;
    exceptions: string;
    exceptions_n: string;
    dismissed: string;
    dismissed_n: string;
    proposed: string;
    proposed_n: string;
    assigned_open: string;
    assigned_open_n: string;
  }>`
    with lines as (select * from statement_lines where bank_account = ${bankAccount})
    select
      (select coalesce(sum(d.amount_cents), 0) from deposits d join lines l on l.id = d.statement_line_id
        where d.status = 'confirmed') as credits,
      (select coalesce(sum(w.amount_cents), 0) from withdrawals w join lines l on l.id = w.settled_line_id) as settled_out,
      (select coalesce(sum(amount_cents), 0) from withdrawals
        where ${payoutAccount} and sent_at is not null and settled_line_id is null) as sent_out,
      (select coalesce(sum(w.amount_cents), 0) from withdrawals w join lines l on l.id = w.returned_line_id) as returned_in,
      (select coalesce(-sum(amount_cents), 0) from lines where match_kind = 'fee' and status = 'applied') as fees_out,
      (select coalesce(sum(amount_cents), 0) from withdrawals
        where ${payoutAccount} and method = 'bank' and status = 'sent') as in_transit,
      (select count(*) from withdrawals where ${payoutAccount} and method = 'bank' and status = 'sent') as in_transit_n,
      (select coalesce(sum(amount_cents), 0) from lines where status = 'exception') as exceptions,
      (select count(*) from lines where status = 'exception') as exceptions_n,
      (select coalesce(sum(amount_cents), 0) from lines where status = 'dismissed') as dismissed,
      (select count(*) from lines where status = 'dismissed') as dismissed_n,
      (select coalesce(sum(amount_cents), 0) from lines where status = 'matched') as proposed,
      (select count(*) from lines where status = 'matched') as proposed_n,
      (select coalesce(sum(l.amount_cents), 0) from lines l join deposits d on d.statement_line_id = l.id
        where l.status = 'assigned' and d.status <> 'confirmed') as assigned_open,
      (select count(*) from lines l join deposits d on d.statement_line_id = l.id
        where l.status = 'assigned' and d.status <> 'confirmed') as assigned_open_n
  `.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<keyof typeof row, number>;
}

/** The platform's deposit account: its number and currency. */
export function findPlatformAccount(db: Db) {
  return db
    .selectFrom('deposit_account')
    .select(['account_number', 'currency'])
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
}

export function findDepositStatus(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('deposits')
    .select(['id', 'status', 'statement_line_id', 'method'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findMemberReference(db: Db, userId: string) {
  return db.selectFrom('users').select('deposit_reference').where('id', '=', userId).executeTakeFirst();
}

export function findStatement(db: Db, id: string) {
  return db.selectFrom('statements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLine(db: Db, id: string) {
  return db.selectFrom('statement_lines').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The whole books against the platform's account (#27), in cents: what members are owed (balances, open
 * principal, funds held for withdrawals not yet paid), what the platform paid from its own funds (interest,
 * referral rewards, adjustments), and the open items between the books and this account's lines.
 */
export async function wholeBooksSums(db: Db, bankAccount: string) {
  const r = await sql<Record<string, string>>`
    with lines as (select * from statement_lines where bank_account = ${bankAccount})
    select
      (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'available' and asset = 'USD') as balances,
      (select coalesce(sum(amount_cents), 0) from investments where status = 'active') as principal,
      (select coalesce(sum(amount_cents), 0) from withdrawals where status in ('pending', 'approved', 'sent')) as held,
      (select coalesce(-sum(balance), 0) from ledger_accounts
        where kind in ('interest_expense', 'referral_expense', 'bank_fees') and asset = 'USD') as platform_paid,
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'adjustment') as adjustments,
      (select coalesce(sum(amount_cents), 0) from deposits
        where method = 'bank' and status = 'confirmed' and statement_line_id is null) as hand_unproven,
      (select count(*) from deposits
        where method = 'bank' and status = 'confirmed' and statement_line_id is null) as hand_unproven_n,
      -- Bitcoin deposits credited in dollars (before #30); one credited as BTC (#30) moved no dollars.
      (select coalesce(sum(amount_cents), 0) from deposits where method = 'bitcoin' and status = 'confirmed') as bitcoin,
      (select count(*) from deposits where method = 'bitcoin' and status = 'confirmed' and amount_cents > 0) as bitcoin_n,
      (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid' and settled_line_id is null) as paid_outside,
      (select count(*) from withdrawals where status = 'paid' and settled_line_id is null) as paid_outside_n,
      (select coalesce(sum(w.amount_cents), 0) from withdrawals w join lines l on l.id = w.returned_line_id
        where w.settled_line_id is null) as returned_unsettled,
      (select count(*) from withdrawals w join lines l on l.id = w.returned_line_id
        where w.settled_line_id is null) as returned_unsettled_n
  `.execute(db);
  const row = r.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

/**
 * Credits of a member wait here until the transaction ends: a statement approval and a hand confirmation decide
 * one after the other whether a transfer is credited already (taken before any deposit row lock). Many members'
 * locks are taken in one statement, in ascending id order (the subquery's ORDER BY feeds the calls in that
 * order), as every approval takes them, so two approvals cannot deadlock.
 */
export async function lockMemberCredits(trx: Transaction<DB>, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await sql`
    select count(pg_advisory_xact_lock(hashtext('credit:' || s.id)))
      from (select id from unnest(array[${sql.join(ids.map((id) => sql`${id}::text`))}]) as id order by id) as s`.execute(
    trx,
  );
}

/** The members of these lines: whether they closed their account, and their deposit reference. */
export async function findLineMembers(db: Db, userIds: string[]) {
  const found = new Map<string, { closed: boolean; deposit_reference: string }>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'closed_at', 'deposit_reference'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) found.set(r.id, { closed: r.closed_at !== null, deposit_reference: r.deposit_reference });
  }
  return found;
}

/** findDepositStatus for many deposits, locked in id order. */
export async function lockDeposits(trx: Transaction<DB>, ids: string[]) {
  const found = new Map<
    string,
    { id: string; status: string; statement_line_id: string | null; method: string; user_id: string }
  >();
  for (const part of chunks([...new Set(ids)].sort())) {
    const rows = await trx
      .selectFrom('deposits')
      .select(['id', 'status', 'statement_line_id', 'method', 'user_id'])
      .where('id', 'in', part)
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const r of rows) found.set(r.id, r);
  }
  return found;
}

/** findCreditCandidates with every row locked (FOR UPDATE) until the transaction ends, oldest first. */
export function lockCreditCandidates(trx: Transaction<DB>, userIds: string[], from: Date, to: Date) {
  return findCreditCandidates(trx, userIds, from, to, { lock: true });
}

const uuidValues = (pairs: [string, string][]) => sql.join(pairs.map(([a, b]) => sql`(${a}::uuid, ${b}::uuid)`));

/** linkDepositToLine for many (deposit, line) pairs in one UPDATE per batch. */
export async function linkDepositsToLines(trx: Transaction<DB>, pairs: { depositId: string; lineId: string }[]) {
  for (const part of chunks(pairs)) {
    await sql`update deposits d set statement_line_id = v.line_id
        from (values ${uuidValues(part.map((p) => [p.depositId, p.lineId]))}) as v(id, line_id)
       where d.id = v.id`.execute(trx);
  }
}

/** linkConfirmedDeposit for many pairs: the deposits it linked (the others are no longer such deposits). */
export async function linkConfirmedDeposits(
  trx: Transaction<DB>,
  pairs: { depositId: string; lineId: string }[],
): Promise<Set<string>> {
  const linked = new Set<string>();
  for (const part of chunks(pairs)) {
    const r = await sql<{ id: string }>`update deposits d set statement_line_id = v.line_id
        from (values ${uuidValues(part.map((p) => [p.depositId, p.lineId]))}) as v(id, line_id)
       where d.id = v.id and d.status = 'confirmed' and d.method = 'bank' and d.statement_line_id is null
      returning d.id`.execute(trx);
    for (const row of r.rows) linked.add(row.id);
  }
  return linked;
}

/** insertLineUse for many lines (the primary key refuses a second use of any of them). */
export async function insertLineUses(
  trx: Transaction<DB>,
  uses: {
    line_id: string;
    use: 'deposit' | 'settle' | 'return';
    target_id: string;
    actor_id: string | null;
    at: Date;
  }[],
) {
  for (const part of chunks(uses)) {
    await trx
      .insertInto('statement_line_uses')
      .values(
        part.map((u) => ({
          line_id: u.line_id,
          use: u.use,
          target_id: u.target_id,
          actor_id: u.actor_id,
          created_at: u.at,
        })),
      )
      .execute();
  }
}

/** Many lines applied: each with its match and deposit, resolved by `by` at `at`. */
export async function markLinesApplied(
  trx: Transaction<DB>,
  lines: { id: string; matchKind: 'credit' | 'link'; depositId: string }[],
  by: string,
  at: Date,
) {
  for (const part of chunks(lines)) {
    const values = sql.join(part.map((l) => sql`(${l.id}::uuid, ${l.matchKind}::text, ${l.depositId}::uuid)`));
    await sql`update statement_lines l
         set status = 'applied', match_kind = v.match_kind, deposit_id = v.deposit_id,
             resolved_by = ${by}::uuid, resolved_at = ${at}::timestamptz
        from (values ${values}) as v(id, match_kind, deposit_id)
       where l.id = v.id`.execute(trx);
  }
}

/** Many lines made exceptions, each with its reason (and the deposit it may duplicate, when named). */
export async function markLinesException(
  trx: Transaction<DB>,
  lines: { id: string; reason: string; depositId: string | null }[],
) {
  for (const part of chunks(lines)) {
    const values = sql.join(part.map((l) => sql`(${l.id}::uuid, ${l.reason}::text, ${l.depositId}::uuid)`));
    await sql`update statement_lines l
         set status = 'exception', reason = v.reason, deposit_id = coalesce(v.deposit_id, l.deposit_id)
        from (values ${values}) as v(id, reason, deposit_id)
       where l.id = v.id`.execute(trx);
  }
}
