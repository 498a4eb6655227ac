import { tr } from '@vestora/contract';
import { randomUUID } from 'node:crypto';
import type { TRoleRequest } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB, RoleChange } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { toPublicUser } from './user.mapper.ts';
import {
  findUserById,
  findUserByIdForUpdate,
  lockAdminIds,
  type PublicUserRow,
  setAccountType,
  setDisabledAt,
} from './user.repo.ts';
import {
  decideRoleRequest,
  findPendingRoleRequest,
  findRoleRequest,
  insertRoleRequestIfNone,
  listPendingRoleRequests,
  lockRoleRequest,
  type RoleRequestListRow,
} from './user.role-request.repo.ts';

export const ROLE_REQUEST_NOT_FOUND_MESSAGE = tr('roleRequest.notFound', 'No role request with that id exists.');
export const OWN_REQUEST_MESSAGE = tr(
  'roleRequest.ownRequest',
  'You asked for this change, so you cannot approve it: another administrator must.',
);
export const ABOUT_YOU_MESSAGE = tr(
  'roleRequest.aboutYou',
  'This request is about your own account, so you cannot decide it: another administrator must.',
);
const LAST_ADMIN_REQUEST_MESSAGE = tr(
  'roleRequest.lastAdmin',
  'This is the last administrator account that can sign in. Make another user an administrator first.',
);
const PENDING_LIMIT = 100;

/** A request row as the wire shows it. */
export function toRoleRequest(row: RoleRequestListRow): TRoleRequest {
  return {
    id: row.id,
    change: row.change,
    status: row.status,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: `${row.user_first_name} ${row.user_last_name}`.trim(),
    requestedById: row.requested_by,
    requestedByEmail: row.requester_email,
    createdAt: iso(row.created_at),
    decidedById: row.decided_by,
    decidedAt: isoOrNull(row.decided_at),
  };
}

/**
 * Asks for a change of role (promote a member, demote or disable an admin) in the caller's transaction: the
 * change is not made, a pending request is written (audited `role_request.create`) for a second admin to
 * approve. Asking again while one is pending answers the pending one.
 */
export async function requestRoleChangeIn(
  trx: Transaction<DB>,
  actorId: string,
  target: PublicUserRow,
  change: RoleChange,
  now: Date,
): Promise<TRoleRequest> {
  const inserted = await insertRoleRequestIfNone(
    trx,
    { id: randomUUID(), userId: target.id, change, requestedBy: actorId },
    now,
  );
  const row = await findPendingRoleRequest(trx, target.id, change);
  if (!row) throw new AppError('INTERNAL', `pending ${change} request for ${target.id} vanished`);
  if (inserted) {
    await recordAudit(trx, {
      actorId,
      action: 'role_request.create',
      entityType: 'role_request',
      entityId: row.id,
      before: null,
      after: toRoleRequest(row),
    });
  }
  return toRoleRequest(row);
}

/** The pending requests, oldest first: the Overview lists them for a second admin. */
export async function listRoleRequests(deps: Pick<AppDeps, 'db'>): Promise<TRoleRequest[]> {
  return (await listPendingRoleRequests(deps.db, PENDING_LIMIT)).map(toRoleRequest);
}

/**
 * A second admin approves a pending request, and the change is made, in one transaction: neither the admin
 * who asked nor the account it is about may approve. A promotion records when and at whose request (the new
 * admin's review cooldown and its never-reviewed requester); a demotion or disabling never leaves the platform
 * without an administrator. The account's sessions end. Audited: role_request.approve plus the change's own
 * row (user.role_change or user.disable) and session.revoke.
 */
export async function approveRoleRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  id: string,
): Promise<TRoleRequest> {
  return deps.db.transaction().execute(async (trx) => {
    const request = await lockRoleRequest(trx, id);
    if (!request) throw new AppError('NOT_FOUND', ROLE_REQUEST_NOT_FOUND_MESSAGE);
    if (request.status !== 'pending') {
      throw new AppError(
        'INVALID_STATE',
        tr('roleRequest.alreadyDecided', 'This request was already {status}; nothing changed.', {
          status: request.status,
        }),
      );
    }
    if (request.requested_by === actorId) throw new AppError('FORBIDDEN', OWN_REQUEST_MESSAGE);
    if (request.user_id === actorId) throw new AppError('FORBIDDEN', ABOUT_YOU_MESSAGE);
    const requester = await findUserById(trx, request.requested_by);
    if (requester?.account_type !== 'admin' || requester.disabled_at !== null) {
      throw new AppError(
        'INVALID_STATE',
        tr(
          'roleRequest.requesterInactive',
          'The administrator who asked for this change is no longer an active administrator. Reject the request.',
        ),
      );
    }
    // Every admin row is locked first (id order), as a demotion in user.update did, so two approvals that
    // would each leave "another admin" cannot both pass.
    const admins = await lockAdminIds(trx);
    const before = await findUserByIdForUpdate(trx, request.user_id);
    if (!before)
      throw new AppError(
        'NOT_FOUND',
        tr('roleRequest.accountGone', 'The account this request is about no longer exists.'),
      );
    const now = deps.clock.now();
    await applyRoleChange(
      trx,
      { actorId, before, change: request.change, requestedBy: request.requested_by, now },
      admins,
    );
    if (!(await decideRoleRequest(trx, id, { status: 'approved', by: actorId, at: now }))) {
      throw new AppError(
        'INVALID_STATE',
        tr('roleRequest.decidedMeanwhile', 'This request was decided by someone else meanwhile; reload.'),
      );
    }
    const after = await findRoleRequest(trx, id);
    if (!after) throw new Error('role request vanished inside its own transaction');
    await recordAudit(trx, {
      actorId,
      action: 'role_request.approve',
      entityType: 'role_request',
      entityId: id,
      before: { status: 'pending' },
      after: toRoleRequest(after),
    });
    return toRoleRequest(after);
  });
}

