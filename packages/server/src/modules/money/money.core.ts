// The money core: every flow (deposit, withdrawal, investment) is a declaration run by these functions.
// A request is idempotent and runs in one transaction with its ledger effect; a transition locks the row,
// checks who may take it and from which status, moves it, writes the ledger entry and the audit record,
// all in one transaction.
import { randomUUID } from 'node:crypto';
import { dollarsToCents } from '@vestora/contract';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, LedgerKind, LedgerRefType } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PAGE_SIZE, type Page, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { scopeToViewer, type Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  applyBalanceChange,
  findFlowByKey,
  findUserEmail,
  type FlowRow,
  type FlowStatus,
  type FlowTable,
  insertFlowIfNewKey,
  listFlowRows,
  lockFlowRow,
  updateFlowStatus,
} from './money.repo.ts';

/**
 * Wire dollars to integer cents: the one conversion on the server. The contract's ZAmount has already
 * refused anything that is not a positive amount with at most 2 decimals; this is the second line.
 */
export function toCents(amount: number): number {
  const cents = dollarsToCents(amount);
  if (cents === null || cents <= 0)
    throw new AppError('BAD_INPUT', 'amount: Amount must be a positive number with at most 2 decimals');
  return cents;
}

/** A balance change a flow makes, relative to its row (the owner's balance, referenced to the row). */
export interface LedgerEffect {
  kind: LedgerKind;
  /** Signed cents: positive credits the owner, negative debits. */
  amountCents: number;
  memo: string;
}

/**
 * Four eyes on money: whoever's money it is may not be the one who approves it. An administrator cannot
 * review (confirm, reject, approve) their own request nor adjust their own balance; another administrator
 * must. The one rule for every review transition and every balance adjustment.
 */
export function refuseOwnReview(actorId: string | null | undefined, ownerId: string, what: string): void {
  if (actorId && actorId === ownerId) {
    throw new AppError('FORBIDDEN', `You cannot ${what}. Another administrator must do it.`);
  }
}

/** One allowed move of a flow row: from a status, to a status, with its ledger effect (if any). */
export interface Transition<T extends FlowTable> {
  from: FlowStatus<T>;
  to: FlowStatus<T>;
  /**
   * The row's owner (or an admin) may take it; everybody else gets FORBIDDEN. Default: it is a review,
   * taken by an administrator other than the row's owner (four eyes: `refuseOwnReview`).
   */
  owner?: boolean;
  /** What the move does to the owner's balance, from the row as it is after the move. */
  ledger?: (row: FlowRow<T>) => LedgerEffect;
}

/** A money flow declared: its table, its wire shape, its transitions and what each refusal says. */
export interface Flow<T extends FlowTable, W, A extends string> {
  table: T;
  /** Singular name: audit actions are `${entity}.${action}`, ledger entries reference it, messages name it. */
  entity: Exclude<LedgerRefType, 'adjustment'>;
  /** Plural name used in "You can only see your own ..." */
  plural: string;
  toWire(row: FlowRow<T>, userEmail: string): W;
  transitions: Record<A, Transition<T>>;
  /** Why an action is refused when the row is in another status: one table per flow. */
  refusals: Record<A, Partial<Record<FlowStatus<T>, string>>>;
}

/** Declares a flow (an identity function that lets TypeScript check the declaration). */
export function defineFlow<T extends FlowTable, W, A extends string>(flow: Flow<T, W, A>): Flow<T, W, A> {
  return flow;
}

/** The actor of a transition: a signed-in user, or the system (the payout runner) when null. */
export type Actor = Viewer | null;

/**
 * Opens a request idempotently, in one transaction with its ledger effect: the same key from the same user
 * answers the first request (even for requests arriving together, which wait on the unique key); the same
 * key with other values is refused (409). An effect the balance cannot cover rolls the row back too.
 * `prepare` runs first (it may lock what the request depends on); `values` may refuse a new request (it is
 * not called for a replay, so a request that was accepted once is answered again whatever changed since).
 */
