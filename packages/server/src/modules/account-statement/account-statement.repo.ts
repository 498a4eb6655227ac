// SQL of the monthly account statements (#21): the job's work list (runs and batches with a lease), what one
// batch of members needs (opening and closing balances, the month's ledger entries, open positions, and since #30
// each coin's balances and postings), the
// statements themselves (inserted once per member and month) and the yearly summary's sums.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, LedgerKind, LedgerRefType, MovementKind } from '../../db/schema.ts';
import type { TLocale } from '@vestora/contract';

type Executor = Kysely<DB>;

/** A month as the database's `date` text: `YYYY-MM-01`. */
export type MonthDate = string;

// --- The job's work list ---

/** Whether the run of `month` exists and is finished (the cheap question every wake-up asks first). */
export async function findRun(db: Executor, month: MonthDate): Promise<{ finished: boolean } | undefined> {
  const row = await db
    .selectFrom('account_statement_runs')
    .select('finished_at')
    .where('month', '=', month)
    .executeTakeFirst();
  return row ? { finished: row.finished_at !== null } : undefined;
}

/** Months whose run was started and not finished (a stop or crash mid-run): the job resumes them. */
export async function listUnfinishedRuns(db: Executor): Promise<MonthDate[]> {
  const rows = await db
    .selectFrom('account_statement_runs')
    .select(sql<string>`to_char(month, 'YYYY-MM-DD')`.as('month'))
    .where('finished_at', 'is', null)
    .orderBy('month')
    .execute();
  return rows.map((r) => r.month);
}

/**
 * Starts the run of `month` once: the run row (primary key) and its batches of `batchSize` sign-up numbers, the
 * last one open-ended. An instance that loses the race inserts nothing. Returns whether this call started it.
 */
