// The money core: every flow (deposit, withdrawal, investment) is a declaration run by these functions.
// A request is idempotent and runs in one transaction with its ledger effect; a transition locks the row,
// checks who may take it and from which status, moves it, writes the ledger entries (through moveMoney), the
// audit record and the member's notice, all in one transaction.
import { randomUUID } from 'node:crypto';
import { dollarsToCents, type Msg, tr } from '@vestora/contract';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { DB, LedgerRefType, MemberAccountKind, MovementKind, PlatformAccountKind } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_PAGE_SIZE, type Page, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { scopeToViewer, type Viewer } from '../../lib/scope.ts';
import { recordAudit, recordAudits } from '../audit/audit.repo.ts';
import type { NotificationMailKind } from '../mail/mail.outbox.ts';
import { type NotificationKind, notify, notifyMany, type NotifyInput } from '../notification/notification.service.ts';
import {
  findAdminGrant,
  findFlowByKey,
  findUserEmail,
  findUserEmails,
  type FlowRow,
  type FlowStatus,
  type FlowTable,
  insertFlowIfNewKey,
  listFlowRows,
  lockFlowRow,
  lockFlowRows,
  updateFlowStatus,
  updateFlowStatuses,
} from './money.repo.ts';
import { type AccountKey, type Movement, moveMoney, moveMoneyMany, transfer } from './money.move.ts';

/**
 * Wire dollars to integer cents: the one conversion on the server. The contract's ZAmount has already
 * refused anything that is not a positive amount with at most 2 decimals; this is the second line.
 */
export function toCents(amount: number): number {
  const cents = dollarsToCents(amount);
  if (cents === null || cents <= 0)
    throw new AppError(
      'BAD_INPUT',
      tr('money.amountInvalid', 'amount: Amount must be a positive number with at most 2 decimals'),
    );
  return cents;
}

/** Where a flow's money is: one of the row owner's accounts, or one of the platform's. */
export type FlowAccount = MemberAccountKind | PlatformAccountKind;

const MEMBER_ACCOUNTS: ReadonlySet<string> = new Set<MemberAccountKind>(['available', 'withdrawal_hold', 'invested']);

/**
 * A movement a flow makes for its row: `amountCents` of USD, or `units` of a coin's `asset` (a Bitcoin deposit's
 * satoshis), from one account to another of that asset (the owner's accounts are the row owner's). An effect of 0
 * is skipped (a period that pays no interest), so a declaration need not special-case it.
 */
export type LedgerEffect = {
  kind: MovementKind;
  from: FlowAccount;
  to: FlowAccount;
  memo: string;
} & (
  | {
      /** Integer cents of USD, >= 0. */
      amountCents: number;
      asset?: undefined;
      units?: undefined;
    }
  | {
      /** A coin's code (assets.code), not USD. */
      asset: string;
      /** Integer of the asset's smallest unit (satoshis for BTC), >= 0. */
      units: bigint;
      amountCents?: undefined;
    }
);

/**
 * What the member is told after a money event: a notification written in the event's transaction (once per
 * row, action and `event`), and its e-mail as the member's preferences say (the outbox delivers it).
 */
export interface MemberNotice {
  /** The notification's kind (`deposit.credited`, `withdrawal.returned`...). */
  kind: NotificationKind;
  /** The outbox kind of its e-mail (`deposit.confirmed`...); null: in-app only. */
  mailKind: NotificationMailKind | null;
  /** The notification's title and the e-mail's subject. */
  subject: Msg;
  /** Descriptors (`tm`): the e-mail's paragraphs; the notification's body is them joined. */
  paragraphs: Msg[];
  /** The web path the notification opens. */
  link: string;
  /** Tells apart repeated events of one row and action (an investment's period); default: none. */
  event?: string;
}

/**
 * Four eyes on money: whoever's money it is may not be the one who approves it. An administrator cannot
 * review (confirm, reject, approve) their own request nor adjust their own balance; another administrator
 * must. The one rule for every review transition and every balance adjustment.
 */
export function refuseOwnReview(actorId: string | null | undefined, ownerId: string, refusal: Msg): void {
  if (actorId && actorId === ownerId) {
    throw new AppError('FORBIDDEN', refusal);
  }
}

