// The one function that moves money. Flows (deposits, withdrawals, investments) call it for the ledger effects
// they declare; a movement that has no flow row of its own (an admin's balance adjustment, a referral reward)
// calls it directly. Nothing outside modules/money/ writes the journal (a lint rule keeps it so).
//
// A movement is postings of one asset between accounts that sum to zero (the database checks it at commit);
// an exchange of two assets is two movements linked by one exchange id, in one transaction.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type AccountKey, insertMovements, type Leg, type Moved, type Movement } from './money.journal.repo.ts';

export type { AccountKey, Leg, Moved, Movement };

/** A member's available money: what their balance shows. */
export const available = (userId: string): AccountKey => ({ userId, kind: 'available' });

/** `amount` from one account to another: the two legs of a simple movement. */
export function transfer(from: AccountKey, to: AccountKey, amount: bigint): Leg[] {
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** An admin's balance adjustment of `delta` (signed) on a member's available money, against the adjustments account. */
export function adjustmentLegs(userId: string, delta: bigint): Leg[] {
  return delta >= 0n
    ? transfer({ kind: 'adjustments' }, available(userId), delta)
    : transfer(available(userId), { kind: 'adjustments' }, -delta);
}

/** Refuses a movement that is not a balanced set of postings (the database would refuse it at commit too). */
function checkBalanced(m: Movement): void {
  if (m.legs.length < 2) throw new Error(`moveMoney: ${m.kind} needs at least two legs`);
  let total = 0n;
  for (const leg of m.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n)
      throw new Error(`moveMoney: ${m.kind} has a leg of ${String(leg.amount)}`);
    total += leg.amount;
  }
  if (total !== 0n) throw new Error(`moveMoney: ${m.kind}'s legs sum to ${total}, not zero`);
}

/**
 * Moves money in the caller's transaction: the movement and its postings; each posting updates its account's
 * balance (the database refuses a member's or the treasury's balance below zero: INSUFFICIENT_FUNDS, and the
 * caller's transaction rolls back whole).
 */
export async function moveMoney(trx: Transaction<DB>, m: Movement): Promise<Moved> {
  return (await moveMoneyMany(trx, [m]))[0]!;
}

/**
 * moveMoney for many movements in the caller's transaction, in a few statements whatever their number: the
 * same postings, the same refusals.
 */
export async function moveMoneyMany(trx: Transaction<DB>, moves: Movement[]): Promise<Moved[]> {
  for (const m of moves) checkBalanced(m);
  return insertMovements(trx, moves);
}

/**
 * An exchange of two assets (a member buys a coin with dollars): two movements, one per asset, linked by one
 * exchange id, in the caller's transaction: both happen or neither.
 */
export async function exchange(trx: Transaction<DB>, exchangeId: string, a: Movement, b: Movement): Promise<Moved[]> {
  if ((a.asset ?? 'USD') === (b.asset ?? 'USD')) throw new Error('exchange: two movements of one asset');
  return moveMoneyMany(trx, [
    { ...a, exchangeId },
    { ...b, exchangeId },
  ]);
}
