// The audit log in words: action codes ("withdrawal.approve") and snapshot field names ("accountType") are what
// the server records; admins read "Withdrawal approved as paid" and "Account type".

import { type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { type TAccountType, type TAuditEntityType, type TPlan, centsToDollars } from '@vestora/contract';
import { i18n } from '../../i18n';
import { formatMoney } from '../../lib/format';
import { DEPOSIT_STATUS, WITHDRAWAL_METHOD_LABELS, WITHDRAWAL_STATUS } from '../../lib/money-labels';
import { INVESTMENT_STATUS, PAYOUT_FREQUENCY } from '../investment/invest-rules';
import { RISK_LEVEL } from '../plans/risk-level';

/** Actions whose words are not "<thing> <verb in the past>". */
const SPECIAL: Record<string, MessageDescriptor> = {
  'account.update': msg`Deposit account record changed`,
  'approval.propose': msg`Proposed (waits for a second administrator)`,
  'approval.approve': msg`Proposal approved`,
  'approval.reject': msg`Proposal rejected`,
  'statement.csv_mapping': msg`Bank CSV mapping changed`,
  'auth.sign_in': msg`Signed in`,
  'auth.sign_in_failed': msg`Sign-in failed`,
  'auth.sign_out': msg`Signed out`,
  'auth.two_factor_enabled': msg`Two-factor sign-in turned on`,
  'auth.two_factor_disabled': msg`Two-factor sign-in turned off`,
  'contact.reply': msg`Contact message answered`,
  'mail.open': msg`Email in the Outbox opened`,
  'plan.archive': msg`Plan archived`,
  'plan.restore': msg`Plan restored`,
  'security.lockout': msg`Sign-in locked after failed attempts`,
  'session.revoke': msg`Sessions ended`,
  'user.create_admin': msg`Administrator created (command line)`,
  'user.promote_admin': msg`Made an administrator (command line)`,
  'user.role_change': msg`Role changed`,
  'user.update': msg`User edited`,
  'user.disable': msg`Account disabled`,
  'user.enable': msg`Account enabled`,
  'user.email_change': msg`Email address changed`,
  'user.email_change_requested': msg`Email address change requested`,
  'user.email_verify': msg`Email address verified`,
  'user.mark_email_verified': msg`Email address marked verified`,
  'user.password_change': msg`Password changed`,
  'user.password_reset': msg`Password reset`,
  'user.password_reset_requested': msg`Password reset requested`,
  'withdrawal.approve': msg`Withdrawal approved as paid`,
  'withdrawal.export_payments': msg`Payment file exported`,
  'withdrawal.download_payment_file': msg`Payment file downloaded again`,
  'withdrawal.approveCrypto': msg`Crypto withdrawal sent (waiting for the network)`,
  'withdrawal.confirmCrypto': msg`Crypto withdrawal paid: confirmed by the network`,
  'withdrawal.approveBitcoin': msg`Bitcoin withdrawal approved (waits for the next payout batch)`,
  'withdrawal.sendBitcoin': msg`Bitcoin withdrawal sent in a payout batch`,
  'investment.redeem': msg`Investment redeemed early`,
  'investment.set_renewal': msg`Renewal at maturity changed`,
  'auth.two_factor_paused': msg`Two-factor sign-in paused after wrong codes`,
  'auth.two_factor_recovery_codes_regenerated': msg`Two-factor recovery codes renewed`,
  'bitcoin.resolve_amount': msg`Bitcoin payment with a disagreeing amount resolved`,
  'payout_batch.build': msg`Bitcoin payout batch built (PSBT to sign)`,
  'payout_batch.submit': msg`Signed Bitcoin payout batch uploaded and broadcast`,
  'payout_batch.cancel': msg`Bitcoin payout batch cancelled (coins released)`,
  'payout_batch.paid': msg`Bitcoin payout batch confirmed: its withdrawals paid`,
  'payout_batch.replaced': msg`Bitcoin payout batch replaced by another transaction`,
  'payout_batch.dropped': msg`Bitcoin payout batch dropped from the network`,
  'data_export.request': msg`Copy of personal data requested`,
  'data_export.download': msg`Copy of personal data downloaded`,
  'deposit.credit': msg`Bitcoin deposit credited`,
  'deposit.creditHeld': msg`Bitcoin deposit credited after waiting for a price`,
  'deposit.expire': msg`Deposit report expired (no transfer arrived in time)`,
  'role_request.create': msg`Role change requested (waits for a second administrator)`,
  'role_request.approve': msg`Role change request approved`,
  'role_request.reject': msg`Role change request rejected`,
  'site.update_settings': msg`Site settings changed`,
  'statement.import': msg`Bank statement imported`,
  'statement.approve': msg`Bank statement approved: its matched lines applied`,
  'statement.assign': msg`Statement line assigned to a member`,
  'statement.dismiss': msg`Statement line set aside`,
  'statement.apply_deposit': msg`Statement line credited a deposit`,
  'statement.apply_link': msg`Statement line linked to a deposit confirmed by hand`,
  'statement.apply_settle': msg`Statement line showed a payout paid`,
  'statement.apply_return': msg`Statement line showed a payout returned`,
  'statement.apply_fee': msg`Statement line booked as a bank fee`,
  'user.update_profile': msg`Own profile edited`,
  'user.close': msg`Account closed by its owner`,
  'user.reset_link_issued': msg`Password reset link issued (command line)`,
  'withdrawal.approveForBank': msg`Withdrawal approved: waits for the payment file`,
  'withdrawal.send': msg`Withdrawal sent to the bank in a payment file`,
  'withdrawal.settle': msg`Withdrawal paid: seen on the bank statement`,
  'withdrawal.returnSent': msg`Withdrawal returned by the bank`,
  'withdrawal.returnPaid': msg`Withdrawal returned by the bank after it was paid`,
  'asset.update': msg`Coin's trading terms changed`,
  'trade.fill': msg`Trade filled at its quoted price`,
  'treasury.fund': msg`Treasury funded (command line)`,
  'order.place': msg`Limit order placed (its money set aside)`,
  'order.cancel': msg`Limit order cancelled (its money returned)`,
  'order.fill': msg`Limit order filled at a fresh market price`,
  'order.expire': msg`Limit order expired (its money returned)`,
  'reserves.declare': msg`Reserves of a coin declared`,
  'reserves.publish': msg`Month's reserves and balance tree published`,
  'recurring_buy.create': msg`Recurring buy set up`,
  'recurring_buy.pause': msg`Recurring buy paused`,
  'recurring_buy.resume': msg`Recurring buy resumed`,
  'recurring_buy.delete': msg`Recurring buy deleted`,
  'price_alert.create': msg`Price alert set`,
  'price_alert.delete': msg`Price alert deleted`,
  'withdrawal.releaseCrypto': msg`Crypto withdrawal released to the member: not seen paid on the network`,
  'kyc.document_view': msg`Identity document viewed`,
  'kyc.retention_erase': msg`Identity records deleted after the retention period`,
  'withdrawal.backToReview': msg`Withdrawal back in review: the member's identity tier fell and no longer covers it`,
  'kyc.submit': msg`Identity application submitted`,
  'kyc.approve': msg`Identity application approved (the second approval verifies it)`,
  'kyc.retry': msg`Identity application: an item asked again`,
  'kyc.reject': msg`Identity application rejected for good`,
  'kyc.return_to_review': msg`Identity returned to review (an expired document or a changed name)`,
};

const THINGS: Record<string, MessageDescriptor> = {
  plan: msg`Plan`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  investment: msg`Investment`,
  user: msg`User`,
  account: msg`Deposit account record`,
  contact: msg`Contact message`,
  mail: msg`Email`,
  newsletter: msg`Newsletter subscription`,
};

const VERBS: Record<string, MessageDescriptor> = {
  create: msg`created`,
  update: msg`changed`,
  delete: msg`deleted`,
  archive: msg`archived`,
  restore: msg`restored`,
  pause: msg`paused`,
  resume: msg`resumed`,
  confirm: msg`confirmed`,
  reject: msg`rejected`,
  approve: msg`approved`,
  cancel: msg`cancelled`,
  request: msg`requested`,
  open: msg`opened`,
  mature: msg`matured`,
  redeem: msg`redeemed`,
  pay: msg`paid`,
};

/** True when the action has words of its own in every language (else it is read from its code, in English). */
export function hasActionWords(action: string): boolean {
  if (Object.hasOwn(SPECIAL, action)) return true;
  const [thing = '', verb = ''] = action.split('.');
  return Object.hasOwn(THINGS, thing) && Object.hasOwn(VERBS, verb);
}

/** "plan.create" → "Plan created"; an unknown code still reads as words ("foo.bar_baz" → "Foo bar baz"). */
export function actionWords(action: string): string {
  const special = Object.hasOwn(SPECIAL, action) ? SPECIAL[action] : undefined;
  if (special) return i18n._(special);
  const [thing = '', verb = ''] = action.split('.');
  const thingWords = Object.hasOwn(THINGS, thing) ? THINGS[thing] : undefined;
  const verbWords = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
  if (thingWords && verbWords) {
    const what = i18n._(thingWords);
    const done = i18n._(verbWords);
    return t({
      comment: 'A thing and what was done to it, e.g. "Plan created"; the order may change, a colon may help.',
      message: `${what} ${done}`,
    });
  }
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds of record an entry is about (`entityType`), as a noun: "Bank statement #1a2b3c4d". */
const ENTITIES: Record<TAuditEntityType, MessageDescriptor> = {
  approval: msg({ message: 'Proposal', context: 'audit record' }),
  asset: msg({ message: 'Coin', context: 'audit record' }),
  bitcoin_exception: msg({ message: 'Bitcoin exception', context: 'audit record' }),
  contact_message: msg({ message: 'Contact message', context: 'audit record' }),
  deposit: msg({ message: 'Deposit', context: 'audit record' }),
  deposit_account: msg({ message: 'Deposit account record', context: 'audit record' }),
  investment: msg({ message: 'Investment', context: 'audit record' }),
  kyc_application: msg({ message: 'Identity application', context: 'audit record' }),
  kyc_document: msg({ message: 'Identity document', context: 'audit record' }),
  kyc_member: msg({ message: 'Identity record', context: 'audit record' }),
  mail: msg({ message: 'Email', context: 'audit record' }),
  payment_file: msg({ message: 'Payment file', context: 'audit record' }),
  plan: msg({ message: 'Plan', context: 'audit record' }),
  price_alert: msg({ message: 'Price alert', context: 'audit record' }),
  recurring_buy: msg({ message: 'Recurring buy', context: 'audit record' }),
  rate_limit: msg({ message: 'Sign-in limit', context: 'audit record' }),
  referral: msg({ message: 'Referral reward', context: 'audit record' }),
  payout_batch: msg({ message: 'Bitcoin payout batch', context: 'audit record' }),
  reserves: msg({ message: 'Reserves', context: 'audit record' }),
  role_request: msg({ message: 'Role change request', context: 'audit record' }),
  site_settings: msg({ message: 'Site settings', context: 'audit record' }),
  statement: msg({ message: 'Bank statement', context: 'audit record' }),
  statement_csv_mapping: msg({ message: 'Bank CSV mapping', context: 'audit record' }),
  statement_line: msg({ message: 'Statement line', context: 'audit record' }),
  trade: msg({ message: 'Trade', context: 'audit record' }),
  limit_order: msg({ message: 'Limit order', context: 'audit record' }),
  treasury: msg({ message: 'Treasury', context: 'audit record' }),
  user: msg({ message: 'User', context: 'audit record' }),
  withdrawal: msg({ message: 'Withdrawal', context: 'audit record' }),
};

/** "statement_line" → "Statement line"; an unknown kind as its field words. */
export function entityWords(entityType: string): string {
  const known = Object.hasOwn(ENTITIES, entityType) ? ENTITIES[entityType as TAuditEntityType] : undefined;
  return known ? i18n._(known) : fieldWords(entityType);
}

/** Snapshot fields whose words are not just the name split at its capitals. */
const FIELDS: Record<string, MessageDescriptor> = {
  id: msg`Id`,
  userId: msg`Member id`,
  userEmail: msg`Member email`,
  accountType: msg`Role`,
  investmentPlanName: msg`Plan name`,
  investmentPlanDescription: msg`Description`,
  investmentPlanImage: msg`Image`,
  annualRateBps: msg`Interest rate (hundredths of a percent)`,
  minAmount: msg`Minimum amount`,
  maxAmount: msg`Maximum amount`,
  termMonths: msg`Term (months)`,
  earlyExitAllowed: msg`Early exit allowed`,
  remainingCapacity: msg`Capacity left`,
  openForInvesting: msg`Open for investing`,
  payoutReference: msg`Payout reference`,
  payoutSats: msg`Satoshis paid`,
  btcAmount: msg`Bitcoin sent to the address`,
  btcFee: msg`Bitcoin withdrawal fee`,
  confirmedAt: msg`Confirmed by the network at`,
  reviewedAt: msg`Reviewed at`,
  reviewedBy: msg`Reviewed by`,
  createdAt: msg`Created at`,
  updatedAt: msg`Updated at`,
  profilePicture: msg`Profile picture`,
  emailVerified: msg`Email verified`,
  version: msg`Version`,
  sessionsEnded: msg`Sessions ended`,
  interestRate: msg`Interest rate (text)`,
  investmentLimit: msg`Amount per investment (text)`,
  returns: msg`Payouts (text)`,
  investmentDuration: msg`Term in years (text)`,
  capitalGrowth: msg`Interest over the term (text)`,
  riskLevel: msg`Risk level`,
  riskLevelUnmapped: msg`Risk as first written`,
  totalReturn: msg`Back at maturity on the largest amount (text)`,
  payoutFrequency: msg`Payout frequency`,
  capacity: msg`Capacity`,
  status: msg`Status`,
  firstName: msg`First name`,
  lastName: msg`Last name`,
  country: msg`Country`,
  city: msg`City`,
  email: msg`Email`,
  balance: msg`Balance`,
  disabledAt: msg`Disabled at`,
  twoFactorEnabled: msg`Two-factor sign-in`,
  locale: msg`Language`,
  theme: msg`Theme`,
  method: msg`Method`,
  amount: msg`Amount`,
  reference: msg`Reference`,
  reason: msg`Reason`,
  details: msg`Details`,
  cancelledAt: msg`Cancelled at`,
  accountNumber: msg`Account number`,
  bankName: msg`Bank name`,
  accountHolder: msg`Account holder`,
  bic: msg`BIC (SWIFT code)`,
  routingNumber: msg`Routing number (ABA)`,
  isSet: msg`Set by an admin`,
  planId: msg`Plan id`,
  planName: msg`Plan name`,
  startedAt: msg`Started at`,
  maturityAt: msg`Matures at`,
  closedAt: msg`Closed at`,
  paidPeriods: msg`Periods paid`,
  totalPeriods: msg`Periods in all`,
  interestPaid: msg`Interest paid so far`,
  totalInterest: msg`Interest in all`,
  nextPayout: msg`Next payout`,
  renew: msg`Renew at maturity`,
  renewedFromId: msg`Renewed from`,
  renewedIntoId: msg`Renewed into`,
  renewalDeclined: msg`Renewal declined`,
  companyName: msg`Company name`,
  registration: msg`Registration`,
  address: msg`Address`,
  supportEmail: msg`Support email`,
  licence: msg`Licence`,
  launchDate: msg`Launch date`,
  mapUrl: msg`Map link`,
  kind: msg`Kind`,
  proposedBy: msg`Proposed by`,
  proposedByEmail: msg`Proposed by (email)`,
  decidedBy: msg`Decided by`,
  decidedAt: msg`Decided at`,
  decisionReason: msg`Reason for the decision`,
  change: msg`Change`,
  userName: msg`Member name`,
  requestedById: msg`Requested by (id)`,
  requestedByEmail: msg`Requested by (email)`,
  decidedById: msg`Decided by (id)`,
};

/** True when the field has words of its own in every language (else it is read from its name, in English). */
export function hasFieldWords(field: string): boolean {
  return Object.hasOwn(FIELDS, field);
}

/** "accountType" → "Role", "bankName" → "Bank name", "two_factor" → "Two factor". */
export function fieldWords(field: string): string {
  const known = FIELDS[field];
  if (known) return i18n._(known);
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PLAN_STATUS: Record<TPlan['status'], MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'plan status' }),
  paused: msg({ message: 'Paused', context: 'plan status' }),
  archived: msg({ message: 'Archived', context: 'plan status' }),
};

