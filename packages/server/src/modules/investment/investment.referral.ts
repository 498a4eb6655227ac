// The referral reward: what a referred member's investment earns the member who invited them.
import type { Transaction } from 'kysely';
import type { DB, InvestmentRow } from '../../db/schema.ts';
import type { FlowEnv } from '../money/money.core.ts';
import { moveMoney } from '../money/money.move.ts';
import { claimReferralReward, findReferrerId } from './investment.repo.ts';

/**
 * The referrer's reward for a referred member's first investment: a percentage (REFERRAL_REWARD_PERCENT),
 * capped (REFERRAL_REWARD_MAX), paid once per referred member (the referral_rewards key), by the platform.
 */
export async function rewardReferrer(trx: Transaction<DB>, position: InvestmentRow, env: FlowEnv): Promise<void> {
  const referrerId = await findReferrerId(trx, position.user_id);
  if (!referrerId) return;
  const amountCents = Math.min(
    Math.floor((position.amount_cents * Math.round(env.config.REFERRAL_REWARD_PERCENT * 100)) / 10_000),
    env.config.REFERRAL_REWARD_MAX * 100,
  );
  const first = await claimReferralReward(trx, {
    referredUserId: position.user_id,
    referrerId,
    investmentId: position.id,
    amountCents,
  });
  if (!first || amountCents <= 0) return;
  await moveMoney(trx, {
    userId: referrerId,
    kind: 'referral_reward',
    amountCents,
    ref: { type: 'referral', id: position.user_id },
    actorId: null,
    memo: 'Referral reward: a friend you invited made their first investment',
    at: env.now,
    platform: { kind: 'referral_reward', refType: 'referral', refId: position.user_id },
  });
}
