import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import { formatMoney } from '../../lib/format';

/*
 * A statement line's reason is stored by the server in English (bank-statement.matcher.ts and the approval in
 * statement.service.ts, which another change is splitting now: #34 leaves them as they are). The admin screen
 * reads each known sentence back into the language shown; a reason an admin typed (setting a line aside) is
 * shown as typed. A sentence the server changes falls back to its English, never to something wrong.
 */

type Reader = [RegExp, (m: RegExpExecArray) => string];

/** A payout's status inside a sentence ("The payout … is paid"). */
const STATUS_IN_SENTENCE: Record<string, MessageDescriptor> = {
  pending: msg({ message: 'pending', context: 'payout status in a sentence' }),
  approved: msg({ message: 'approved', context: 'payout status in a sentence' }),
  sent: msg({ message: 'sent', context: 'payout status in a sentence' }),
  paid: msg({ message: 'paid', context: 'payout status in a sentence' }),
  returned: msg({ message: 'returned', context: 'payout status in a sentence' }),
  rejected: msg({ message: 'rejected', context: 'payout status in a sentence' }),
  cancelled: msg({ message: 'cancelled', context: 'payout status in a sentence' }),
};

const payoutStatus = (status: string) => {
  const words = STATUS_IN_SENTENCE[status];
  return words ? i18n._(words) : status;
};

/** "$1,234.50" as the server writes it, in the reader's format. */
const money = (text: string) => {
  const n = Number(text.replace(/[$,]/g, ''));
  return Number.isFinite(n) ? formatMoney(n) : text;
};

const READERS: Reader[] = [
  [
    /^The payout (\S+) is (\w+), not waiting for the bank\.$/,
    (m) => {
      const [, id = '', s = ''] = m;
      const status = payoutStatus(s);
      return t`The payout ${id} is ${status}, not waiting for the bank.`;
    },
  ],
  [
    /^The payout (\S+) was for a different amount\.$/,
    (m) => {
      const id = m[1] ?? '';
      return t`The payout ${id} was for a different amount.`;
    },
  ],
  [
    /^A return of the payout (\S+), which is (\w+)\.$/,
    (m) => {
      const [, id = '', s = ''] = m;
      const status = payoutStatus(s);
      return t`A return of the payout ${id}, which is ${status}.`;
    },
  ],
  [
    /^A return of the payout (\S+) for a different amount\.$/,
    (m) => {
      const id = m[1] ?? '';
      return t`A return of the payout ${id} for a different amount.`;
    },
  ],
  [
    /^A debit that is none of our exported payouts \(a bank fee\?\)\.$/,
    () => t`A debit that is none of our exported payouts (a bank fee?).`,
  ],
  [
    /^This line no longer reads as a bank fee; check it\.$/,
    () => t`This line no longer reads as a bank fee; check it.`,
  ],
  [/^A returned payment that is none of our payouts\.$/, () => t`A returned payment that is none of our payouts.`],
  [/^No reference\.$/, () => t`No reference.`],
  [
    /^Unknown reference: its check digits are wrong or it names no member\.$/,
    () => t`Unknown reference: its check digits are wrong or it names no member.`,
  ],
  [
    /^Unknown reference (.+): no member has it\.$/,
    (m) => {
      const refs = m[1] ?? '';
      return t`Unknown reference ${refs}: no member has it.`;
    },
  ],
  [
    /^Ambiguous: it names several members \((.+)\)\.$/,
    (m) => {
      const refs = m[1] ?? '';
      return t`Ambiguous: it names several members (${refs}).`;
    },
  ],
  [
    /^The member closed their account: it receives nothing\. Return the money to the sender\.$/,
    () => t`The member closed their account: it receives nothing. Return the money to the sender.`,
  ],
  [
    /^Wrong currency: (\w+) on a (\w+) account \(never converted\)\.$/,
    (m) => {
      const [, currency = '', account = ''] = m;
      return t`Wrong currency: ${currency} on a ${account} account (never converted).`;
    },
  ],
  [
    /^May duplicate deposit (\S+) \((\S+), confirmed by hand\): check it before crediting this line \(assign it to credit, or set it aside\)\.$/,
    (m) => {
      const id = m[1] ?? '';
      const amount = money(m[2] ?? '');
      return t`May duplicate deposit ${id} (${amount}, confirmed by hand): check it before crediting this line (assign it to credit, or set it aside).`;
    },
  ],
  [
    /^Your own deposit: another administrator must approve it \(assign the line, or approve the statement\)\.$/,
    () => t`Your own deposit: another administrator must approve it (assign the line, or approve the statement).`,
  ],
  [
    /^The deposit confirmed by hand changed meanwhile; check this line\.$/,
    () => t`The deposit confirmed by hand changed meanwhile; check this line.`,
  ],
  [/^A deposit for this line exists already\.$/, () => t`A deposit for this line exists already.`],
  [/^The payout no longer exists\.$/, () => t`The payout no longer exists.`],
  [
    /^Your own payout: another administrator must approve this statement\.$/,
    () => t`Your own payout: another administrator must approve this statement.`,
  ],
  [
    /^The payout is (\w+) now, not waiting for the bank\.$/,
    (m) => {
      const status = payoutStatus(m[1] ?? '');
      return t`The payout is ${status} now, not waiting for the bank.`;
    },
  ],
  [
    /^The payout is (\w+) now; nothing to return\.$/,
    (m) => {
      const status = payoutStatus(m[1] ?? '');
      return t`The payout is ${status} now; nothing to return.`;
    },
  ],
];

/** A statement line's reason in the language shown (call while rendering); unknown text as it is. */
export function statementReason(reason: string | null): string {
  if (!reason) return '';
  for (const [pattern, read] of READERS) {
    const m = pattern.exec(reason);
    if (m) return read(m);
  }
  return reason;
}
