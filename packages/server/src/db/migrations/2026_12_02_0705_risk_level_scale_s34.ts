import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: a plan's risk is a level on a fixed scale (translated on every screen) instead of free text. The words
// admins typed are mapped (any case, spaces, hyphens or underscores); text naming no one level ("Low to medium")
// is kept in risk_level_unmapped, risk_level null, until an admin chooses. The words are those of the contract's
// riskLevelFromText as this migration landed (a migration imports no app code).
const WORDS: Record<string, string> = {
  'very low': 'very_low',
  verylow: 'very_low',
  minimal: 'very_low',
  lowest: 'very_low',
  low: 'low',
  medium: 'medium',
  med: 'medium',
  mid: 'medium',
  moderate: 'medium',
  average: 'medium',
  high: 'high',
  elevated: 'high',
  'very high': 'very_high',
  veryhigh: 'very_high',
  highest: 'very_high',
  speculative: 'very_high',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('risk_level_unmapped', 'text').execute();
  await sql`alter table plans alter column risk_level drop not null`.execute(db);
  // The text normalised as riskLevelFromText does (so the scale's own keys, 'very_low', read too).
  const word = sql`regexp_replace(lower(btrim(risk_level)), '[[:space:]_-]+', ' ', 'g')`;
  for (const [text, level] of Object.entries(WORDS))
    await sql`update plans set risk_level = ${level} where ${word} = ${text}`.execute(db);
  await sql`update plans set risk_level_unmapped = risk_level, risk_level = null
    where risk_level not in ('very_low', 'low', 'medium', 'high', 'very_high')`.execute(db);
  await db.schema
    .alterTable('plans')
    .addCheckConstraint('plans_risk_level_check', sql`risk_level in ('very_low', 'low', 'medium', 'high', 'very_high')`)
    .execute();
  // A plan has its level or, until an admin chooses, the old text: never both, never neither.
  await db.schema
    .alterTable('plans')
    .addCheckConstraint('plans_risk_level_chosen_check', sql`(risk_level is null) <> (risk_level_unmapped is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table plans drop constraint if exists plans_risk_level_chosen_check`.execute(db);
  await sql`alter table plans drop constraint if exists plans_risk_level_check`.execute(db);
  await sql`update plans set risk_level = coalesce(risk_level_unmapped, case risk_level
    when 'very_low' then 'Very low' when 'low' then 'Low' when 'medium' then 'Medium'
    when 'high' then 'High' when 'very_high' then 'Very high' end)`.execute(db);
  await sql`alter table plans alter column risk_level set not null`.execute(db);
  await db.schema.alterTable('plans').dropColumn('risk_level_unmapped').execute();
}