/**
 * Four eyes on roles, for money: an account made admin through an approved role request reviews no money
 * (review transitions, balance adjustments) for its first ADMIN_REVIEW_COOLDOWN_HOURS, counted with the
 * injected clock, and never the money of the admin who asked for its promotion (else one person with a sock
 * account is two reviewers). Admins made with `pnpm cli create-admin` have no grant and are not held back.
 */
export async function refuseNewAdminReview(
  trx: Transaction<DB>,
  reviewerId: string,
  ownerId: string,
  env: FlowEnv,
): Promise<void> {
  refuseByGrant(await findAdminGrant(trx, reviewerId), ownerId, env);
}

/** refuseNewAdminReview's rule on the reviewer's grant as read (one read serves a batch of owners). */
function refuseByGrant(
  grant: { admin_granted_at: Date | null; admin_granted_by: string | null } | undefined,
  ownerId: string,
  env: FlowEnv,
): void {
  if (!grant?.admin_granted_at) return;
  if (grant.admin_granted_by === ownerId) {
    throw new AppError(
      'FORBIDDEN',
      tr(
        'money.reviewPromoter',
        'You cannot review the money of the administrator who asked for your promotion. Another administrator must do it.',
      ),
    );
  }
  const hours = env.config.ADMIN_REVIEW_COOLDOWN_HOURS;
  const until = new Date(new Date(grant.admin_granted_at).getTime() + hours * 3_600_000);
  if (env.now < until) {
    throw new AppError(
      'FORBIDDEN',
      tr(
        'money.newAdminCooldown',
        'A new administrator reviews no money for {hours, plural, other {# hours}} after becoming one (until {until}). ' +
          'Another administrator must do it.',
        { hours, until: until.toISOString() },
      ),
    );
  }
}

/**
 * Who takes a transition: `admin`, a review by an administrator other than the row's owner (four eyes);
 * `owner`, the row's owner (or an administrator); `system`, the platform itself (the payout runner), never a
 * signed-in caller.
 */
export type TakenBy = 'admin' | 'owner' | 'system';

/** What a flow's declarations may read: the time of the event (the injected clock) and the settings. */
export interface FlowEnv {
  now: Date;
  config: Config;
}

/** The env of a request or a transition, from the app's injected clock and config. */
export const flowEnv = (deps: { clock: { now(): Date }; config: Config }): FlowEnv => ({
  now: deps.clock.now(),
  config: deps.config,
});

/** Further money an event always moves beyond its own row's effects (e.g. the referral reward a payout earns). */
export type FollowUp<T extends FlowTable> = (trx: Transaction<DB>, row: FlowRow<T>, env: FlowEnv) => Promise<void>;

/** One allowed move of a flow row: from a status, to a status, who takes it, its ledger effects and notice. */
export interface Transition<T extends FlowTable> {
  from: FlowStatus<T>;
  /** May equal `from` (an investment paying one period stays active). */
  to: FlowStatus<T>;
  by: TakenBy;
  /** What the move does to the owner's balance, from the row as it is after the move. */
  ledger?: (row: FlowRow<T>) => LedgerEffect | LedgerEffect[];
  /** Further money the move always moves (through moveMoney), after the row's own effects. */
  follow?: FollowUp<T>;
  /**
   * Whether the move is an audit row (default true). Off only for a routine the system repeats on schedule
   * whose own table already records each run (an investment's period: investment_payouts and the ledger).
   */
  audit?: boolean;
  /** What the owner is told, from the row after the move (null: nothing to say this time). */
  notice?: (row: FlowRow<T>) => MemberNotice | null;
}

