import type { TPublicStats } from '@vestora/contract';
import { type Figure, site } from '../../content/site';
import { formatInteger, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** A figure as shown: whole dollars for the amount invested, counts otherwise; a dash until loaded. */
export function figureValue(stat: Figure['stat'], stats: TPublicStats | undefined): string {
  if (!stats) return '—';
  if (stat === 'amountInvested') return formatMoney(stats.amountInvested).replace(/\.00$/, '');
  return formatInteger(stats[stat]);
}

/** The site's figures with their values, counted by the server (`overview.home`), never written by hand. */
export function useSiteFigures(): { stat: Figure['stat']; label: string; value: string }[] {
  const stats = trpc.overview.home.useQuery(undefined, { staleTime: 60_000 });
  return site.figuresSection.items.map((f) => ({ ...f, value: figureValue(f.stat, stats.data) }));
}
