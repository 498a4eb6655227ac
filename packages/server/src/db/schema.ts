import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserTable {
  id: string;
  /** Sign-up order (identity); user management pages by it. */
  seq: Generated<number>;
  first_name: string;
  last_name: string;
  country: string;
  city: string;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string;
  account_type: 'user' | 'admin';
  /** Integer cents; CHECK (balance_cents >= 0). Only the ledger module writes it. */
  balance_cents: Generated<number>;
  profile_picture: Generated<string>;
  version: Generated<number>;
  referral_code: string;
  referred_by: string | null;
  /** Set while an admin has disabled the account: it cannot sign in and has no sessions. */
  disabled_at: Timestamp | null;
  email_verified_at: Timestamp | null;
  email_notifications: Generated<boolean>;
  /** TOTP secret, AES-256-GCM encrypted with a key derived from APP_SECRET (modules/twofactor); null: off. */
  two_factor_secret: string | null;
  /** The secret being enrolled (encrypted the same way) until a code confirms it. */
  two_factor_pending_secret: string | null;
  /** When two-factor sign-in was turned on; null while it is off. */
  two_factor_enabled_at: Timestamp | null;
  /** The last accepted TOTP time step: a code of this step or an earlier one is refused (no replay). */
  two_factor_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Wrong two-factor codes at sign-in since the last right one (from 10 on, sign-in pauses). */
  two_factor_failures: Generated<number>;
  /** Until when sign-in of this account is paused after too many wrong codes; null: not paused. */
  two_factor_paused_until: Timestamp | null;
  /** When an approved role request made this account an admin (null: not admin, or made by the CLI). */
  admin_granted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The admin who asked for that promotion: this account never reviews their money. */
  admin_granted_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A change of role that a second administrator approves (four eyes on roles). */
export interface RoleRequestTable {
  id: string;
  user_id: string;
  change: RoleChange;
  status: Generated<RoleRequestStatus>;
  requested_by: string;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}
export type RoleChange = 'promote' | 'demote' | 'disable';
export type RoleRequestStatus = 'pending' | 'approved' | 'rejected';

export interface SessionTable {
  /** The id the client sees (sign out one device); the token hash never leaves the server. */
  id: Generated<string>;
  /** sha256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  /** The User-Agent and client address the session was started from (null for sessions made server-side). */
  user_agent: string | null;
  ip: string | null;
  user_id: string;
  /** When the session started: the absolute limit counts from here. */
  created_at: Timestamp;
  /** When it was last used (written at most once a minute): the idle limit counts from here. */
  last_seen_at: Timestamp;
}

export type PayoutFrequency = 'monthly' | 'quarterly' | 'semi_annually' | 'yearly' | 'at_maturity';
export type PlanStatus = 'active' | 'archived';

export interface PlanTable {
  id: string;
  investment_plan_name: string;
  interest_rate: string;
  investment_limit: string;
  returns: string;
  investment_duration: string;
  capital_growth: string;
  risk_level: string;
  total_return: string;
  /** The terms: all set, or all null for a legacy plan whose text could not be read. */
  annual_rate_bps: number | null;
  min_amount_cents: number | null;
  max_amount_cents: number | null;
  term_months: number | null;
  payout_frequency: PayoutFrequency | null;
  early_exit_allowed: Generated<boolean>;
  /** Total cents all investments in the plan may add up to; null means no cap. */
  capacity_cents: number | null;
  status: Generated<PlanStatus>;
  /** True only when the terms are set (CHECK). */
  open_for_investing: Generated<boolean>;
  /** Principal of the plan's active positions, cents; CHECK keeps it within capacity_cents. */
  invested_cents: Generated<number>;
  description: Generated<string>;
  image: Generated<string>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepositAccountTable {
  id: string;
  account_number: string;
  bank_name: string;
  account_holder: string;
  updated_at: Timestamp;
}

export type LedgerKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'adjustment'
  | 'investment'
  | 'interest'
  | 'principal_return'
  | 'referral_reward';
export type LedgerRefType = 'deposit' | 'withdrawal' | 'adjustment' | 'investment' | 'referral';

export interface LedgerEntryTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  kind: LedgerKind;
  /** Signed integer cents. */
  amount_cents: number;
  balance_after_cents: number;
  ref_type: LedgerRefType;
  ref_id: string;
  actor_id: string | null;
  memo: string | null;
  created_at: Timestamp;
}

export interface DepositTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  amount_cents: number;
  reference: string;
  status: Generated<'pending' | 'confirmed' | 'rejected'>;
  reason: string | null;
  reviewed_by: string | null;
  idempotency_key: string;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export interface WithdrawalTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  amount_cents: number;
  method: 'bank' | 'paypal' | 'crypto';
  details: string;
  status: Generated<'pending' | 'paid' | 'rejected' | 'cancelled'>;
  reason: string | null;
  payout_reference: string | null;
  reviewed_by: string | null;
  idempotency_key: string;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface AuditLogTable {
  id: string;
  seq: Generated<number>;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Timestamp;
}

export interface InvestmentTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  plan_id: string;
  /** The terms as they were when the position opened (editing the plan never changes them). */
  plan_name: string;
  amount_cents: number;
  annual_rate_bps: number;
  term_months: number;
  payout_frequency: 'monthly' | 'quarterly' | 'semi_annually' | 'yearly' | 'at_maturity';
  early_exit_allowed: boolean;
  status: Generated<'active' | 'matured' | 'redeemed'>;
  idempotency_key: string;
  started_at: Timestamp;
  maturity_at: Timestamp;
  /** When the next unpaid period falls due; null once closed. */
  next_due_at: Timestamp | null;
  paid_periods: Generated<number>;
  interest_paid_cents: Generated<number>;
  closed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** One row per paid period: (investment_id, period) is the primary key that makes a payment exactly-once. */
export interface InvestmentPayoutTable {
  investment_id: string;
  period: number;
  due_at: Timestamp;
  interest_cents: number;
  principal_cents: number;
  paid_at: Timestamp;
}

/** The platform's own account: every cent it pays out (interest, referral rewards). */
export interface PlatformLedgerTable {
  id: string;
  seq: Generated<number>;
  kind: 'interest' | 'referral_reward';
  amount_cents: number;
  user_id: string;
  ref_type: string;
  ref_id: string;
  created_at: Generated<Date>;
}

/**
 * The one referral reward a referred member can bring (keyed by them): claimed `pending` when their first
 * investment opens, `paid` once it has completed its first payout period or matured, `forfeited` if it is
 * redeemed before that.
 */
export interface ReferralRewardTable {
  referred_user_id: string;
  referrer_id: string;
  investment_id: string;
  amount_cents: number;
  status: Generated<'pending' | 'paid' | 'forfeited'>;
  settled_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Attempt counters of the limits on PostgreSQL; written by rate-limiter-flexible, not by the product's own SQL. */
export interface RateLimitTable {
  key: string;
  points: Generated<number>;
  /** Epoch milliseconds when the window ends (null: never). */
  expire: number | null;
}

/** The whole database as Kysely sees it. */
export type MailStatus = 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  seq: Generated<number>;
  user_id: string | null;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A device a user signed in from: user agent + address bucket (IPv6 by /64); outlives its sessions. */
export interface KnownDeviceTable {
  user_id: string;
  user_agent: string;
  address: string;
  first_seen_at: Timestamp;
}

/** A message sent through the public contact form. */
export interface ContactMessageTable {
  id: string;
  seq: Generated<number>;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  replied_at: Timestamp | null;
}

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A newsletter address with double opt-in; tokens are stored as sha256 hashes. */
export interface NewsletterSubscriberTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  status: Generated<NewsletterStatus>;
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  unsubscribe_token_hash: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
}

/** One-time recovery codes of two-factor sign-in: sha256 of each code, single use. */
export interface TwoFactorRecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export type AccountTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';

/** A single-use link's token (only its sha256 is stored). */
export interface AccountTokenTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  /** The address the link proves (verified address, or the new address of an email change). */
  email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** The shared market cache (one row per feed URL): the last good coin list and the refresh lease. */
export interface MarketCacheTable {
  feed_url: string;
  /** The coin list as JSON text (contract fields only); null until the feed first answered. */
  coins_json: string | null;
  /** sha256 (hex) of coins_json. */
  etag: string | null;
  fetched_at: Timestamp | null;
  /** Consecutive failed calls to the feed (0 after a good one): the back-off doubles with each. */
  failures: Generated<number>;
  /** No instance calls the feed before this (back-off, or the feed's Retry-After). */
  next_attempt_at: Timestamp | null;
  /** The refresh lease: one instance calls the feed until this time (then another may take over). */
  refreshing_until: Timestamp | null;
  refreshing_by: string | null;
}

export interface DB {
  users: UserTable;
  sessions: SessionTable;
  plans: PlanTable;
  deposit_account: DepositAccountTable;
  ledger_entries: LedgerEntryTable;
  deposits: DepositTable;
  withdrawals: WithdrawalTable;
  audit_log: AuditLogTable;
  app_meta: AppMetaTable;
  investments: InvestmentTable;
  investment_payouts: InvestmentPayoutTable;
  platform_ledger: PlatformLedgerTable;
  referral_rewards: ReferralRewardTable;
  rate_limits: RateLimitTable;
  mail_outbox: MailOutboxTable;
  known_devices: KnownDeviceTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  account_tokens: AccountTokenTable;
  market_cache: MarketCacheTable;
  role_requests: RoleRequestTable;
  site_settings: SiteSettingsTable;
}

/** The operator's facts (#18): one row, id = 1, absent until an admin first saves the Site settings page. */
export interface SiteSettingsTable {
  id: number;
  company_name: string | null;
  registration: string | null;
  address: string | null;
  support_email: string | null;
  licence: string | null;
  /** YYYY-MM-DD (a calendar day, UTC). */
  launch_date: string | null;
  updated_at: Timestamp | null;
  updated_by: string | null;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserPatch = Updateable<UserTable>;
export type PlanRow = Selectable<PlanTable>;
export type DepositRow = Selectable<DepositTable>;
export type WithdrawalRow = Selectable<WithdrawalTable>;
export type LedgerEntryRow = Selectable<LedgerEntryTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type InvestmentRow = Selectable<InvestmentTable>;
export type InvestmentPayoutRow = Selectable<InvestmentPayoutTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type RoleRequestRow = Selectable<RoleRequestTable>;
