import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { TInvestmentStatus, TPayoutFrequency, TPlan } from '@vestora/contract';
import { intlLocale } from '../../i18n';
// Helpers here are called while rendering, so `t` reads the language shown now; the module-level texts are
// descriptors (`msg`), rendered with `i18n._(...)`.

/** A term in words: 12 → "1 year", 18 → "18 months", 24 → "2 years". */
export function termText(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return t`${plural(years, { one: '# year', other: '# years' })}`;
  }
  return t`${plural(months, { one: '# month', other: '# months' })}`;
}

/** A yearly rate in basis points as a percentage in the reader's locale: 700 → "7%" ("7 %" in German), 650 → "6.5%". */
export function formatRate(bps: number): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** How often interest is paid, as a label ("Monthly"): the contract's PAYOUT_FREQUENCY_LABELS, translated. */
export const PAYOUT_FREQUENCY: Record<TPayoutFrequency, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  semi_annually: msg`Semi-annually`,
  yearly: msg`Yearly`,
  at_maturity: msg`At maturity`,
};

/** The same inside a sentence ("interest paid {frequency}"): "monthly", "at maturity". */
export const PAYOUT_IN_SENTENCE: Record<TPayoutFrequency, MessageDescriptor> = {
  monthly: msg({ message: 'monthly', comment: 'Fills {frequency} in "interest paid {frequency}"' }),
  quarterly: msg({ message: 'quarterly', comment: 'Fills {frequency} in "interest paid {frequency}"' }),
  semi_annually: msg({ message: 'semi-annually', comment: 'Fills {frequency} in "interest paid {frequency}"' }),
  yearly: msg({ message: 'yearly', comment: 'Fills {frequency} in "interest paid {frequency}"' }),
  at_maturity: msg({ message: 'at maturity', comment: 'Fills {frequency} in "interest paid {frequency}"' }),
};

/** The early-exit rule of a plan or position, in one sentence. */
export function earlyExitText(allowed: boolean): string {
  return allowed
    ? t`You can redeem early: the principal comes back at once, interest already paid stays, interest accrued since the last payout is forfeited.`
    : t`No early exit: the principal comes back at maturity.`;
}

/** What the rate is and is not, in the invest dialog. */
export const RATE_HONESTY: MessageDescriptor = msg`The rate is fixed for the whole term and the interest is paid by Vestora. It does not protect you against Vestora itself failing.`;

/** The same, short enough for every plan card. */
export const CARD_HONESTY: MessageDescriptor = msg`Fixed rate for the whole term, paid by Vestora: only as safe as Vestora itself. Crypto prices on the Chart page do not affect it.`;

export const NOT_CRYPTO: MessageDescriptor = msg`The crypto prices on the Chart page have nothing to do with these plans: your interest does not depend on them.`;

export const RISK_NOTICE: MessageDescriptor = msg`Your money is committed for the term. If Vestora could not meet its obligations you could lose interest or principal; invest only what you can set aside.`;

/** Why Invest Now is disabled for this plan, or null when it is open for investing. */
export function investBlockReason(plan: TPlan): string | null {
  if (plan.openForInvesting) return null;
  if (plan.status === 'archived') return t`This plan is closed to new investments.`;
  if (plan.status === 'paused') return t`This plan is paused: it takes no new investments for now.`;
  if (plan.annualRateBps === null || plan.minAmount === null || plan.maxAmount === null)
    return t`This plan’s terms are being updated; it is not open for investing yet.`;
  if (plan.remainingCapacity !== null && plan.remainingCapacity < plan.minAmount)
    return t`This plan is full: no capacity is left for new investments.`;
  return t`This plan is not open for investing at the moment.`;
}

/** The largest amount one investment in this plan may have now (its maximum, or what capacity is left). */
export function planCeiling(plan: TPlan): number | null {
  if (plan.maxAmount === null) return null;
  return plan.remainingCapacity === null ? plan.maxAmount : Math.min(plan.maxAmount, plan.remainingCapacity);
}

/**
 * A position's status: its word and badge colour. `label` is read while rendering (a getter), so it is in the
 * language shown then; the ledger's history and the desk's filter read it as a plain string.
 */
export const INVESTMENT_STATUS: Record<TInvestmentStatus, { label: string; palette: 'green' | 'blue' | 'gray' }> = {
  active: {
    get label() {
      return t`Active`;
    },
    palette: 'green',
  },
  matured: {
    get label() {
      return t`Matured`;
    },
    palette: 'blue',
  },
  redeemed: {
    get label() {
      return t`Redeemed early`;
    },
    palette: 'gray',
  },
};

/** The dialog's address: the current page with `?invest=<planId>`. */
export const INVEST_PARAM = 'invest';
