import { formatCents, type THoldings, type TReward } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { SessionUser } from '../session/session.service.ts';
import { launchDate } from '../site/site.service.ts';
import { largestSettledTransactions } from './reward.repo.ts';
import type { MarketService } from '../market/market.service.ts';
import { holdings } from '../trade/trade.portfolio.ts';

/** High Roller needs one settled transaction strictly over this: $10,000.00. */
export const HIGH_ROLLER_THRESHOLD_CENTS = 1_000_000;

/** The day part (YYYY-MM-DD, UTC) of a timestamp. */
function utcDay(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString().slice(0, 10);
}

/**
 * The three badges, earned or locked from real data:
 * - Early Adopter: the account was opened on or before the launch date (Site settings, else LAUNCH_DATE;
 *   compared as UTC calendar days); locked for everyone while no launch date is set;
 * - High Roller: one confirmed deposit, paid withdrawal, investment or trade strictly over $10,000;
 * - Diverse Portfolio (#30): earned while more than 5 coins are each held for at least
 *   DIVERSE_PORTFOLIO_MIN_USD at the current price.
 */
export async function listRewards(
  deps: { db: Database; config: Config; market: MarketService; clock: { now(): Date } },
  user: SessionUser,
): Promise<TReward[]> {
  const { db, config } = deps;
  const openedOn = utcDay(user.created_at);
  const launch = await launchDate(db, config);
  const earlyAdopter = launch !== null && openedOn <= launch;

  const largest = await largestSettledTransactions(db, user.id);
  const candidates = [
    { cents: largest.depositCents, what: 'confirmed deposit' },
    { cents: largest.withdrawalCents, what: 'paid withdrawal' },
    { cents: largest.investmentCents, what: 'investment' },
    { cents: largest.tradeCents, what: 'trade' },
  ];
  const top = candidates.reduce((a, b) => (b.cents > a.cents ? b : a));
  const biggest = top.cents;
  const highRoller = biggest > HIGH_ROLLER_THRESHOLD_CENTS;
  const which = top.what;

  return [
    {
      key: 'early_adopter',
      name: 'Early Adopter',
      description: launch ? `Opened an account by the launch date (${launch})` : 'Opened an account by the launch date',
      earned: earlyAdopter,
      detail:
        launch === null
          ? 'Locked: Vestora has not announced its launch date yet, so nobody has earned this badge so far.'
          : earlyAdopter
            ? `Earned: your account was opened on ${openedOn}, on or before the launch date (${launch}).`
            : `Locked: this badge is for accounts opened on or before ${launch}; yours was opened on ${openedOn}.`,
    },
    {
      key: 'high_roller',
      name: 'High Roller',
      description: 'Single transaction over $10,000',
      earned: highRoller,
      detail: highRoller
        ? `Earned: your largest ${which} was $${formatCents(biggest)}, over $10,000.00.`
        : biggest > 0
          ? `Locked: you need one confirmed deposit, paid withdrawal, investment or trade over $10,000.00; your largest so far is $${formatCents(biggest)}.`
          : 'Locked: you need one confirmed deposit, paid withdrawal, investment or trade over $10,000.00.',
    },
    diversePortfolio(await holdings(deps, user), config.DIVERSE_PORTFOLIO_MIN_USD),
  ];
}

/** More than 5 coins each held for at least `minUsd` dollars (value at the current price; unpriced coins do not count). */
function diversePortfolio(h: THoldings, minUsd: number): TReward {
  const min = BigInt(minUsd) * 100n;
  const counted = h.items.filter(
    (i) => i.asset !== 'USD' && i.valueUsd !== null && BigInt(i.valueUsd.replace('.', '')) >= min,
  ).length;
  const floor = `$${formatCents(minUsd * 100)}`;
  return {
    key: 'diverse_portfolio',
    name: 'Diverse Portfolio',
    description: `Hold more than 5 cryptocurrencies, each worth at least ${floor}`,
    earned: counted > 5,
    detail:
      counted > 5
        ? `Earned: you hold ${counted} cryptocurrencies each worth at least ${floor}.`
        : `Locked: you hold ${counted} cryptocurrencies each worth at least ${floor}; more than 5 earn this badge.`,
  };
}
