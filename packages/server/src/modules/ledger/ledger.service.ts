import { centsToDollars, type TLedgerEntry } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { LedgerKind } from '../../db/schema.ts';
import { iso } from '../../lib/dates.ts';
import { DEFAULT_PAGE_SIZE, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { scopeToViewer, type Viewer } from '../../lib/scope.ts';
import { checkLedgerInvariant, type LedgerEntryView, listLedgerEntries } from './ledger.repo.ts';

/** A ledger entry as the wire shows it (signed dollars). */
export function toLedgerEntry(row: LedgerEntryView): TLedgerEntry & { userEmail: string } {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    kind: row.kind,
    amount: centsToDollars(row.amount_cents),
    balanceAfter: centsToDollars(row.balance_after_cents),
    refType: row.ref_type,
    refId: row.ref_id,
    actorId: row.actor_id,
    memo: row.memo,
    createdAt: iso(row.created_at),
  };
}

/** Ledger page: a user sees their own entries (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listLedgerFor(
  db: Database,
  viewer: Viewer,
  input: {
    cursor?: string | undefined;
    limit?: number | undefined;
    kind?: LedgerKind | undefined;
    userId?: string | undefined;
  },
) {
  const userId = scopeToViewer(viewer, input.userId, 'ledger entries');
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listLedgerEntries(db, {
    userId,
    kind: input.kind,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, toLedgerEntry);
}

export interface LedgerVerifyResult {
  ok: boolean;
  checkedUsers: number;
  mismatches: { userId: string; balance: number; ledgerSum: number }[];
}

/** Checks balance = sum of ledger entries for every user; dollars on the way out. */
export async function verifyLedger(db: Database): Promise<LedgerVerifyResult> {
  const check = await checkLedgerInvariant(db);
  return {
    ok: check.mismatches.length === 0,
    checkedUsers: check.checkedUsers,
    mismatches: check.mismatches.map((m) => ({
      userId: m.userId,
      balance: centsToDollars(m.balanceCents),
      ledgerSum: centsToDollars(m.ledgerSumCents),
    })),
  };
}
