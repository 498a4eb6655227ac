import { useLingui } from '@lingui/react';
import type { TPublicStats } from '@vestora/contract';
import { formatInteger, formatMoney } from '../../lib/format';
import { useOnceHydrated } from '../../lib/hydration';
import { trpc } from '../../lib/trpc';
import { type Figure, site } from '../../content/site';

/** A figure as shown: whole dollars for the amount invested, counts otherwise. */
export function figureValue(stat: Figure['stat'], stats: TPublicStats): string {
  if (stat === 'amountInvested') return formatMoney(stats.amountInvested).replace(/[.,]00(?=\D*$)/, '');
  return formatInteger(stats[stat]);
}

/**
 * The site's figures with their values, counted by the server (`overview.home`, members only), never written
 * by hand. A figure means something only once it is above zero: until then (and until loaded) it is left out,
 * so a fresh site does not announce "0 active investors, $0 invested".
 */
export function useSiteFigures(): { stat: Figure['stat']; label: string; value: string }[] {
  const { i18n } = useLingui();
  const stats = useOnceHydrated(trpc.overview.home.useQuery(undefined, { staleTime: 60_000 }).data);
  if (!stats) return [];
  return site.figuresSection.items
    .filter((f) => stats[f.stat] > 0)
    .map((f) => ({ stat: f.stat, label: i18n._(f.label(stats[f.stat])), value: figureValue(f.stat, stats) }));
}