/** A money flow declared: its table, its wire shape, its opening, its transitions and what each refusal says. */
export interface Flow<T extends FlowTable, W, A extends string> {
  table: T;
  /** Singular name: audit actions are `${entity}.${action}`, ledger entries reference it, messages name it. */
  entity: Exclude<LedgerRefType, 'adjustment' | 'trade' | 'treasury' | 'order'>;
  /** Plural name used in "You can only see your own ..." */
  plural: string;
  toWire(row: FlowRow<T>, userEmail: string): W;
  /** What opening a new row does to the owner's balance (a withdrawal's hold, an investment's principal). */
  opening?: { ledger?: (row: FlowRow<T>) => LedgerEffect | LedgerEffect[]; follow?: FollowUp<T> };
  transitions: Record<A, Transition<T>>;
  /** Why an action is refused when the row is in another status: one table per flow. */
  refusals: Record<A, Partial<Record<FlowStatus<T>, Msg>>>;
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
    env: FlowEnv;
    /**
     * The row's cents when they are not `input.amount`'s: 0 for a request that moves no dollars (a Bitcoin
     * withdrawal, #32, whose coins its `values` and ledger effects carry).
     */
    amountCents?: number;
    prepare?: (trx: Transaction<DB>) => Promise<P>;
    /** The new row's columns besides id, owner, amount and key. */
    values: (
      prepared: P,
      amountCents: number,
    ) => Omit<Insertable<DB[T]>, 'id' | 'user_id' | 'idempotency_key' | 'amount_cents'>;
    /** Whether an earlier row under the same key (and the same amount) is this very request. */
    sameAs(existing: FlowRow<T>): boolean;
    /**
     * Checks that may refuse a new request before its row is inserted (not run on an idempotent replay): e.g.
     * a withdrawal's limits (#33), counted under a lock `prepare` took.
     */
    beforeInsert?: (trx: Transaction<DB>, prepared: P) => Promise<void>;
    /** Further writes in the same transaction (checks that may refuse, follow-up effects). */
    afterInsert?: (trx: Transaction<DB>, row: FlowRow<T>, prepared: P) => Promise<void>;
  },
): Promise<W> {
  const amountCents = request.amountCents ?? toCents(input.amount);
  const replay = (existing: FlowRow<T>): FlowRow<T> => {
    if (existing.amount_cents !== amountCents || !request.sameAs(existing)) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        tr(
          'money.idempotencyMismatch',
          'This idempotencyKey was already used for a different {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}}. Use a new key for a new request.',
          { entity: flow.entity },
        ),
      );
    }
    return existing;
  };
  const row = await db.transaction().execute(async (trx) => {
    const prepared = (request.prepare ? await request.prepare(trx) : undefined) as P;
    const earlier = await findFlowByKey(trx, flow.table, owner.id, input.idempotencyKey);
    if (earlier) return replay(earlier);
    if (request.beforeInsert) await request.beforeInsert(trx, prepared);
    const inserted = await insertFlowIfNewKey(trx, flow.table, {
      ...request.values(prepared, amountCents),
      id: randomUUID(),
      user_id: owner.id,
      amount_cents: amountCents,
      idempotency_key: input.idempotencyKey,
    } as unknown as Insertable<DB[T]>);
    if (inserted) {
      await applyEffects(trx, flow, inserted, flow.opening?.ledger, owner.id, request.env.now);
      await flow.opening?.follow?.(trx, inserted, request.env);
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
 * Opens a flow row the platform makes itself (an investment renewed at maturity) inside the caller's
 * transaction, with the flow's opening effects, as a member's request would. The row must be new: a clash on
 * its owner and idempotency key throws, and the caller's transaction rolls back whole.
 */
export async function openRowIn<T extends FlowTable>(
  trx: Transaction<DB>,
  flow: Flow<T, unknown, string>,
  values: Insertable<DB[T]> & { id: string; user_id: string; idempotency_key: string },
  env: FlowEnv,
): Promise<FlowRow<T>> {
  const inserted = await insertFlowIfNewKey(trx, flow.table, values);
  if (!inserted) {
    throw new AppError(
      'INVALID_STATE',
      tr(
        'money.keyExists',
        'A {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}} with key {key} already exists.',
        {
          entity: flow.entity,
          key: values.idempotency_key,
        },
      ),
    );
  }
  await applyEffects(trx, flow, inserted, flow.opening?.ledger, null, env.now);
  await flow.opening?.follow?.(trx, inserted, env);
  return inserted;
}

/** What a transition is asked to do: on which row, by whom, when, and what else it sets and checks. */
export interface TransitionInput<T extends FlowTable> {
  id: string;
  actor: Actor;
  /** The time (the injected clock: ledger entries and the notice are dated by it) and the settings. */
  env: FlowEnv;
  set?: Updateable<DB[T]>;
  /** A rule of this row beyond its status (throws to refuse). */
  check?: (row: FlowRow<T>) => void;
  /** Further writes in the same transaction, after the move and its ledger entries. */
  after?: (trx: Transaction<DB>, row: FlowRow<T>) => Promise<void>;
}

/**
 * Runs one declared transition on row `id` in its own transaction: see `runTransitionIn`.
 */
export async function runTransition<T extends FlowTable, W, A extends string>(
  db: Database,
  flow: Flow<T, W, A>,
  action: A,
  input: TransitionInput<T>,
): Promise<W> {
  return db.transaction().execute((trx) => runTransitionIn(trx, flow, action, input));
}

/**
 * Runs one declared transition on row `id` inside the caller's transaction: locks the row, refuses with the
 * flow's own words when it is missing, not the actor's, the actor's own under review (four eyes), or in another
 * status; otherwise moves it (setting `set` too), applies the declared ledger effects, records the audit row
 * (before and after) and queues the declared notice to the owner.
 */
export async function runTransitionIn<T extends FlowTable, W, A extends string>(
  trx: Transaction<DB>,
  flow: Flow<T, W, A>,
  action: A,
  input: TransitionInput<T>,
): Promise<W> {
  const transition = flow.transitions[action];
  const current = await lockFlowRow(trx, flow.table, input.id);
  if (!current)
    throw new AppError(
      'NOT_FOUND',
      tr(
        'money.notFound',
        'No {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}} with that id exists.',
        { entity: flow.entity },
      ),
    );
  refuseActor(flow, action, transition, input.actor, current);
  if (transition.by === 'admin' && input.actor?.account_type === 'admin') {
    await refuseNewAdminReview(trx, input.actor.id, current.user_id, input.env);
  }
  refuseStatus(flow, action, transition, current);
  input.check?.(current);
  const updated = await updateFlowStatus(trx, flow.table, input.id, String(transition.from), {
    ...input.set,
    status: transition.to,
  } as unknown as Updateable<DB[T]>);
  if (!updated) throw new AppError('INTERNAL', `${flow.entity} ${input.id} changed under its own lock`);
  const actorId = input.actor?.id ?? null;
  await applyEffects(trx, flow, updated, transition.ledger, actorId, input.env.now);
  await transition.follow?.(trx, updated, input.env);
  await input.after?.(trx, updated);
  const email = await findUserEmail(trx, updated.user_id);
  const after = flow.toWire(updated, email);
  if (transition.audit !== false) {
    await recordAudit(trx, {
      actorId,
      action: `${flow.entity}.${action}`,
      entityType: flow.entity,
      entityId: updated.id,
      before: flow.toWire(current, email),
      after,
    });
  }
  const notice = transition.notice?.(updated);
  if (notice) await notify(trx, noticeInput(flow, action, updated, notice, input.env.now));
  return after;
}

/** What a transition over many rows is asked to do: the same for every row (see TransitionInput). */
export interface ManyTransitionInput<T extends FlowTable> {
  ids: string[];
  actor: Actor;
  env: FlowEnv;
  set?: Updateable<DB[T]>;
  check?: (row: FlowRow<T>) => void;
}

/**
 * runTransitionIn over many rows in the caller's transaction, in a few statements whatever their number: the
 * rows locked in id order, every row checked as one transition checks it (any refusal throws, and the caller's
 * transaction rolls back whole), moved by one guarded UPDATE per batch (`WHERE status = from`), their ledger
 * effects through moveMoneyMany, their audit rows and notices in multi-row inserts. Rows, entries and notices
 * are those the one-row transition makes, for `ids` in the given order. Answers the moved rows in that order.
 */
export async function runTransitionManyIn<T extends FlowTable, W, A extends string>(
  trx: Transaction<DB>,
  flow: Flow<T, W, A>,
  action: A,
  input: ManyTransitionInput<T>,
): Promise<FlowRow<T>[]> {
  if (input.ids.length === 0) return [];
  if (new Set(input.ids).size !== input.ids.length)
    throw new AppError('INTERNAL', `${flow.entity}.${action}: the same row twice in one batch`);
  const transition = flow.transitions[action];
  const locked = new Map((await lockFlowRows(trx, flow.table, input.ids)).map((r) => [r.id, r]));
  const current = input.ids.map((id) => {
    const row = locked.get(id);
    if (!row)
      throw new AppError(
        'NOT_FOUND',
        tr(
          'money.notFound',
          'No {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}} with that id exists.',
          { entity: flow.entity },
        ),
      );
    return row;
  });
  for (const row of current) refuseActor(flow, action, transition, input.actor, row);
  if (transition.by === 'admin' && input.actor?.account_type === 'admin') {
    // The reviewer's grant is read once; each owner is checked against it as refuseNewAdminReview does.
    const grant = await findAdminGrant(trx, input.actor.id);
    for (const owner of new Set(current.map((r) => r.user_id))) refuseByGrant(grant, owner, input.env);
  }
  for (const row of current) {
    refuseStatus(flow, action, transition, row);
    input.check?.(row);
  }
  const moved = new Map(
    (
      await updateFlowStatuses(trx, flow.table, input.ids, String(transition.from), {
        ...input.set,
        status: transition.to,
      } as unknown as Updateable<DB[T]>)
    ).map((r) => [r.id, r]),
  );
  if (moved.size !== input.ids.length)
    throw new AppError('INTERNAL', `${flow.entity}.${action}: rows changed under their own locks`);
  const updated = input.ids.map((id) => moved.get(id)!);
  const actorId = input.actor?.id ?? null;
  await moveMoneyMany(
    trx,
    updated.flatMap((row) => movementsOf(flow, row, transition.ledger, actorId, input.env.now)),
  );
  if (transition.follow) for (const row of updated) await transition.follow(trx, row, input.env);
  const emails = await findUserEmails(
    trx,
    updated.map((r) => r.user_id),
  );
  if (transition.audit !== false) {
    await recordAudits(
      trx,
      updated.map((row, i) => {
        const email = emails.get(row.user_id)!;
        return {
          actorId,
          action: `${flow.entity}.${action}`,
          entityType: flow.entity,
          entityId: row.id,
          before: flow.toWire(current[i]!, email),
          after: flow.toWire(row, email),
        };
      }),
    );
  }
  const notices: NotifyInput[] = updated.flatMap((row) => {
    const notice = transition.notice?.(row);
    return notice ? [noticeInput(flow, action, row, notice, input.env.now)] : [];
  });
  await notifyMany(trx, notices, input.env.now);
  return updated;
}

/** What notify is given for a transition's notice (the event key: once per row, action and event). */
function noticeInput<T extends FlowTable>(
  flow: Flow<T, unknown, string>,
  action: string,
  row: FlowRow<T>,
  notice: MemberNotice,
  at: Date,
): NotifyInput {
  return {
    userId: row.user_id,
    kind: notice.kind,
    title: notice.subject,
    body: notice.paragraphs,
    link: notice.link,
    eventKey: `${flow.entity}:${row.id}:${action}${notice.event ? `:${notice.event}` : ''}`,
    at,
    mail: notice.mailKind ? { kind: notice.mailKind, paragraphs: notice.paragraphs } : undefined,
  };
}

/** Refuses, with the flow's own words, a transition from a status other than its `from`. */
function refuseStatus<T extends FlowTable>(
  flow: Flow<T, unknown, string>,
  action: string,
  transition: Transition<T>,
  row: FlowRow<T>,
): void {
  if (row.status === transition.from) return;
  throw new AppError(
    'INVALID_STATE',
    (flow.refusals as Record<string, Partial<Record<string, Msg>>>)[action]?.[String(row.status)] ??
      tr(
        'money.cannotChange',
        'This {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}} is {status}; it cannot be changed that way.',
        {
          entity: flow.entity,
          status: String(row.status),
        },
      ),
  );
}

/** Who may take `transition` on `row`: throws FORBIDDEN with words that say who may. */
function refuseActor<T extends FlowTable>(
  flow: Flow<T, unknown, string>,
  action: string,
  transition: Transition<T>,
  actor: Actor,
  row: FlowRow<T>,
): void {
  if (transition.by === 'system') {
    if (actor)
      throw new AppError(
        'FORBIDDEN',
        tr(
          'money.platformOnly',
          'Only the platform itself can {action} a {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}}.',
          { action, entity: flow.entity },
        ),
      );
    return;
  }
  if (!actor) throw new AppError('INTERNAL', `${flow.entity}.${action} needs a signed-in actor`);
  if (actor.account_type !== 'admin') {
    if (transition.by !== 'owner')
      throw new AppError('FORBIDDEN', tr('auth.adminOnly', 'Only an administrator can do this.'));
    if (row.user_id !== actor.id)
      throw new AppError(
        'FORBIDDEN',
        tr(
          'money.ownOnly',
          'You can only {action} your own {entity, select, deposit {deposits} withdrawal {withdrawals} investment {investments} other {requests}}.',
          { action, entity: flow.entity },
        ),
      );
  }
  if (transition.by === 'admin')
    refuseOwnReview(
      actor.id,
      row.user_id,
      tr(
        'money.ownReview',
        'You cannot review your own {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}}. Another administrator must do it.',
        {
          entity: flow.entity,
        },
      ),
    );
}

/** Runs a declaration's ledger effects for `row` through moveMoney (effects of 0 are skipped). */
async function applyEffects<T extends FlowTable>(
  trx: Transaction<DB>,
  flow: Flow<T, unknown, string>,
  row: FlowRow<T>,
  declared: ((row: FlowRow<T>) => LedgerEffect | LedgerEffect[]) | undefined,
  actorId: string | null,
  now: Date,
): Promise<void> {
  for (const m of movementsOf(flow, row, declared, actorId, now)) await moveMoney(trx, m);
}

/** A declaration's ledger effects for `row` as movements (effects of 0 are skipped). */
function movementsOf<T extends FlowTable>(
  flow: Flow<T, unknown, string>,
  row: FlowRow<T>,
  declared: ((row: FlowRow<T>) => LedgerEffect | LedgerEffect[]) | undefined,
  actorId: string | null,
  now: Date,
): Movement[] {
  if (!declared) return [];
  const effects = declared(row);
  const account = (kind: FlowAccount): AccountKey =>
    MEMBER_ACCOUNTS.has(kind)
      ? { userId: row.user_id, kind: kind as MemberAccountKind }
      : { kind: kind as PlatformAccountKind };
  return (Array.isArray(effects) ? effects : [effects])
    .filter((effect) => (effect.asset === undefined ? effect.amountCents !== 0 : effect.units !== 0n))
    .map((effect) => {
      let amount: bigint;
      if (effect.asset === undefined) {
        if (!Number.isSafeInteger(effect.amountCents) || effect.amountCents < 0)
          throw new Error(`${flow.entity}: a ledger effect of ${effect.amountCents} cents`);
        amount = BigInt(effect.amountCents);
      } else {
        if (effect.asset === 'USD' || typeof effect.units !== 'bigint' || effect.units < 0n)
          throw new Error(`${flow.entity}: a ledger effect of ${String(effect.units)} ${effect.asset}`);
        amount = effect.units;
      }
      return {
        ...(effect.asset === undefined ? {} : { asset: effect.asset }),
        kind: effect.kind,
        legs: transfer(account(effect.from), account(effect.to), amount),
        ref: { type: flow.entity, id: row.id },
        actorId,
        memo: effect.memo,
        at: now,
      };
    });
}

/** A page of a flow's rows: a user sees their own (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listFlow<T extends FlowTable, W>(
  db: Database,
  flow: Flow<T, W, string>,
  viewer: Viewer,
  input: { cursor?: string | undefined; limit?: number | undefined; status?: string; userId?: string | undefined },
): Promise<Page<W>> {
  const userId = scopeToViewer(
    viewer,
    input.userId,
    tr(
      'scope.ownMoney',
      'You can only see your own {entity, select, deposit {deposits} withdrawal {withdrawals} investment {investments} other {requests}}.',
      {
        entity: flow.entity,
      },
    ),
  );
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listFlowRows(db, flow.table, {
    userId,
    status: input.status,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, (r) => flow.toWire(r, r.user_email));
}