const ACCOUNT_TYPE: Record<TAccountType, MessageDescriptor> = {
  user: msg({ message: 'Member', context: 'account type' }),
  admin: msg({ message: 'Administrator', context: 'account type' }),
};

const YES_NO = {
  yes: msg({ message: 'Yes', context: 'audit value' }),
  no: msg({ message: 'No', context: 'audit value' }),
};
const NOTHING = msg`(nothing)`;

/** The words of a key in a table that has it (own keys only: "constructor" is no status). */
function lookup(table: Readonly<Record<string, MessageDescriptor | string>>, key: string): string | undefined {
  if (!Object.hasOwn(table, key)) return undefined;
  const words = table[key];
  return typeof words === 'string' ? words : i18n._(words!);
}

/** The statuses of each audited record, in the words the rest of the app shows them in. */
const STATUS_OF: Record<string, () => Readonly<Record<string, MessageDescriptor | string>>> = {
  withdrawal: () => Object.fromEntries(Object.entries(WITHDRAWAL_STATUS).map(([k, v]) => [k, v.label])),
  deposit: () => Object.fromEntries(Object.entries(DEPOSIT_STATUS).map(([k, v]) => [k, v.label])),
  investment: () => Object.fromEntries(Object.entries(INVESTMENT_STATUS).map(([k, v]) => [k, v.label])),
  plan: () => PLAN_STATUS,
};

