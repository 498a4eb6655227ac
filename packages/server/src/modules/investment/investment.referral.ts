// The referral reward: what a referred member's first investment earns the member who invited them. It is
// claimed when that investment opens, paid once the investment has completed its first payout period (or
// matured), and forfeited if it is redeemed before: money that was never at risk earns nobody a reward.
import type { Transaction } from 'kysely';
import { money, tm } from '../../i18n/i18n.ts';
import type { DB, InvestmentRow } from '../../db/schema.ts';
import type { FlowEnv } from '../money/money.core.ts';
import { available, moveMoney, transfer } from '../money/money.move.ts';
import { notify } from '../notification/notification.service.ts';
import { claimReferralReward, findReferrerId, settleReferralReward } from './investment.repo.ts';

/**
 * At opening: claims the referrer's reward for a referred member's first investment, a percentage
 * (REFERRAL_REWARD_PERCENT, rounded down to the cent) capped at REFERRAL_REWARD_MAX, on the terms of that day.
 * One claim per referred member (the referral_rewards key): later investments claim nothing.
 */
export async function claimReferral(trx: Transaction<DB>, position: InvestmentRow, env: FlowEnv): Promise<void> {
  const referrerId = await findReferrerId(trx, position.user_id);
  if (!referrerId) return;
  const amountCents = Math.min(
    Math.floor((position.amount_cents * Math.round(env.config.REFERRAL_REWARD_PERCENT * 100)) / 10_000),
    env.config.REFERRAL_REWARD_MAX * 100,
  );
  await claimReferralReward(trx, {
    referredUserId: position.user_id,
    referrerId,
    investmentId: position.id,
    amountCents,
  });
}

/** At a payout (the first one settles it): pays the reward this position claimed, once, from the platform. */
export async function payReferral(trx: Transaction<DB>, position: InvestmentRow, env: FlowEnv): Promise<void> {
  const reward = await settleReferralReward(trx, position.id, 'paid', env.now);
  if (!reward || reward.amountCents <= 0) return;
  await moveMoney(trx, {
    kind: 'referral_reward',
    legs: transfer({ kind: 'referral_expense' }, available(reward.referrerId), BigInt(reward.amountCents)),
    ref: { type: 'referral', id: reward.referredUserId },
    actorId: null,
    memo: 'Referral reward: a friend you invited completed the first payout period of their first investment',
    at: env.now,
  });
  const amount = { amount: money(reward.amountCents) };
  await notify(trx, {
    userId: reward.referrerId,
    kind: 'referral.reward_paid',
    title: tm('notice.referralReward.subject', 'Referral reward of {amount} paid', amount),
    body: tm(
      'notice.referralReward.body',
      'A friend you invited completed the first payout period of their first investment: {amount} was added to your balance.',
      amount,
    ),
    link: '/dashboard/referral',
    // One reward per referred member (the referral_rewards key), so one notification.
    eventKey: `referral:${reward.referredUserId}:reward_paid`,
    at: env.now,
    mail: { kind: 'referral.reward_paid' },
  });
}

/** At an early redemption before the first payout: the claimed reward is forfeited (nothing is paid). */
export async function forfeitReferral(trx: Transaction<DB>, position: InvestmentRow, env: FlowEnv): Promise<void> {
  await settleReferralReward(trx, position.id, 'forfeited', env.now);
}
