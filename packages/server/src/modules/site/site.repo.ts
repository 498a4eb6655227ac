import type { Kysely, Transaction } from 'kysely';
import type { DB, SiteSettingsTable } from '../../db/schema.ts';

export type SiteSettingsRow = Pick<
  SiteSettingsTable,
  'company_name' | 'registration' | 'address' | 'support_email' | 'licence' | 'launch_date' | 'map_url'
> & { updated_at: Date | string | null };

const COLUMNS = [
  'company_name',
  'registration',
  'address',
  'support_email',
  'licence',
  'launch_date',
  'map_url',
  'updated_at',
] as const;

/** The one settings row, or undefined while no admin has saved the Site settings page. */
export async function findSiteSettings(db: Kysely<DB> | Transaction<DB>, lock = false) {
  let q = db.selectFrom('site_settings').select(COLUMNS).where('id', '=', 1);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Writes the whole set (insert on the first save). */
export async function upsertSiteSettings(
  trx: Transaction<DB>,
  values: Omit<SiteSettingsRow, 'updated_at'>,
  by: { userId: string; now: Date },
): Promise<void> {
  const row = { ...values, updated_at: by.now, updated_by: by.userId };
  await trx
    .insertInto('site_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
