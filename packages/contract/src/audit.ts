import { z } from 'zod';
import { ZId, ZPageInput, page, plain } from './common.ts';

export const ZAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** audit.list: one page of audit rows, optionally by actor, entity or kind. */
export const ZAuditListInput = ZPageInput.extend({
  actorId: ZId.optional(),
  entityType: plain(z.string().max(40), 'entityType').optional(),
  /** One entity's history, e.g. a withdrawal's timeline. */
  entityId: plain(z.string().max(100), 'entityId').optional(),
  /**
   * security: sign-ins (and failed attempts), sign-outs and ended sessions (actions auth.* and session.*);
   * changes: everything else (what admins and the system changed); unset: both.
   */
  kind: z.enum(['changes', 'security']).optional(),
});
/** What a caller sends (limit may be left out). */
export type TAuditListInput = z.input<typeof ZAuditListInput>;
export const ZAuditPage = page(ZAuditEntry);

/**
 * Every action the server records in the audit log (#34: each has words of its own in every language, see the
 * web's audit-words.ts). A literal recorded by a service must be one of these (the server's AuditRecord type);
 * a money flow's transitions (`${entity}.${transition}`) are checked by the server's audit-actions test.
 */
export const AUDIT_ACTIONS = [
  'account.update',
  'approval.propose',
  'approval.approve',
  'approval.reject',
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.two_factor_paused',
  'auth.two_factor_recovery_codes_regenerated',
  'bitcoin.resolve_amount',
  'contact.reply',
  'data_export.request',
  'data_export.download',
  'deposit.confirm',
  'deposit.credit',
  'deposit.creditHeld',
  'deposit.expire',
  'deposit.reject',
  'investment.mature',
  'investment.redeem',
  'investment.set_renewal',
  'mail.open',
  'plan.create',
  'plan.update',
  'plan.archive',
  'plan.delete',
  'plan.pause',
  'plan.resume',
  'plan.restore',
  'role_request.create',
  'role_request.approve',
  'role_request.reject',
  'security.lockout',
  'session.revoke',
  'site.update_settings',
  'statement.import',
  'statement.approve',
  'statement.csv_mapping',
  'statement.assign',
  'statement.dismiss',
  'statement.apply_deposit',
  'statement.apply_link',
  'statement.apply_settle',
  'statement.apply_return',
  'statement.apply_fee',
  'user.create_admin',
  'user.promote_admin',
  'user.update',
  'user.update_profile',
  'user.disable',
  'user.enable',
  'user.close',
  'user.role_change',
  'user.email_change',
  'user.email_change_requested',
  'user.email_verify',
  'user.mark_email_verified',
  'user.password_change',
  'user.password_reset',
  'user.password_reset_requested',
  'user.reset_link_issued',
  'withdrawal.approve',
  'withdrawal.approveCrypto',
  'withdrawal.confirmCrypto',
  'withdrawal.approveForBank',
  'withdrawal.approveBitcoin',
  'withdrawal.reject',
  'withdrawal.cancel',
  'withdrawal.send',
  'withdrawal.settle',
  'withdrawal.returnSent',
  'withdrawal.returnPaid',
  'withdrawal.releaseCrypto',
  'withdrawal.export_payments',
  'withdrawal.download_payment_file',
  'asset.update',
  'trade.fill',
  'treasury.fund',
  'order.place',
  'order.cancel',
  'order.fill',
  'order.expire',
  'reserves.declare',
  'reserves.publish',
  'recurring_buy.create',
  'recurring_buy.pause',
  'recurring_buy.resume',
  'recurring_buy.delete',
  'price_alert.create',
  'price_alert.delete',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every kind of record the audit log names (`entityType`). */
export const AUDIT_ENTITY_TYPES = [
  'approval',
  'asset',
  'bitcoin_exception',
  'contact_message',
  'deposit',
  'deposit_account',
  'investment',
  'limit_order',
  'mail',
  'payment_file',
  'plan',
  'price_alert',
  'rate_limit',
  'recurring_buy',
  'referral',
  'reserves',
  'role_request',
  'site_settings',
  'statement',
  'statement_csv_mapping',
  'statement_line',
  'trade',
  'treasury',
  'user',
  'withdrawal',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
