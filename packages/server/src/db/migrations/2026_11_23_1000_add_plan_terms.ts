import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one. It imports no app code, so the
// legacy-text reader below is a copy of the one in the contract as it was on the day this landed.

type Frequency = 'monthly' | 'quarterly' | 'semi_annually' | 'yearly' | 'at_maturity';
const PERIOD: Record<Frequency, number | null> = {
  monthly: 1,
  quarterly: 3,
  semi_annually: 6,
  yearly: 12,
  at_maturity: null,
};
const FREQUENCY_WORDS: Record<string, Frequency> = {
  monthly: 'monthly',
  quarterly: 'quarterly',
  semiannually: 'semi_annually',
  semiannual: 'semi_annually',
  biannually: 'semi_annually',
  yearly: 'yearly',
  annually: 'yearly',
  annual: 'yearly',
  atmaturity: 'at_maturity',
  onmaturity: 'at_maturity',
  maturity: 'at_maturity',
};
const MAX_TRANSACTION_CENTS = 1_000_000_000;

interface Terms {
  annual_rate_bps: number;
  min_amount_cents: number;
  max_amount_cents: number;
  term_months: number;
  payout_frequency: Frequency;
}

function hundredths(s: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(v) ? v : null;
}

function dollars(s: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  return m ? hundredths(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`) : null;
}

function years(months: number): string {
  const h = Math.round((months * 100) / 12);
  const frac = String(h % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(h / 100)}.${frac}` : String(Math.floor(h / 100));
}

function months(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(years?|yrs?|y|months?|mos?)?$/i.exec(text.trim());
  const amount = m ? hundredths(m[1]!) : null;
  if (!m || amount === null) return null;
  if (/^mo/i.test(m[2] ?? '')) return amount % 100 === 0 ? amount / 100 : null;
  const n = Math.round((amount * 12) / 100);
  const written = String(amount / 100);
  return n >= 1 && years(n) === written ? n : null;
}

/** The terms a plan's legacy text stands for, or null when any part cannot be read or is inconsistent. */
function readTerms(row: {
  interest_rate: string;
  investment_limit: string;
  returns: string;
  investment_duration: string;
}): Terms | null {
  const rate = /^(\d+(?:\.\d+)?)\s*%?$/.exec(row.interest_rate.trim());
  const bps = rate ? hundredths(rate[1]!) : null;
  const limit = row.investment_limit.trim().split(/\s*(?:-|–|—|\bto\b)\s*/i);
  const [min, max] = limit.length === 2 ? limit.map(dollars) : [null, null];
  const freq = FREQUENCY_WORDS[row.returns.toLowerCase().replace(/[\s_-]+/g, '')];
  const term = months(row.investment_duration);
  if (bps == null || min == null || max == null || !freq || term == null) return null;
  if (bps < 1 || bps > 10_000 || min < 1 || min > max || max > MAX_TRANSACTION_CENTS || term > 600) return null;
  const period = PERIOD[freq];
  if (period !== null && term % period !== 0) return null;
  return {
    annual_rate_bps: bps,
    min_amount_cents: min,
    max_amount_cents: max,
    term_months: term,
    payout_frequency: freq,
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('annual_rate_bps', 'integer', (c) => c.check(sql`annual_rate_bps between 1 and 10000`))
    .addColumn('min_amount_cents', 'bigint', (c) => c.check(sql`min_amount_cents > 0`))
    .addColumn('max_amount_cents', 'bigint', (c) => c.check(sql`max_amount_cents <= ${sql.lit(MAX_TRANSACTION_CENTS)}`))
    .addColumn('term_months', 'integer', (c) => c.check(sql`term_months between 1 and 600`))
    .addColumn('payout_frequency', 'text', (c) =>
      c.check(sql`payout_frequency in ('monthly', 'quarterly', 'semi_annually', 'yearly', 'at_maturity')`),
    )
    .addColumn('early_exit_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('capacity_cents', 'bigint', (c) => c.check(sql`capacity_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'archived')`),
    )
    .addColumn('open_for_investing', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('plans')
    .addCheckConstraint('plans_min_le_max', sql`min_amount_cents <= max_amount_cents`)
    .execute();
  // The terms are all set or all unset, and only a plan with terms may take investments.
  await db.schema
    .alterTable('plans')
    .addCheckConstraint(
      'plans_terms_complete',
      sql`(annual_rate_bps is null and min_amount_cents is null and max_amount_cents is null and term_months is null and payout_frequency is null and not open_for_investing)
       or (annual_rate_bps is not null and min_amount_cents is not null and max_amount_cents is not null and term_months is not null and payout_frequency is not null)`,
    )
    .execute();
  await db.schema
    .alterTable('plans')
    .addCheckConstraint(
      'plans_payout_divides_term',
      sql`payout_frequency is null or term_months is null
       or term_months % (case payout_frequency when 'monthly' then 1 when 'quarterly' then 3
                          when 'semi_annually' then 6 when 'yearly' then 12 else term_months end) = 0`,
    )
    .execute();

  // Existing plans: read their text. The text is left as written; a plan whose text cannot be read keeps
  // null terms and stays closed for investing until an admin sets its terms.
  const rows = await db
    .selectFrom('plans')
    .select(['id', 'interest_rate', 'investment_limit', 'returns', 'investment_duration'])
    .execute();
  for (const row of rows) {
    const terms = readTerms(row);
    if (terms)
      await db
        .updateTable('plans')
        .set({ ...terms, open_for_investing: true })
        .where('id', '=', row.id)
        .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').dropConstraint('plans_payout_divides_term').execute();
  await db.schema.alterTable('plans').dropConstraint('plans_terms_complete').execute();
  await db.schema.alterTable('plans').dropConstraint('plans_min_le_max').execute();
  for (const c of [
    'open_for_investing',
    'status',
    'capacity_cents',
    'early_exit_allowed',
    'payout_frequency',
    'term_months',
    'max_amount_cents',
    'min_amount_cents',
    'annual_rate_bps',
  ])
    await db.schema.alterTable('plans').dropColumn(c).execute();
}
