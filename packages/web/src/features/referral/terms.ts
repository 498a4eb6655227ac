import type { TSiteConfig } from '@vestora/contract';
import { intlLocale } from '../../i18n';
import { formatMoney } from '../../lib/format';

/**
 * The referral reward the server pays (REFERRAL_REWARD_PERCENT, REFERRAL_REWARD_MAX) in the reader's locale, for
 * sentences such as "The reward is {percent}, at most {max}." (`null` until the site's config has loaded).
 */
export function useReferralTerms(config: TSiteConfig | undefined | null): { percent: string; max: string } | null {
  if (!config) return null;
  const { percent, maxDollars } = config.referral;
  return {
    percent: new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100),
    max: formatMoney(maxDollars).replace(/[.,]00(?=\D*$)/, ''),
  };
}
