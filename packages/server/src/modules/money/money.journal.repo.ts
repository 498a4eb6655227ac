// The journal's writes: movements and their postings (money.move.ts is their one caller). Each posting updates
// its account's balance in the database itself (the ledger_post trigger: db/migrations/…_money_journal_j29.ts),
// which refuses a member's or the treasury's balance below zero; the postings of a movement must sum to zero
// by commit (ledger_movement_balanced).
import { tr } from '@vestora/contract';
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB, MemberAccountKind, MovementKind, MovementRefType, PlatformAccountKind } from '../../db/schema.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { inBatches } from './money.repo.ts';

/** An account of the journal: one of a member's (by owner) or one of the platform's (one per asset). */
export type AccountKey =
  | { userId: string; kind: MemberAccountKind }
  | { userId?: undefined; kind: PlatformAccountKind };

/** One leg of a movement: a signed amount (integer of the asset's smallest unit) on an account. */
export interface Leg {
  account: AccountKey;
  amount: bigint;
}

/** One movement of one asset. */
export interface Movement {
  /** The asset's code (assets.code); USD when absent. */
  asset?: string;
  kind: MovementKind;
  /** At least two legs summing to zero, none of them 0. */
  legs: Leg[];
  /** What the movement is about (a deposit, a withdrawal, an investment, an adjustment, a referral). */
  ref: { type: MovementRefType; id: string };
  /** Who moved it: an administrator or the member; null for the platform itself (the payout runner). */
  actorId: string | null;
  memo: string;
  /** When, from the injected clock. */
  at: Date;
  /** Links the two movements of an exchange (set by `exchange`). */
  exchangeId?: string;
}

/** What a movement did to the members' available money: each member leg's balance after it, in leg order. */
export interface Moved {
  /** The first available-money leg's balance after it (null: the movement touches no member's balance). */
  balanceAfter: bigint | null;
}

/**
 * The id of one of the platform's accounts: derived from its kind and asset (the migration that opens an
 * asset's platform accounts gives them the same ids), so a posting names it without a lookup.
 */
export function platformAccountId(kind: PlatformAccountKind, asset: string): string {
  const h = createHash('md5').update(`vestora:platform:${kind}:${asset}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const INSUFFICIENT_FUNDS = () =>
  new AppError(
    'INSUFFICIENT_FUNDS',
    tr('money.insufficientFunds', 'Insufficient funds: your balance does not cover this amount.'),
  );
const NO_SUCH_USER = () => new AppError('NOT_FOUND', tr('money.userNotFound', 'That user does not exist.'));

const keyOf = (a: AccountKey, asset: string) =>
  a.userId ? `m:${a.userId}:${a.kind}:${asset}` : `p:${a.kind}:${asset}`;

/**
 * Writes the movements in the caller's transaction, in a few statements whatever their number: the members'
 * rows locked in id order (their version bumped once per change of their available money, so an admin edit
 * made on an older view is refused), accounts of a coin opened with their first posting, the movements, then
 * the postings ordered by account (so two batches lock accounts in one order; an account's postings keep the
 * given order, which is the order of their balances after).
 */
export async function insertMovements(trx: Transaction<DB>, moves: Movement[]): Promise<Moved[]> {
  if (moves.length === 0) return [];
  const members = new Map<string, { changes: number; at: Date }>();
  const coinAccounts = new Map<string, { userId: string; kind: string; asset: string }>();
  for (const m of moves) {
    const asset = m.asset ?? 'USD';
    for (const leg of m.legs) {
      const userId = leg.account.userId;
      if (!userId) continue;
      const u = members.get(userId) ?? { changes: 0, at: m.at };
      if (leg.account.kind === 'available') u.changes += 1;
      if (m.at > u.at) u.at = m.at;
      members.set(userId, u);
      if (asset !== 'USD') coinAccounts.set(keyOf(leg.account, asset), { userId, kind: leg.account.kind, asset });
    }
  }
  for (const part of inBatches([...members.keys()].sort())) {
    // FOR NO KEY UPDATE in id order, as every money request of a member locks their row first.
    const locked = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', part)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    if (locked.length < part.length) throw NO_SUCH_USER();
    const values = sql.join(
      part.map((id) => {
        const u = members.get(id)!;
        return sql`(${id}::uuid, ${u.changes}::integer, ${u.at}::timestamptz)`;
      }),
    );
    await sql`
      update users u set version = u.version + v.n, updated_at = v.at
        from (values ${values}) as v(id, n, at)
       where u.id = v.id and v.n > 0`.execute(trx);
  }
  for (const part of inBatches([...coinAccounts.values()])) {
    await sql`
      insert into ledger_accounts (asset, kind, user_id)
      values ${sql.join(part.map((a) => sql`(${a.asset}, ${a.kind}, ${a.userId}::uuid)`))}
      on conflict (user_id, kind, asset) where user_id is not null do nothing`.execute(trx);
  }

  const ids = moves.map(() => randomUUID());
  for (const part of inBatches(moves.map((m, i) => ({ m, id: ids[i]! })))) {
    await trx
      .insertInto('ledger_movements')
      .values(
        part.map(({ m, id }) => ({
          id,
          asset: m.asset ?? 'USD',
          kind: m.kind,
          ref_type: m.ref.type,
          ref_id: m.ref.id,
          actor_id: m.actorId,
          memo: m.memo,
          exchange_id: m.exchangeId ?? null,
          created_at: m.at,
        })),
      )
      .execute();
  }

  const postings = moves.flatMap((m, i) =>
    m.legs.map((leg, j) => ({
      id: randomUUID(),
      movement: i,
      leg: j,
      movementId: ids[i]!,
      asset: m.asset ?? 'USD',
      account: leg.account,
      amount: leg.amount,
      key: keyOf(leg.account, m.asset ?? 'USD'),
    })),
  );
  // Stable: an account's postings stay in the given order.
  const ordered = [...postings].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const after = new Map<string, string | null>();
  try {
    for (const part of inBatches(ordered)) {
      const rows = part.map(
        (p) =>
          sql`(${p.id}::uuid, ${p.movementId}::uuid, ${
            p.account.userId
              ? sql`(select id from ledger_accounts where user_id = ${p.account.userId}::uuid and kind = ${p.account.kind} and asset = ${p.asset})`
              : sql`${platformAccountId(p.account.kind as PlatformAccountKind, p.asset)}::uuid`
          }, ${p.asset}, ${p.amount.toString()}::numeric)`,
      );
      const r = await sql<{ id: string; balance_after: string | null }>`
        insert into ledger_postings (id, movement_id, account_id, asset, amount)
        values ${sql.join(rows)}
        returning id, balance_after::text as balance_after`.execute(trx);
      for (const row of r.rows) after.set(row.id, row.balance_after);
    }
  } catch (err) {
    const code = pgErrorCode(err);
    const text = String((err as { constraint?: unknown }).constraint ?? '') + String((err as Error).message ?? '');
    if (code === '23514' && text.includes('ledger_accounts_no_overdraft')) throw INSUFFICIENT_FUNDS();
    if (code === '23502' && text.includes('account_id')) throw NO_SUCH_USER();
    throw err;
  }
  return moves.map((_, i) => {
    const first = postings.find((p) => p.movement === i && p.account.kind === 'available');
    const value = first ? after.get(first.id) : null;
    return { balanceAfter: value == null ? null : BigInt(value) };
  });
}
