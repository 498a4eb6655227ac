import type { TSiteConfig, TSiteSettings, TSiteSettingsValues } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { AppDeps } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { findSiteSettings, type SiteSettingsRow, upsertSiteSettings } from './site.repo.ts';

const EMPTY: TSiteSettings = {
  companyName: null,
  registration: null,
  address: null,
  supportEmail: null,
  licence: null,
  launchDate: null,
  mapUrl: null,
  updatedAt: null,
};

function toSettings(row: SiteSettingsRow | undefined): TSiteSettings {
  if (!row) return EMPTY;
  return {
    companyName: row.company_name,
    registration: row.registration,
    address: row.address,
    supportEmail: row.support_email,
    licence: row.licence,
    launchDate: row.launch_date,
    mapUrl: row.map_url,
    updatedAt: row.updated_at ? iso(row.updated_at) : null,
  };
}

/** The operator's facts as an admin last saved them (every one null until then). */
export async function siteSettings(db: Database): Promise<TSiteSettings> {
  return toSettings(await findSiteSettings(db));
}

/**
 * The launch date the Early Adopter badge uses: the Site settings' one, else LAUNCH_DATE from the environment
 * (older installs), else none (nobody earns the badge until an admin sets it).
 */
export async function launchDate(db: Database, config: Pick<Config, 'LAUNCH_DATE'>): Promise<string | null> {
  const row = await findSiteSettings(db);
  return row?.launch_date ?? config.LAUNCH_DATE ?? null;
}

/** Saves the whole set in one transaction with its audit row (`site.update_settings`, before and after). */
export async function updateSiteSettings(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  input: TSiteSettingsValues,
): Promise<TSiteSettings> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = toSettings(await findSiteSettings(trx, true));
    const values = {
      company_name: input.companyName,
      registration: input.registration,
      address: input.address,
      support_email: input.supportEmail,
      licence: input.licence,
      launch_date: input.launchDate,
      // Older callers send no map link: theirs is kept (undefined), an empty one clears it (null).
      map_url: input.mapUrl === undefined ? before.mapUrl : input.mapUrl,
    };
    await upsertSiteSettings(trx, values, { userId: actorId, now });
    const after = toSettings({ ...values, updated_at: now });
    const { updatedAt: _b, ...beforeFacts } = before;
    const { updatedAt: _a, ...afterFacts } = after;
    await recordAudit(trx, {
      actorId,
      action: 'site.update_settings',
      entityType: 'site_settings',
      entityId: '1',
      before: beforeFacts,
      after: afterFacts,
    });
    return after;
  });
}

/** What the server does that pages describe: whether mail is sent, and the referral reward it pays. */
export function siteConfig(
  config: Pick<Config, 'SMTP_URL' | 'REFERRAL_REWARD_PERCENT' | 'REFERRAL_REWARD_MAX' | 'KYC_MAX_UPLOAD_MB'>,
): TSiteConfig {
  return {
    mailEnabled: Boolean(config.SMTP_URL),
    referral: { percent: config.REFERRAL_REWARD_PERCENT, maxDollars: config.REFERRAL_REWARD_MAX },
    kycMaxUploadMb: config.KYC_MAX_UPLOAD_MB,
  };
}
