// What a notification kind is, and which preference category it falls under. A kind is `<prefix>.<event>`;
// the prefix alone decides the category, so a new event (a statement ready, a renewal) needs no new entry
// here, only a kind with one of these prefixes.
import type { NotificationCategory } from '../../db/schema.ts';

/** The category of each kind prefix. */
export const CATEGORY_BY_PREFIX = {
  security: 'security',
  account: 'security',
  deposit: 'money',
  withdrawal: 'money',
  order: 'money',
  investment: 'investments',
  referral: 'investments',
  statement: 'statements',
  marketing: 'marketing',
  // #31: a recurring buy's period (money: its skip is always e-mailed) and a price alert (the member decides).
  recurring: 'money',
  alert: 'investments',
} as const satisfies Record<string, NotificationCategory>;

export type NotificationKindPrefix = keyof typeof CATEGORY_BY_PREFIX;

/**
 * A notification kind: `deposit.credited`, `security.password_changed`, `statement.ready`,
 * `investment.renewed`, `account.export_ready`... (prefix: see CATEGORY_BY_PREFIX).
 */
export type NotificationKind = `${NotificationKindPrefix}.${string}`;

/** The preference category of a kind (throws for a kind without a known prefix: a programming error). */
export function categoryOf(kind: string): NotificationCategory {
  const prefix = kind.slice(0, kind.indexOf('.'));
  const category = (CATEGORY_BY_PREFIX as Record<string, NotificationCategory>)[prefix];
  if (!category) throw new Error(`notification kind ${kind} has no known prefix`);
  return category;
}