/** Fields whose values are codes of a fixed set, with their words. */
const VALUES_OF: Record<string, () => Readonly<Record<string, MessageDescriptor | string>>> = {
  riskLevel: () => RISK_LEVEL,
  payoutFrequency: () => PAYOUT_FREQUENCY,
  accountType: () => ACCOUNT_TYPE,
  method: () => WITHDRAWAL_METHOD_LABELS,
};

/** A snapshot value as shown: `raw` when it has no words of its own (an id, a name, a number: shown as it is). */
export interface ValueWords {
  text: string;
  raw: boolean;
}

/**
 * One value of an audit snapshot in words (#34): known codes ("approved", "very_low", "admin", "crypto"), yes/no,
 * nothing, and amounts in cents as money; anything else as it was recorded. `entityType` tells whose status it is.
 */
export function valueWords(field: string, value: unknown, entityType?: string): ValueWords {
  if (value === undefined) return { text: '—', raw: false };
  if (value === null) return { text: i18n._(NOTHING), raw: false };
  if (typeof value === 'boolean') return { text: i18n._(value ? YES_NO.yes : YES_NO.no), raw: false };
  if (typeof value === 'number' && field.endsWith('Cents') && Number.isFinite(value))
    return { text: formatMoney(centsToDollars(value)), raw: false };
  if (typeof value === 'string') {
    const table =
      field === 'status'
        ? entityType && Object.hasOwn(STATUS_OF, entityType)
          ? STATUS_OF[entityType]!()
          : undefined
        : Object.hasOwn(VALUES_OF, field)
          ? VALUES_OF[field]!()
          : undefined;
    const words = table && lookup(table, value);
    if (words) return { text: words, raw: false };
    return { text: value, raw: true };
  }
  return { text: JSON.stringify(value), raw: true };
}