export async function startRun(db: Executor, month: MonthDate, batchSize: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('users')
      .select(sql<number | null>`max(seq)`.as('max'))
      .executeTakeFirstOrThrow();
    const batchCount = Math.max(1, Math.ceil(((max ?? 0) + 1) / batchSize));
    const started = await trx
      .insertInto('account_statement_runs')
      .values({ month, batch_count: batchCount, started_at: now })
      .onConflict((oc) => oc.column('month').doNothing())
      .returning('batch_count')
      .executeTakeFirst();
    if (!started) return false;
    const rows = Array.from({ length: batchCount }, (_, i) => ({
      month,
      batch_no: i,
      first_seq: i * batchSize,
      end_seq: i === batchCount - 1 ? null : (i + 1) * batchSize,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('account_statement_batches')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    return true;
  });
}

export interface ClaimedBatch {
  month: MonthDate;
  batchNo: number;
  firstSeq: number;
  endSeq: number | null;
}

/**
 * Claims the next open batch of `month` whose lease is free (never claimed, or expired at `now`) for `owner`
 * until `leaseUntil`. SKIP LOCKED: two instances claiming at once take different batches, never the same.
 */
export async function claimBatch(
  db: Executor,
  month: MonthDate,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedBatch | undefined> {
  // The row-value comparison lets the subquery lock and skip; kysely has no builder for `(a, b) = (select a, b)`.
  const { rows } = await sql<{ batch_no: number; first_seq: number; end_seq: number | null }>`
    update account_statement_batches b set claimed_by = ${owner}, claimed_until = ${leaseUntil}
    where (b.month, b.batch_no) = (
      select c.month, c.batch_no from account_statement_batches c
      where c.month = ${month} and c.done_at is null and (c.claimed_until is null or c.claimed_until <= ${now})
      order by c.batch_no limit 1
      for update skip locked)
    returning b.batch_no, b.first_seq, b.end_seq`.execute(db);
  const row = rows[0];
  return row
    ? {
        month,
        batchNo: row.batch_no,
        firstSeq: Number(row.first_seq),
        endSeq: row.end_seq === null ? null : Number(row.end_seq),
      }
    : undefined;
}

/** Marks a batch done with what it issued and refused (only while `owner` still holds it). */
export async function finishBatch(
  db: Executor,
  batch: ClaimedBatch,
  owner: string,
  counts: { issued: number; refused: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('account_statement_batches')
    .set({ done_at: now, claimed_until: null, issued: counts.issued, refused: counts.refused })
    .where('month', '=', batch.month)
    .where('batch_no', '=', batch.batchNo)
    .where('claimed_by', '=', owner)
    .where('done_at', 'is', null)
    .execute();
}

/** Gives a batch back unfinished (a stop): another run may take it at once. */
export async function releaseBatch(db: Executor, batch: ClaimedBatch, owner: string): Promise<void> {
  await db
    .updateTable('account_statement_batches')
    .set({ claimed_until: null })
    .where('month', '=', batch.month)
    .where('batch_no', '=', batch.batchNo)
    .where('claimed_by', '=', owner)
    .where('done_at', 'is', null)
    .execute();
}

/** Marks the run finished when no batch of it is left open; answers whether it is finished. */
export async function finishRunIfDone(db: Executor, month: MonthDate, now: Date): Promise<boolean> {
  const open = await db
    .selectFrom('account_statement_batches')
    .select('batch_no')
    .where('month', '=', month)
    .where('done_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (open) return false;
  await db
    .updateTable('account_statement_runs')
    .set({ finished_at: now })
    .where('month', '=', month)
    .where('finished_at', 'is', null)
    .execute();
  return true;
}

// --- What one batch needs ---

export interface BatchMember {
  id: string;
  firstName: string;
  lastName: string;
  /** The member's language (#22): the statement is written in it. */
  locale: TLocale;
  /** Balance after the last entry before the month (0 without one). */
  openingCents: number;
  /** Balance after the last entry before the next month: read on its own, so the check compares two reads. */
  closingCents: number;
  hasEntries: boolean;
  hasOpenPositions: boolean;
}

/**
 * Members with sign-up numbers in [firstSeq, endSeq) who have no statement for `month` yet, with their balances
 * at both ends of the month. Each balance is the last entry's `balance_after` found through the (user_id, seq)
 * index; who among them gets a statement (activity, a balance or an open position) the service decides.
 */
export async function listBatchMembers(
  db: Executor,
  batch: { firstSeq: number; endSeq: number | null },
  month: { start: Date; end: Date; date: MonthDate },
): Promise<BatchMember[]> {
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.locale',
      'u.last_name',
      eb
        .selectFrom('ledger_entries as e')
        .select('e.balance_after_cents')
        .whereRef('e.user_id', '=', 'u.id')
        .where('e.created_at', '<', month.start)
        .orderBy('e.seq', 'desc')
        .limit(1)
        .as('opening'),
      eb
        .selectFrom('ledger_entries as e')
        .select('e.balance_after_cents')
        .whereRef('e.user_id', '=', 'u.id')
        .where('e.created_at', '<', month.end)
        .orderBy('e.seq', 'desc')
        .limit(1)
        .as('closing'),
      eb
        .exists(
          eb
            .selectFrom('ledger_entries as e')
            .select(sql`1`.as('one'))
            .whereRef('e.user_id', '=', 'u.id')
            .where('e.created_at', '>=', month.start)
            .where('e.created_at', '<', month.end),
        )
        .as('has_entries'),
      eb
        .exists(
          eb
            .selectFrom('investments as i')
            .select(sql`1`.as('one'))
            .whereRef('i.user_id', '=', 'u.id')
            .where('i.started_at', '<', month.end)
            .where((w) => w.or([w('i.closed_at', 'is', null), w('i.closed_at', '>=', month.end)])),
        )
        .as('has_positions'),
    ])
    .where('u.seq', '>=', batch.firstSeq)
    .$if(batch.endSeq !== null, (q) => q.where('u.seq', '<', batch.endSeq!))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('account_statements as s')
            .select(sql`1`.as('one'))
            .whereRef('s.user_id', '=', 'u.id')
            .where('s.month', '=', month.date),
        ),
      ),
    )
    .orderBy('u.seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    locale: r.locale,
    openingCents: Number(r.opening ?? 0),
    closingCents: Number(r.closing ?? 0),
    hasEntries: Boolean(r.has_entries),
    hasOpenPositions: Boolean(r.has_positions),
  }));
}

export interface MonthEntry {
  userId: string;
  seq: number;
  createdAt: Date;
  kind: LedgerKind;
  amountCents: number;
  balanceAfterCents: number;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
}