async function applyRoleChange(
  trx: Transaction<DB>,
  c: { actorId: string; before: PublicUserRow; change: RoleChange; requestedBy: string; now: Date },
  admins: { id: string }[],
): Promise<void> {
  const { actorId, before, change, now } = c;
  if (change === 'promote') {
    if (before.account_type === 'admin')
      throw new AppError('INVALID_STATE', tr('roleRequest.alreadyAdmin', 'This account is already an administrator.'));
    const row = await setAccountType(trx, before.id, 'admin', now, { at: now, by: c.requestedBy });
    await recordRoleChange(trx, actorId, before, row);
    await endSessionsOfUser(trx, before.id, { actorId, reason: 'role_change' });
    return;
  }
  if (before.account_type !== 'admin')
    throw new AppError('INVALID_STATE', tr('roleRequest.notAdmin', 'This account is not an administrator.'));
  if (!admins.some((a) => a.id !== before.id)) throw new AppError('INVALID_STATE', LAST_ADMIN_REQUEST_MESSAGE);
  if (change === 'demote') {
    const row = await setAccountType(trx, before.id, 'user', now, null);
    await recordRoleChange(trx, actorId, before, row);
    await endSessionsOfUser(trx, before.id, { actorId, reason: 'role_change' });
    return;
  }
  if (before.disabled_at !== null)
    throw new AppError('INVALID_STATE', tr('roleRequest.alreadyDisabled', 'This account is already disabled.'));
  const row = await setDisabledAt(trx, before.id, now, now);
  if (!row) throw new Error('user vanished inside its own update transaction');
  await recordAudit(trx, {
    actorId,
    action: 'user.disable',
    entityType: 'user',
    entityId: before.id,
    before: toPublicUser(before),
    after: toPublicUser(row),
  });
  await endSessionsOfUser(trx, before.id, { actorId, reason: 'account_disabled' });
}

async function recordRoleChange(
  trx: Transaction<DB>,
  actorId: string,
  before: PublicUserRow,
  after: PublicUserRow | undefined,
): Promise<void> {
  if (!after) throw new Error('user vanished inside its own update transaction');
  await recordAudit(trx, {
    actorId,
    action: 'user.role_change',
    entityType: 'user',
    entityId: before.id,
    before: { accountType: before.account_type },
    after: { accountType: after.account_type },
  });
}

/**
 * An admin rejects a pending request (audited `role_request.reject`); nothing else changes. The admin who
 * asked may withdraw it this way; the account it is about may not decide it.
 */
export async function rejectRoleRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  id: string,
): Promise<TRoleRequest> {
  return deps.db.transaction().execute(async (trx) => {
    const request = await lockRoleRequest(trx, id);
    if (!request) throw new AppError('NOT_FOUND', ROLE_REQUEST_NOT_FOUND_MESSAGE);
    if (request.status !== 'pending') {
      throw new AppError(
        'INVALID_STATE',
        tr('roleRequest.alreadyDecided', 'This request was already {status}; nothing changed.', {
          status: request.status,
        }),
      );
    }
    if (request.user_id === actorId && request.requested_by !== actorId) {
      throw new AppError('FORBIDDEN', ABOUT_YOU_MESSAGE);
    }
    const now = deps.clock.now();
    await decideRoleRequest(trx, id, { status: 'rejected', by: actorId, at: now });
    const after = await findRoleRequest(trx, id);
    if (!after) throw new Error('role request vanished inside its own transaction');
    await recordAudit(trx, {
      actorId,
      action: 'role_request.reject',
      entityType: 'role_request',
      entityId: id,
      before: { status: 'pending' },
      after: toRoleRequest(after),
    });
    return toRoleRequest(after);
  });
}
