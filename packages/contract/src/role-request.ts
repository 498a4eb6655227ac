import { z } from 'zod';
import { ZId, ZTimestamp } from './common.ts';
import { ZUser } from './user.ts';
import { ZApprovalRef } from './approval.ts';

/** What a role request would change: make an admin, make an admin a member again, or disable an admin. */
export const ZRoleChange = z.enum(['promote', 'demote', 'disable']);
export type TRoleChange = z.infer<typeof ZRoleChange>;

export const ZRoleRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type TRoleRequestStatus = z.infer<typeof ZRoleRequestStatus>;

/**
 * A change of role that a second administrator approves: neither the admin who asked nor the account it is
 * about may approve it (four eyes on roles).
 */
export const ZRoleRequest = z.object({
  id: z.string(),
  change: ZRoleChange,
  status: ZRoleRequestStatus,
  /** The account the change is about. */
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  /** The admin who asked. */
  requestedById: z.string(),
  requestedByEmail: z.string(),
  createdAt: ZTimestamp,
  decidedById: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
});
export type TRoleRequest = z.infer<typeof ZRoleRequest>;

/** user.roleRequest.approve / reject. */
export const ZRoleRequestIdInput = z.strictObject({ id: ZId });
export type TRoleRequestIdInput = z.infer<typeof ZRoleRequestIdInput>;

/**
 * user.update and user.setDisabled: the user as it now is; when the call asked for a change of role (or to
 * disable an admin), that change is not made but requested, and `roleRequest` is the pending request.
 */
export const ZUserChangeResult = ZUser.extend({
  roleRequest: ZRoleRequest.optional(),
  /** A balance change is not made but proposed (#27): the pending proposal a second admin approves. */
  approval: ZApprovalRef.optional(),
  /** A new email address is not set but sent a confirmation link (#27): the member confirms it. */
  emailChangeSentTo: z.string().optional(),
});
export type TUserChangeResult = z.infer<typeof ZUserChangeResult>;