/** The month's ledger entries of these members, each member's in ledger order. */
export async function listMonthEntries(
  db: Executor,
  userIds: readonly string[],
  month: { start: Date; end: Date },
): Promise<MonthEntry[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      'user_id',
      'seq',
      'created_at',
      'kind',
      'amount_cents',
      'balance_after_cents',
      'ref_type',
      'ref_id',
      'memo',
    ])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', month.start)
    .where('created_at', '<', month.end)
    .orderBy('user_id')
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    seq: Number(r.seq),
    createdAt: new Date(r.created_at),
    kind: r.kind,
    amountCents: Number(r.amount_cents),
    balanceAfterCents: Number(r.balance_after_cents),
    refType: r.ref_type,
    refId: r.ref_id,
    memo: r.memo,
  }));
}

/** A coin account of a member (#30) as the month sees it: its balances at both ends and whether it moved. */
export interface MemberCoin {
  userId: string;
  accountId: string;
  asset: string;
  name: string;
  scale: number;
  /** Balance after the account's last posting dated before the month (0 without one). */
  opening: bigint;
  /** The same before the next month: read on its own, so the check compares two reads. */
  closing: bigint;
  moved: boolean;
}

/**
 * The coins (every asset but USD) these members held or moved in the month: their `available` accounts of each
 * coin, with the balance at both ends of the month and whether a posting is dated in it. One query for the whole
 * batch; each balance is the last posting's `balance_after` found backwards through the (account_id, seq) index,
 * dated by its movement (postings carry no time of their own). Accounts that held nothing and moved nothing in the
 * month are left out.
 */
export async function listMemberCoins(
  db: Executor,
  userIds: readonly string[],
  month: { start: Date; end: Date },
): Promise<MemberCoin[]> {
  if (userIds.length === 0) return [];
  const balanceBefore = (at: Date) => sql<string | null>`(
    select p.balance_after from ledger_postings p join ledger_movements m on m.id = p.movement_id
    where p.account_id = a.id and m.created_at < ${at} order by p.seq desc limit 1)`;
  const { rows } = await sql<{
    user_id: string;
    account_id: string;
    asset: string;
    name: string;
    scale: number;
    opening: string | null;
    closing: string | null;
    moved: boolean;
  }>`
    select c.* from (
      select a.user_id, a.id as account_id, a.asset, s.name, s.scale,
        ${balanceBefore(month.start)} as opening,
        ${balanceBefore(month.end)} as closing,
        exists (select 1 from ledger_postings p join ledger_movements m on m.id = p.movement_id
          where p.account_id = a.id and m.created_at >= ${month.start} and m.created_at < ${month.end}) as moved
      from ledger_accounts a join assets s on s.code = a.asset
      where a.user_id in (${sql.join(userIds)}) and a.kind = 'available' and a.asset <> 'USD'
    ) c
    where c.moved or coalesce(c.opening, 0) <> 0 or coalesce(c.closing, 0) <> 0
    order by c.user_id, c.asset`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    accountId: r.account_id,
    asset: r.asset,
    name: r.name,
    scale: Number(r.scale),
    opening: BigInt(r.opening ?? 0),
    closing: BigInt(r.closing ?? 0),
    moved: Boolean(r.moved),
  }));
}

export interface CoinPosting {
  accountId: string;
  seq: number;
  createdAt: Date;
  kind: MovementKind;
  amount: bigint;
  /** Null never on a member's account (its balance is floored and written by each posting). */
  balanceAfter: bigint | null;
  refType: LedgerRefType;
  refId: string;
  memo: string | null;
}

