import type { TSiteConfig, TSiteSettings } from '@vestora/contract';
import { msg, t } from '@lingui/core/macro';
import { intlLocale } from '../i18n';
import { useOnceHydrated } from './hydration';
import { trpc } from './trpc';

/**
 * The operator's facts an admin set on the Site settings page (`site.settings`): every one null until set,
 * and a page that has none says nothing rather than something invented.
 */
export function useSiteSettings(): TSiteSettings | undefined {
  return useOnceHydrated(trpc.site.settings.useQuery(undefined, { staleTime: 60_000 }).data);
}

/**
 * What this installation does (`site.config`): whether it sends mail, and the referral reward it pays. Undefined
 * while a pre-rendered page hydrates, as the site settings are (see useOnceHydrated).
 */
export function useSiteConfig(): TSiteConfig | undefined {
  return useOnceHydrated(trpc.site.config.useQuery(undefined, { staleTime: 5 * 60_000 }).data);
}

/** "1%, at most $100" from the server's referral terms. */
export function referralTerms(config: TSiteConfig): string {
  const { percent, maxDollars } = config.referral;
  const share = new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
  const cap = new Intl.NumberFormat(intlLocale(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(maxDollars);
  return t`${share}, at most ${cap}`;
}

/**
 * Said wherever the product would otherwise promise an email this installation does not send (a `msg`: show it
 * with `i18n._(MAIL_OFF_NOTE)` or `t(MAIL_OFF_NOTE)`).
 */
export const MAIL_OFF_NOTE = msg`Mail is not being sent on this installation (no mail server is set up), so no email will arrive.`;
