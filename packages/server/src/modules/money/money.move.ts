// The one function that moves money. Flows (deposits, withdrawals, investments) call it for the ledger effects
// they declare; a movement that has no flow row of its own (an admin's balance adjustment, a referral reward)
// calls it directly. Nothing outside modules/money/ writes a ledger entry (a lint rule keeps it so).
import type { Transaction } from 'kysely';
import type { DB, LedgerKind, LedgerRefType, PlatformLedgerTable } from '../../db/schema.ts';
import { applyBalanceChange, applyBalanceChanges, insertPlatformEntries, insertPlatformEntry } from './money.repo.ts';

/** One movement of a member's money, and the platform's side of it when the platform pays or receives. */
export interface Movement {
  userId: string;
  kind: LedgerKind;
  /** Signed integer cents: positive credits the member, negative debits. Never 0. */
  amountCents: number;
  /** What the entry is about (a deposit, a withdrawal, an investment, an adjustment, a referral). */
  ref: { type: LedgerRefType; id: string };
  /** Who moved it: an administrator or the member; null for the platform itself (the payout runner). */
  actorId: string | null;
  memo: string;
  /** When, from the injected clock. */
  at: Date;
  /** The platform's own ledger entry for the same cents, when the platform pays them (interest, rewards). */
  platform?: { kind: PlatformLedgerTable['kind']; refType: string; refId: string };
}

/**
 * Moves money in the caller's transaction: the member's ledger entry (refused whole, INSUFFICIENT_FUNDS, when a
 * debit would take the balance below zero) and, when the platform pays, the platform's entry for the same cents.
 */
export async function moveMoney(trx: Transaction<DB>, m: Movement): Promise<{ balanceAfterCents: number }> {
  // The platform's ledger records what it pays out (its CHECK keeps amounts positive); it receives nothing yet.
  if (m.platform && m.amountCents < 0) throw new Error(`moveMoney: the platform pays credits only (${m.amountCents})`);
  const result = await applyBalanceChange(trx, {
    userId: m.userId,
    kind: m.kind,
    amountCents: m.amountCents,
    refType: m.ref.type,
    refId: m.ref.id,
    actorId: m.actorId,
    memo: m.memo,
    at: m.at,
  });
  if (m.platform) {
    await insertPlatformEntry(
      trx,
      {
        kind: m.platform.kind,
        amount_cents: m.amountCents,
        user_id: m.userId,
        ref_type: m.platform.refType,
        ref_id: m.platform.refId,
      },
      m.at,
    );
  }
  return result;
}

/**
 * moveMoney for many movements in the caller's transaction, in a few statements (applyBalanceChanges): the same
 * entries, the same refusals (a debit a balance cannot cover rolls the caller's transaction back whole).
 */
export async function moveMoneyMany(trx: Transaction<DB>, moves: Movement[]): Promise<{ balanceAfterCents: number }[]> {
  for (const m of moves) {
    if (m.platform && m.amountCents < 0)
      throw new Error(`moveMoneyMany: the platform pays credits only (${m.amountCents})`);
  }
  const results = await applyBalanceChanges(
    trx,
    moves.map((m) => ({
      userId: m.userId,
      kind: m.kind,
      amountCents: m.amountCents,
      refType: m.ref.type,
      refId: m.ref.id,
      actorId: m.actorId,
      memo: m.memo,
      at: m.at,
    })),
  );
  await insertPlatformEntries(
    trx,
    moves.flatMap((m) =>
      m.platform
        ? [
            {
              entry: {
                kind: m.platform.kind,
                amount_cents: m.amountCents,
                user_id: m.userId,
                ref_type: m.platform.refType,
                ref_id: m.platform.refId,
              },
              at: m.at,
            },
          ]
        : [],
    ),
  );
  return results;
}
