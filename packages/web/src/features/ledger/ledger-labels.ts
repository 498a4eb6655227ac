import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TLedgerEntry } from '@vestora/contract';
import { i18n } from '../../i18n';

/**
 * The contract's ledger words (`LEDGER_KIND_LABELS`, `ledgerReference`) in the reader's language. The contract
 * keeps English for the server's statements and the CSV; the screens read these.
 */
export const LEDGER_KIND_MSG: Record<TLedgerEntry['kind'], MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal_hold: msg`Withdrawal hold`,
  withdrawal_release: msg`Withdrawal returned`,
  adjustment: msg`Adjustment`,
  investment: msg`Invested`,
  interest: msg`Interest`,
  principal_return: msg`Principal returned`,
  referral_reward: msg`Referral reward`,
};

/** What a ledger entry refers to, in the reader's language. */
export const LEDGER_REF_TYPE_MSG: Record<TLedgerEntry['refType'], MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  investment: msg`Investment`,
  referral: msg`Referral`,
  adjustment: msg`Adjustment`,
};

export const ledgerKindLabel = (kind: TLedgerEntry['kind']): string => i18n._(LEDGER_KIND_MSG[kind]);

/** The contract's `ledgerReference` in the reader's language: `Deposit #1a2b3c4d`, `Adjustment: <reason>`. */
export function ledgerReferenceLabel(entry: Pick<TLedgerEntry, 'refType' | 'refId' | 'memo'>): string {
  const short = entry.refId.slice(0, 8);
  switch (entry.refType) {
    case 'adjustment': {
      const memo = entry.memo;
      return memo ? i18n._(msg`Adjustment: ${memo}`) : i18n._(msg`Adjustment by our team`);
    }
    case 'referral':
      return i18n._(msg`Referral of a friend`);
    default: {
      const type = i18n._(LEDGER_REF_TYPE_MSG[entry.refType]);
      return `${type} #${short}`;
    }
  }
}
