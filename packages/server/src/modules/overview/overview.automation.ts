// overview.automation (#31): what runs for members while they are away, for the admins' morning look: how many
// recurring buys and alerts there are, what the last week bought, skipped and fired, and the latest skips.
import type { TAutomationOverview, TLocale } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { renderIn } from '../../i18n/i18n.ts';
import { iso } from '../../lib/dates.ts';
import { alertFigures } from '../alert/alert.repo.ts';
import { recurringFigures } from '../recurring/recurring.repo.ts';

const WEEK_MS = 7 * 86_400_000;

export async function automationOverview(db: Database, now: Date, locale: TLocale): Promise<TAutomationOverview> {
  const since = new Date(now.getTime() - WEEK_MS);
  const [r, a] = await Promise.all([recurringFigures(db, since), alertFigures(db, since)]);
  return {
    recurringActive: r.active,
    recurringPaused: r.paused,
    boughtLast7d: r.bought,
    skippedLast7d: r.skipped,
    alertsLive: a.live,
    alertsFiredLast7d: a.fired,
    recentSkips: r.skips.map((s) => ({
      recurringBuyId: s.recurring_buy_id,
      userId: s.user_id,
      asset: s.asset,
      period: s.period,
      reasonCode: s.reason_code!,
      reason: s.reason ? renderIn(locale, s.reason) : '',
      at: iso(s.created_at),
    })),
  };
}