/** The month's postings on these coin accounts (listMemberCoins' accountId), each account's in journal order. */
export async function listMonthCoinPostings(
  db: Executor,
  accountIds: readonly string[],
  month: { start: Date; end: Date },
): Promise<CoinPosting[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_movements as m', 'm.id', 'p.movement_id')
    .select([
      'p.account_id',
      'p.seq',
      'm.created_at',
      'm.kind',
      'p.amount',
      'p.balance_after',
      'm.ref_type',
      'm.ref_id',
      'm.memo',
    ])
    .where('p.account_id', 'in', accountIds)
    .where('m.created_at', '>=', month.start)
    .where('m.created_at', '<', month.end)
    .orderBy('p.account_id')
    .orderBy('p.seq')
    .execute();
  return rows.map((r) => ({
    accountId: r.account_id,
    seq: Number(r.seq),
    createdAt: new Date(r.created_at),
    kind: r.kind,
    amount: BigInt(r.amount),
    balanceAfter: r.balance_after === null ? null : BigInt(r.balance_after),
    // A member's account: its movements name a member's record (a bank fee's statement line is the platform's).
    refType: r.ref_type as LedgerRefType,
    refId: r.ref_id,
    memo: r.memo,
  }));
}

export interface OpenPosition {
  userId: string;
  id: string;
  planName: string;
  principalCents: number;
  annualRateBps: number;
  startedAt: Date;
  maturityAt: Date;
  /** Interest paid on it up to the end of the month. */
  interestPaidCents: number;
}

/** Positions of these members open at the end of the month, with the interest paid on each by then. */
export async function listOpenPositions(
  db: Executor,
  userIds: readonly string[],
  monthEnd: Date,
): Promise<OpenPosition[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('investments as i')
    .select((eb) => [
      'i.user_id',
      'i.id',
      'i.plan_name',
      'i.amount_cents',
      'i.annual_rate_bps',
      'i.started_at',
      'i.maturity_at',
      eb
        .selectFrom('investment_payouts as p')
        .select(sql<number>`coalesce(sum(p.interest_cents), 0)`.as('s'))
        .whereRef('p.investment_id', '=', 'i.id')
        .where('p.paid_at', '<', monthEnd)
        .as('interest_paid'),
    ])
    .where('i.user_id', 'in', userIds)
    .where('i.started_at', '<', monthEnd)
    .where((w) => w.or([w('i.closed_at', 'is', null), w('i.closed_at', '>=', monthEnd)]))
    .orderBy('i.user_id')
    .orderBy('i.started_at')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    id: r.id,
    planName: r.plan_name,
    principalCents: Number(r.amount_cents),
    annualRateBps: r.annual_rate_bps,
    startedAt: new Date(r.started_at),
    maturityAt: new Date(r.maturity_at),
    interestPaidCents: Number(r.interest_paid ?? 0),
  }));
}

export interface NewAccountStatement {
  id: string;
  userId: string;
  month: MonthDate;
  openingCents: number;
  closingCents: number;
  entryCount: number;
  creditsCents: number;
  debitsCents: number;
  csv: string;
  /** The figures the PDF is drawn from on first open (figuresToJson), and the member's language. */
  figures: string;
  locale: TLocale;
  issuedAt: Date;
}

/**
 * Inserts statements; one that exists for its (user_id, month) already is left as it is (the unique key makes
 * each member's month once, whichever instance gets there). Returns the user ids whose statement this call issued.
 */
