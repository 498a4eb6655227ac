import { formatCents, type TReward } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { SessionUser } from '../session/session.service.ts';
import { largestSettledTransactions } from './reward.repo.ts';

/** High Roller needs one settled transaction strictly over this: $10,000.00. */
export const HIGH_ROLLER_THRESHOLD_CENTS = 1_000_000;

/** The day part (YYYY-MM-DD, UTC) of a timestamp. */
function utcDay(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString().slice(0, 10);
}

/**
 * The three badges, earned or locked from real data:
 * - Early Adopter: the account was opened on or before LAUNCH_DATE (compared as UTC calendar days);
 * - High Roller: one confirmed deposit or paid withdrawal strictly over $10,000;
 * - Diverse Portfolio: locked until the product holds crypto positions (it does not yet).
 */
export async function listRewards(
  db: Database,
  config: Pick<Config, 'LAUNCH_DATE'>,
  user: SessionUser,
): Promise<TReward[]> {
  const openedOn = utcDay(user.created_at);
  const earlyAdopter = openedOn <= config.LAUNCH_DATE;

  const largest = await largestSettledTransactions(db, user.id);
  const biggest = Math.max(largest.depositCents, largest.withdrawalCents);
  const highRoller = biggest > HIGH_ROLLER_THRESHOLD_CENTS;
  const which = largest.depositCents >= largest.withdrawalCents ? 'confirmed deposit' : 'paid withdrawal';

  return [
    {
      key: 'early_adopter',
      name: 'Early Adopter',
      description: 'Joined at launch',
      earned: earlyAdopter,
      detail: earlyAdopter
        ? `Earned: your account was opened on ${openedOn}, on or before the launch date (${config.LAUNCH_DATE}).`
        : `Locked: this badge is for accounts opened on or before ${config.LAUNCH_DATE}; yours was opened on ${openedOn}.`,
    },
    {
      key: 'high_roller',
      name: 'High Roller',
      description: 'Single transaction over $10,000',
      earned: highRoller,
      detail: highRoller
        ? `Earned: your largest ${which} was $${formatCents(biggest)}, over $10,000.00.`
        : biggest > 0
          ? `Locked: you need one confirmed deposit or paid withdrawal over $10,000.00; your largest so far is $${formatCents(biggest)}.`
          : 'Locked: you need one confirmed deposit or paid withdrawal over $10,000.00.',
    },
    {
      key: 'diverse_portfolio',
      name: 'Diverse Portfolio',
      description: 'Hold more than 5 cryptocurrencies',
      earned: false,
      detail:
        'Locked: Vestora does not hold cryptocurrency positions for you yet, so this badge cannot be earned until it does.',
    },
  ];
}
