// The audit log in words: action codes ("withdrawal.approve") and snapshot field names ("accountType") are what
// the server records; admins read "Withdrawal approved as paid" and "Account type".

/** Actions whose words are not "<thing> <verb in the past>". */
const SPECIAL: Record<string, string> = {
  'account.update': 'Deposit account record changed',
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_out': 'Signed out',
  'auth.two_factor_enabled': 'Two-factor sign-in turned on',
  'auth.two_factor_disabled': 'Two-factor sign-in turned off',
  'contact.reply': 'Contact message answered',
  'mail.open': 'Email in the Outbox opened',
  'plan.archive': 'Plan archived',
  'plan.restore': 'Plan restored',
  'security.lockout': 'Sign-in locked after failed attempts',
  'session.revoke': 'Sessions ended',
  'user.create_admin': 'Administrator created (command line)',
  'user.promote_admin': 'Made an administrator (command line)',
  'user.role_change': 'Role changed',
  'user.update': 'User edited',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.email_change': 'Email address changed',
  'user.email_change_requested': 'Email address change requested',
  'user.email_verify': 'Email address verified',
  'user.mark_email_verified': 'Email address marked verified',
  'user.password_change': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.password_reset_requested': 'Password reset requested',
  'withdrawal.approve': 'Withdrawal approved as paid',
  'investment.redeem': 'Investment redeemed early',
  'investment.set_renewal': 'Renewal at maturity changed',
};

const THINGS: Record<string, string> = {
  plan: 'Plan',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  investment: 'Investment',
  user: 'User',
  account: 'Deposit account record',
  contact: 'Contact message',
  mail: 'Email',
  newsletter: 'Newsletter subscription',
};

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  archive: 'archived',
  restore: 'restored',
  pause: 'paused',
  resume: 'resumed',
  confirm: 'confirmed',
  reject: 'rejected',
  approve: 'approved',
  cancel: 'cancelled',
  request: 'requested',
  open: 'opened',
  mature: 'matured',
  redeem: 'redeemed',
  pay: 'paid',
};

/** "plan.create" → "Plan created"; an unknown code still reads as words ("foo.bar_baz" → "Foo bar baz"). */
export function actionWords(action: string): string {
  const special = SPECIAL[action];
  if (special) return special;
  const [thing = '', verb = ''] = action.split('.');
  const t = THINGS[thing];
  const v = VERBS[verb];
  if (t && v) return `${t} ${v}`;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Snapshot fields whose words are not just the name split at its capitals. */
const FIELDS: Record<string, string> = {
  id: 'Id',
  userId: 'Member id',
  userEmail: 'Member email',
  accountType: 'Role',
  investmentPlanName: 'Plan name',
  investmentPlanDescription: 'Description',
  investmentPlanImage: 'Image',
  annualRateBps: 'Interest rate (hundredths of a percent)',
  minAmount: 'Minimum amount',
  maxAmount: 'Maximum amount',
  termMonths: 'Term (months)',
  earlyExitAllowed: 'Early exit allowed',
  remainingCapacity: 'Capacity left',
  openForInvesting: 'Open for investing',
  payoutReference: 'Payout reference',
  reviewedAt: 'Reviewed at',
  reviewedBy: 'Reviewed by',
  createdAt: 'Created at',
  updatedAt: 'Updated at',
  profilePicture: 'Profile picture',
  emailVerified: 'Email verified',
  version: 'Version',
  sessionsEnded: 'Sessions ended',
};

/** "accountType" → "Role", "bankName" → "Bank name", "two_factor" → "Two factor". */
export function fieldWords(field: string): string {
  const known = FIELDS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