export async function insertStatements(trx: Transaction<DB>, rows: readonly NewAccountStatement[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('account_statements')
    .values(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        month: r.month,
        opening_cents: r.openingCents,
        closing_cents: r.closingCents,
        entry_count: r.entryCount,
        credits_cents: r.creditsCents,
        debits_cents: r.debitsCents,
        csv: r.csv,
        figures: r.figures,
        locale: r.locale,
        issued_at: r.issuedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.map((r) => r.user_id);
}

// --- What members read ---

export interface StatementListRow {
  id: string;
  month: string;
  openingCents: number;
  closingCents: number;
  entryCount: number;
  issuedAt: Date;
}

/** A member's statements, newest month first. */
export async function listStatementsOf(db: Executor, userId: string): Promise<StatementListRow[]> {
  const rows = await db
    .selectFrom('account_statements')
    .select([
      'id',
      sql<string>`to_char(month, 'YYYY-MM')`.as('month'),
      'opening_cents',
      'closing_cents',
      'entry_count',
      'issued_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('account_statements.month', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    openingCents: Number(r.opening_cents),
    closingCents: Number(r.closing_cents),
    entryCount: r.entry_count,
    issuedAt: new Date(r.issued_at),
  }));
}

/** What a PDF not drawn yet is drawn from: the stored figures, the member's language at issue, the issue time. */
export interface PdfToDraw {
  figures: string;
  locale: TLocale;
  issuedAt: Date;
}

/**
 * One statement's file, only when it belongs to `userId` (anyone else's reads as absent): the CSV, the PDF when it
 * was drawn (at issue before #28, or at a first open since), else what to draw it from.
 */
export async function findStatementFile(
  db: Executor,
  id: string,
  userId: string,
  format: 'pdf' | 'csv',
): Promise<
  | { month: string; content: Uint8Array | string; toDraw?: undefined }
  | { month: string; content?: undefined; toDraw: PdfToDraw }
  | undefined
> {
  if (format === 'csv') {
    const row = await db
      .selectFrom('account_statements')
      .select([sql<string>`to_char(month, 'YYYY-MM')`.as('month'), 'csv'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { month: row.month, content: row.csv } : undefined;
  }
  const row = await db
    .selectFrom('account_statements as s')
    .leftJoin('account_statement_pdfs as p', 'p.statement_id', 's.id')
    .select([
      sql<string>`to_char(s.month, 'YYYY-MM')`.as('month'),
      sql<Uint8Array | null>`coalesce(s.pdf, p.pdf)`.as('pdf'),
      's.figures',
      's.locale',
      's.issued_at',
    ])
    .where('s.id', '=', id)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.pdf) return { month: row.month, content: row.pdf };
  return {
    month: row.month,
    toDraw: { figures: row.figures!, locale: row.locale as TLocale, issuedAt: new Date(row.issued_at) },
  };
}

/**
 * Keeps a statement's PDF drawn at its first open, once: when two opens draw it at once, the first kept wins and
 * both answer it. Returns the kept PDF.
 */
export async function keepStatementPdf(
  db: Executor,
  statementId: string,
  pdf: Uint8Array,
  now: Date,
): Promise<Uint8Array> {
  await db
    .insertInto('account_statement_pdfs')
    .values({ statement_id: statementId, pdf, rendered_at: now })
    .onConflict((oc) => oc.column('statement_id').doNothing())
    .execute();
  const kept = await db
    .selectFrom('account_statement_pdfs')
    .select('pdf')
    .where('statement_id', '=', statementId)
    .executeTakeFirstOrThrow();
  return kept.pdf;
}

// --- The yearly summary ---

export interface PlanYearSums {
  planId: string;
  planName: string;
  interestCents: number;
  referralRewardCents: number;
}

/**
 * Interest and referral rewards credited to `userId` in [from, to), per plan: interest by the position it was
 * paid on, a referral reward by the plan of the friend's investment that earned it.
 */
export async function sumYearByPlan(db: Executor, userId: string, from: Date, to: Date): Promise<PlanYearSums[]> {
  const interest = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('investments as i', 'i.id', 'e.ref_id')
    .select(['i.plan_id', sql<string>`max(i.plan_name)`.as('plan_name'), sql<number>`sum(e.amount_cents)`.as('cents')])
    .where('e.user_id', '=', userId)
    .where('e.kind', '=', 'interest')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy('i.plan_id')
    .execute();
  const rewards = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('referral_rewards as r', 'r.referred_user_id', 'e.ref_id')
    .innerJoin('investments as i', 'i.id', 'r.investment_id')
    .select(['i.plan_id', sql<string>`max(i.plan_name)`.as('plan_name'), sql<number>`sum(e.amount_cents)`.as('cents')])
    .where('e.user_id', '=', userId)
    .where('e.kind', '=', 'referral_reward')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy('i.plan_id')
    .execute();
  const byPlan = new Map<string, PlanYearSums>();
  const row = (planId: string, planName: string) => {
    let r = byPlan.get(planId);
    if (!r) byPlan.set(planId, (r = { planId, planName, interestCents: 0, referralRewardCents: 0 }));
    return r;
  };
  for (const r of interest) row(r.plan_id, r.plan_name).interestCents += Number(r.cents);
  for (const r of rewards) row(r.plan_id, r.plan_name).referralRewardCents += Number(r.cents);
  return [...byPlan.values()].sort((a, b) => a.planName.localeCompare(b.planName) || a.planId.localeCompare(b.planId));
}

/** The member's name (for the summary's heading). */
export function findMemberName(db: Executor, userId: string) {
  return db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}