export async function openRequest<T extends FlowTable, W, P = undefined>(
  db: Database,
  flow: Flow<T, W, string>,
  owner: { id: string; email: string },
  input: { amount: number; idempotencyKey: string },
  request: {
    prepare?: (trx: Transaction<DB>) => Promise<P>;
    /** The new row's columns besides id, owner, amount and key. */
    values: (
      prepared: P,
      amountCents: number,
    ) => Omit<Insertable<DB[T]>, 'id' | 'user_id' | 'idempotency_key' | 'amount_cents'>;
    /** Whether an earlier row under the same key (and the same amount) is this very request. */
    sameAs(existing: FlowRow<T>): boolean;
    /** The balance change opening makes, if any. */
    ledger?: (row: FlowRow<T>) => LedgerEffect;
    /** Further writes in the same transaction (checks that may refuse, follow-up effects). */
    afterInsert?: (trx: Transaction<DB>, row: FlowRow<T>, prepared: P) => Promise<void>;
  },
): Promise<W> {
  const amountCents = toCents(input.amount);
  const replay = (existing: FlowRow<T>): FlowRow<T> => {
    if (existing.amount_cents !== amountCents || !request.sameAs(existing)) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        `This idempotencyKey was already used for a different ${flow.entity}. Use a new key for a new request.`,
      );
    }
    return existing;
  };
  const row = await db.transaction().execute(async (trx) => {
    const prepared = (request.prepare ? await request.prepare(trx) : undefined) as P;
    const earlier = await findFlowByKey(trx, flow.table, owner.id, input.idempotencyKey);
    if (earlier) return replay(earlier);
    const inserted = await insertFlowIfNewKey(trx, flow.table, {
      ...request.values(prepared, amountCents),
      id: randomUUID(),
      user_id: owner.id,
      amount_cents: amountCents,
      idempotency_key: input.idempotencyKey,
    } as unknown as Insertable<DB[T]>);
    if (inserted) {
      if (request.ledger) await applyEffect(trx, flow, inserted, request.ledger(inserted), owner.id);
      if (request.afterInsert) await request.afterInsert(trx, inserted, prepared);
      return inserted;
    }
    // A twin committed meanwhile. READ COMMITTED: this statement takes a fresh snapshot, so it is visible.
    const existing = await findFlowByKey(trx, flow.table, owner.id, input.idempotencyKey);
    if (!existing) throw new AppError('INTERNAL', `${flow.entity} with idempotency key vanished for ${owner.id}`);
    return replay(existing);
  });
  return flow.toWire(row, owner.email);
}

/**
 * Runs one declared transition on row `id`: locks it, refuses with the flow's own words when it is missing,
 * not the actor's, the actor's own under review (four eyes), or in another status; otherwise moves it (setting `set` too), applies the ledger effect
 * and records the audit row (before and after), all in one transaction.
 */
export async function runTransition<T extends FlowTable, W, A extends string>(
  db: Database,
  flow: Flow<T, W, A>,
  action: A,
  input: {
    id: string;
    actor: Actor;
    set?: Updateable<DB[T]>;
    /** A rule of this row beyond its status (throws to refuse). */
    check?: (row: FlowRow<T>) => void;
    /** Further writes in the same transaction, after the move and its ledger entry. */
    after?: (trx: Transaction<DB>, row: FlowRow<T>) => Promise<void>;
  },
): Promise<W> {
  const transition = flow.transitions[action];
  return db.transaction().execute(async (trx) => {
    const current = await lockFlowRow(trx, flow.table, input.id);
    if (!current) throw new AppError('NOT_FOUND', `No ${flow.entity} with that id exists.`);
    const { actor } = input;
    if (actor && actor.account_type !== 'admin') {
      if (!transition.owner) throw new AppError('FORBIDDEN', 'Only an administrator can do this.');
      if (current.user_id !== actor.id)
        throw new AppError('FORBIDDEN', `You can only ${action} your own ${flow.plural}.`);
    }
    if (!transition.owner) refuseOwnReview(actor?.id, current.user_id, `review your own ${flow.entity}`);
    if (current.status !== transition.from) {
      throw new AppError(
        'INVALID_STATE',
        flow.refusals[action][current.status as FlowStatus<T>] ??
          `This ${flow.entity} is ${String(current.status)}; it cannot be changed that way.`,
      );
    }
    input.check?.(current);
    const updated = await updateFlowStatus(trx, flow.table, input.id, String(transition.from), {
      ...input.set,
      status: transition.to,
    } as unknown as Updateable<DB[T]>);
    if (!updated) throw new AppError('INTERNAL', `${flow.entity} ${input.id} changed under its own lock`);
    const actorId = actor?.id ?? null;
    if (transition.ledger) await applyEffect(trx, flow, updated, transition.ledger(updated), actorId);
    await input.after?.(trx, updated);
    const email = await findUserEmail(trx, updated.user_id);
    const after = flow.toWire(updated, email);
    await recordAudit(trx, {
      actorId,
      action: `${flow.entity}.${action}`,
      entityType: flow.entity,
      entityId: updated.id,
      before: flow.toWire(current, email),
      after,
    });
    return after;
  });
}

async function applyEffect<T extends FlowTable>(
  trx: Transaction<DB>,
  flow: Flow<T, unknown, string>,
  row: FlowRow<T>,
  effect: LedgerEffect,
  actorId: string | null,
): Promise<void> {
  await applyBalanceChange(trx, {
    userId: row.user_id,
    kind: effect.kind,
    amountCents: effect.amountCents,
    refType: flow.entity,
    refId: row.id,
    actorId,
    memo: effect.memo,
  });
}

/** A page of a flow's rows: a user sees their own (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listFlow<T extends FlowTable, W>(
  db: Database,
  flow: Flow<T, W, string>,
  viewer: Viewer,
  input: { cursor?: string | undefined; limit?: number | undefined; status?: string; userId?: string | undefined },
): Promise<Page<W>> {
  const userId = scopeToViewer(viewer, input.userId, flow.plural);
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listFlowRows(db, flow.table, {
    userId,
    status: input.status,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, (r) => flow.toWire(r, r.user_email));
}
