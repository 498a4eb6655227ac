// #33: when a member's tier falls (a changed legal name, an expired document: kyc-review calls this in the
// transaction that lowers the tier), their approved withdrawals that have not left yet and that the new limits no
// longer cover go back to review (`pending`, funds still held) instead of out. Each move is the withdrawal flow's
// `backToReview` transition: guarded by status, audited (actor: the platform), and the member is told.
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { runTransitionIn } from '../money/money.core.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';
import { approvedAndOut, lockMemberTier, withdrawalLimits } from './kyc.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends back to review every approved, unsent withdrawal of the member that their tier's limits (as they are now)
 * do not cover. Covered, oldest first: what is already out (sent or paid) plus each approved one while the rolling
 * day (for those made in the last 24 h) and the rolling 30 days stay within the limits; an approved one older than
 * 30 days counts in neither window and stays, unless the tier lets nothing leave (then every one goes back).
 * Answers the ids sent back.
 */
export async function recheckAfterDowngrade(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  now: Date,
): Promise<string[]> {
  const tier = await lockMemberTier(trx, userId);
  const limits = withdrawalLimits(config, tier);
  const { approved, outDailyCents, outMonthlyCents } = await approvedAndOut(trx, userId, now);
  const nothing = limits === null;
  let daily = outDailyCents;
  let monthly = outMonthlyCents;
  const back: string[] = [];
  for (const w of approved) {
    const inMonth = w.createdAt.getTime() > now.getTime() - 30 * DAY_MS;
    const inDay = w.createdAt.getTime() > now.getTime() - DAY_MS;
    const covered =
      !nothing &&
      (!inMonth ||
        (monthly + w.valueCents <= limits.monthlyCents && (!inDay || daily + w.valueCents <= limits.dailyCents)));
    if (covered) {
      if (inMonth) monthly += w.valueCents;
      if (inDay) daily += w.valueCents;
      continue;
    }
    await runTransitionIn(trx, withdrawalFlow, 'backToReview', { id: w.id, actor: null, env: { now, config } });
    back.push(w.id);
  }
  return back;
}
