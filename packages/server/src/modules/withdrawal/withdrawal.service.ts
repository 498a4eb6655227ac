import { BITCOIN_TXID, bankColumns, bankPayeeText, tr } from '@vestora/contract';
import type {
  TWithdrawal,
  TWithdrawalCancelInput,
  TDollarWithdrawalRequestInput,
  TWithdrawalReviewInput,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { money, tm } from '../../i18n/i18n.ts';
import type { Viewer } from '../../lib/scope.ts';
import { AppError } from '../../lib/errors.ts';
import {
  defineFlow,
  type FlowEnv,
  type LedgerEffect,
  type MemberNotice,
  openRequest,
  runTransition,
  runTransitionIn,
  toCents,
} from '../money/money.core.ts';
import { lockFlowRow } from '../money/money.repo.ts';
import { PARTICIPANT_PAYOUT_MESSAGE } from '../approval/approval.core.ts';
import { tookPartInCredit } from '../approval/approval.repo.ts';
import { btcText } from '../bitcoin/bitcoin.flow.ts';
import { toWithdrawal } from './withdrawal.mapper.ts';
import { checkApprovalLimit, checkWithdrawalAllowed } from '../kyc/kyc.limits.ts';
import { lockMemberTier } from '../kyc/kyc.repo.ts';
import { findCryptoPayoutByTxid, withdrawalOwner } from './withdrawal.repo.ts';

type Held = { amount_cents: number; method: string; sats: number | null; fee_sats: number | null };

/**
 * What a withdrawal holds: its dollars, or for a Bitcoin withdrawal (#32) the satoshis its address receives plus
 * the fee the member pays on top, in BTC.
 */
const heldAmount = (w: Held) =>
  w.method === 'bitcoin'
    ? { asset: 'BTC', units: BigInt(w.sats ?? 0) + BigInt(w.fee_sats ?? 0) }
    : { amountCents: w.amount_cents };

/** The held funds come back to the balance. */
const release = (w: Held, memo: string): LedgerEffect => ({
  kind: 'withdrawal_release',
  ...heldAmount(w),
  from: 'withdrawal_hold',
  to: 'available',
  memo,
});

/**
 * The held funds leave for the member's bank (or, for a crypto payout, the chain): the payout is paid. A Bitcoin
 * withdrawal's satoshis leave for the chain and its fee is the platform's revenue.
 */
const paidOut = (w: Held): LedgerEffect | LedgerEffect[] =>
  w.method === 'bitcoin'
    ? [
        {
          kind: 'withdrawal_paid',
          asset: 'BTC',
          units: BigInt(w.sats ?? 0),
          from: 'withdrawal_hold',
          to: 'chain',
          memo: 'Bitcoin withdrawal paid out',
        },
        {
          kind: 'withdrawal_paid',
          asset: 'BTC',
          units: BigInt(w.fee_sats ?? 0),
          from: 'withdrawal_hold',
          to: 'revenue',
          memo: 'Bitcoin withdrawal fee',
        },
      ]
    : {
        kind: 'withdrawal_paid',
        amountCents: w.amount_cents,
        from: 'withdrawal_hold',
        to: w.method === 'crypto' ? 'chain' : 'bank',
        memo: 'Withdrawal paid out',
      };

/** A withdrawal's amount as the member's notices write it: dollars, or a Bitcoin withdrawal's BTC. */
const amountOf = (w: { amount_cents: number; method: string; sats: number | null }) =>
  w.method === 'bitcoin' ? btcText(w.sats ?? 0) : money(w.amount_cents);

/**
 * A withdrawal: requesting holds the funds at once (`withdrawal_hold`); an admin approves (paid: the held
 * funds leave for good, no new entry; a bank payout by file and a crypto payout pass through `sent` first) or
 * rejects (`withdrawal_release`); the owner may cancel while pending.
 */
// Why a review or a cancellation is refused, by the status the withdrawal is already in.
const ALREADY_CANCELLED = tr('withdrawal.alreadyCancelled', 'This withdrawal is already cancelled.');
const ALREADY_PAID = tr(
  'withdrawal.alreadyPaid',
  'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
);
const ALREADY_APPROVED = tr(
  'withdrawal.alreadyApproved',
  'This withdrawal was already approved; it waits for the next payment file.',
);
const PAID_NO_CANCEL = tr(
  'withdrawal.paidNoCancel',
  'This withdrawal was already paid, so it can no longer be cancelled.',
);
const REJECTED_NO_CANCEL = tr(
  'withdrawal.rejectedNoCancel',
  'This withdrawal was already rejected and its funds returned; there is nothing to cancel.',
);
const ALREADY_REJECTED = tr(
  'withdrawal.alreadyRejected',
  'This withdrawal was already rejected; only pending withdrawals can be reviewed.',
);
const ALREADY_SENT = tr('withdrawal.alreadySent', 'This withdrawal was already sent to the bank.');
const ALREADY_SENT_TO_NETWORK = tr(
  'withdrawal.alreadySentToNetwork',
  'This withdrawal was already sent; it waits for the network to confirm its transaction.',
);
const CRYPTO_NEEDS_TXID = tr(
  'withdrawal.cryptoNeedsTxid',
  'A crypto payout is approved with its Bitcoin transaction id (64 hexadecimal characters) as the payout reference.',
);
const CRYPTO_NEEDS_SATS = tr(
  'withdrawal.cryptoNeedsSats',
  "A crypto payout is approved with the satoshis its transaction pays the member's address.",
);
const TXID_ALREADY_USED = tr(
  'withdrawal.txidAlreadyUsed',
  'This transaction is already the payout of another withdrawal to this address: one transaction pays one withdrawal.',
);
const RELEASE_PAID_MEANWHILE = tr(
  'withdrawal.releasePaidMeanwhile',
  'The network confirmed this payout paid meanwhile, so there is nothing to give back: reject the proposal.',
);
const ALREADY_RELEASED = tr(
  'withdrawal.alreadyReleased',
  'This payout is no longer waiting for the network: its funds were already given back to the member.',
);
const ALREADY_APPROVED_BITCOIN = tr(
  'withdrawal.alreadyApprovedBitcoin',
  'This withdrawal was already approved; it waits for the next Bitcoin payout.',
);
const WAS_CANCELLED = tr(
  'withdrawal.wasCancelled',
  'This withdrawal was cancelled; only pending withdrawals can be reviewed.',
);

export const withdrawalFlow = defineFlow({
  table: 'withdrawals',
  entity: 'withdrawal',
  plural: 'withdrawals',
  toWire: toWithdrawal,
  opening: {
    ledger: (w) => ({
      kind: 'withdrawal_hold',
      ...heldAmount(w),
      from: 'available',
      to: 'withdrawal_hold',
      memo:
        w.method === 'bitcoin'
          ? `Held for a Bitcoin withdrawal: ${btcText(w.sats ?? 0)} to ${w.details} and a fee of ${btcText(w.fee_sats ?? 0)}`
          : 'Funds held for a withdrawal request',
    }),
  },
  transitions: {
    approve: {
      from: 'pending',
      to: 'paid',
      by: 'admin',
      ledger: paidOut,
      notice: (w) => ({
        kind: 'withdrawal.paid',
        mailKind: 'withdrawal.paid',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalPaid.subject', 'Withdrawal of {amount} paid', { amount: amountOf(w) }),
        paragraphs: [
          tm('notice.withdrawalPaid.body', 'Your withdrawal of {amount} ({method}) was approved and paid.', {
            amount: amountOf(w),
            method: w.method,
          }),
          ...(w.payout_reference
            ? [tm('notice.paymentReference', 'Payment reference: {reference}', { reference: w.payout_reference })]
            : []),
        ],
      }),
    },
    // Crypto payouts (#34): approved with the Bitcoin transaction the admin sent, the payout is `sent` (its funds
    // stay held, as for a bank payout in a payment file) until the payout checker (bitcoin.payouts.ts) sees that
    // transaction pay the member's address at least payout_sats with BTC_CONFIRMATIONS; then `paid` (no entry:
    // the hold already took the money from the balance).
    approveCrypto: {
      from: 'pending',
      to: 'sent',
      by: 'admin',
      notice: (w) => sentToNetworkNotice(w),
    },
    confirmCrypto: {
      from: 'sent',
      to: 'paid',
      by: 'system',
      ledger: paidOut,
      notice: (w) => ({
        kind: 'withdrawal.paid',
        mailKind: 'withdrawal.paid',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalPaid.subject', 'Withdrawal of {amount} paid', { amount: amountOf(w) }),
        paragraphs: [
          tm(
            'notice.withdrawalConfirmed.body',
            'Your withdrawal of {amount} is paid: the network confirmed Bitcoin transaction {txid} to your address.',
            { amount: amountOf(w), txid: String(w.payout_reference) },
          ),
        ],
      }),
    },
    reject: {
      from: 'pending',
      to: 'rejected',
      by: 'admin',
      ledger: (w) => release(w, `Withdrawal rejected: ${w.reason ?? ''}`.trim()),
      notice: (w) => ({
        kind: 'withdrawal.rejected',
        mailKind: 'withdrawal.rejected',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalRejected.subject', 'Withdrawal of {amount} rejected', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm(
            'notice.withdrawalRejected.body',
            'Your withdrawal of {amount} was not approved; the funds are back in your balance.',
            { amount: amountOf(w) },
          ),
          ...(w.reason ? [tm('notice.reason', 'Reason: {reason}', { reason: w.reason })] : []),
        ],
      }),
    },
    cancel: { from: 'pending', to: 'cancelled', by: 'owner', ledger: (w) => release(w, 'Withdrawal cancelled') },
    // Bank payouts by payment file (#19): approved without a typed payout reference, the payout waits for the
    // next pain.001 file (send), and the bank statement's debit line settles it (paid) or a return gives it back.
    approveForBank: {
      from: 'pending',
      to: 'approved',
      by: 'admin',
      notice: (w) => ({
        kind: 'withdrawal.approved',
        mailKind: 'withdrawal.paid',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalApproved.subject', 'Withdrawal of {amount} approved', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm(
            'notice.withdrawalApproved.body',
            'Your withdrawal of {amount} was approved; it goes to your bank with our next payment file.',
            { amount: amountOf(w) },
          ),
        ],
      }),
    },
    // Bitcoin withdrawals (#32): approved, they wait for the next payout batch (a PSBT the operator signs offline).
    approveBitcoin: {
      from: 'pending',
      to: 'approved',
      by: 'admin',
      notice: (w) => ({
        kind: 'withdrawal.approved',
        mailKind: 'withdrawal.paid',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalApproved.subject', 'Withdrawal of {amount} approved', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm(
            'notice.bitcoinWithdrawalApproved.body',
            'Your withdrawal of {amount} to {address} was approved; it goes out with our next Bitcoin payout.',
            { amount: amountOf(w), address: w.details },
          ),
        ],
      }),
    },
    // A Bitcoin withdrawal in a payout batch (#32) leaves when the operator's signed batch transaction is broadcast
    // (its txid is the payout reference); its funds stay held until the watcher sees that transaction confirmed,
    // then `confirmCrypto` pays it (the held satoshis to the chain, the fee to revenue).
    sendBitcoin: {
      from: 'approved',
      to: 'sent',
      by: 'admin',
      notice: (w) => sentToNetworkNotice(w),
    },
    send: {
      from: 'approved',
      to: 'sent',
      by: 'admin',
      // In-app only: the approval mail already said it goes with the next payment file; the paid mail follows.
      notice: (w) => ({
        kind: 'withdrawal.sent',
        mailKind: null,
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalSent.subject', 'Withdrawal of {amount} sent to the bank', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm('notice.withdrawalSent.body', "Your withdrawal of {amount} went out with today's payment file.", {
            amount: amountOf(w),
          }),
        ],
      }),
    },
    settle: {
      from: 'sent',
      to: 'paid',
      by: 'admin',
      ledger: paidOut,
      notice: (w) => ({
        kind: 'withdrawal.paid',
        mailKind: 'withdrawal.paid',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalPaid.subject', 'Withdrawal of {amount} paid', { amount: amountOf(w) }),
        paragraphs: [
          tm(
            'notice.withdrawalSettled.body',
            'Your withdrawal of {amount} left our bank account (reference {reference}).',
            {
              amount: amountOf(w),
              reference: String(w.end_to_end_id),
            },
          ),
        ],
      }),
    },
    returnSent: {
      from: 'sent',
      to: 'returned',
      by: 'admin',
      ledger: (w) => release(w, `Payout returned by the bank (bank statement line ${w.returned_line_id})`),
      notice: (w) => returnedNotice(w),
    },
    // A crypto payout that stays sent, its transaction never seen paying the member (#34), is given back to their
    // balance only through a second admin's approval (approval kind `crypto_payout_release`, withdrawal.release.ts).
    releaseCrypto: {
      from: 'sent',
      to: 'returned',
      by: 'admin',
      ledger: (w) => release(w, 'Crypto payout released to the member: its transaction was not seen paying them'),
      notice: (w) => ({
        kind: 'withdrawal.returned',
        mailKind: 'withdrawal.rejected',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalReleased.subject', 'Withdrawal of {amount} back in your balance', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm(
            'notice.withdrawalReleased.body',
            'Your withdrawal of {amount} was not seen paid on the network (Bitcoin transaction {txid}), so it was not paid out: the funds are back in your balance.',
            { amount: amountOf(w), txid: String(w.payout_reference) },
          ),
          tm('notice.withdrawalReleased.advice', 'You can request a new withdrawal on the Cashout page.'),
        ],
      }),
    },
    // #33: the member's tier fell and its limits no longer cover this approved, unsent withdrawal
    // (kyc/kyc.downgrade.ts): back to review, its funds still held; an admin decides again.
    backToReview: {
      from: 'approved',
      to: 'pending',
      by: 'system',
      notice: (w) => ({
        kind: 'withdrawal.back_to_review',
        mailKind: 'withdrawal.rejected',
        link: '/dashboard/cashout',
        subject: tm('notice.withdrawalBackToReview.subject', 'Withdrawal of {amount} back in review', {
          amount: amountOf(w),
        }),
        paragraphs: [
          tm(
            'notice.withdrawalBackToReview.body',
            'Your withdrawal of {amount} was approved, but your identity tier changed and its limits no longer cover it, so it is back in review. The funds stay set aside for it; you can cancel it on the Cashout page.',
            { amount: amountOf(w) },
          ),
        ],
      }),
    },
    returnPaid: {
      from: 'paid',
      to: 'returned',
      by: 'admin',
      ledger: (w) => ({
        ...release(w, `Payout returned by the bank (bank statement line ${w.returned_line_id})`),
        from: 'bank',
      }),
      notice: (w) => returnedNotice(w),
    },
  },
  refusals: {
    approve: {
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
    },
    reject: {
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
    },
    cancel: {
      paid: PAID_NO_CANCEL,
      rejected: REJECTED_NO_CANCEL,
      cancelled: ALREADY_CANCELLED,
    },
    approveCrypto: {
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
      sent: ALREADY_SENT_TO_NETWORK,
    },
    confirmCrypto: {},
    approveForBank: {
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
      approved: ALREADY_APPROVED,
      sent: ALREADY_SENT,
    },
    approveBitcoin: {
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
      approved: ALREADY_APPROVED_BITCOIN,
      sent: ALREADY_SENT_TO_NETWORK,
    },
    sendBitcoin: {
      pending: tr('withdrawal.notApprovedYet', 'This withdrawal is not approved yet; only approved ones are paid out.'),
      sent: ALREADY_SENT_TO_NETWORK,
      paid: ALREADY_PAID,
      rejected: ALREADY_REJECTED,
      cancelled: WAS_CANCELLED,
    },
    send: {},
    settle: {},
    returnSent: {},
    returnPaid: {},
    backToReview: {},
    releaseCrypto: {
      paid: RELEASE_PAID_MEANWHILE,
      returned: ALREADY_RELEASED,
    },
  },
});

/** A payout sent in a Bitcoin transaction (a crypto payout approved with its txid, or a payout batch's, #32). */
function sentToNetworkNotice(w: {
  amount_cents: number;
  method: string;
  sats: number | null;
  payout_reference: string | null;
}): MemberNotice {
  return {
    kind: 'withdrawal.sent',
    mailKind: 'withdrawal.paid',
    link: '/dashboard/cashout',
    subject: tm('notice.withdrawalSentToNetwork.subject', 'Withdrawal of {amount} sent', { amount: amountOf(w) }),
    paragraphs: [
      tm(
        'notice.withdrawalSentToNetwork.body',
        'Your withdrawal of {amount} was sent in Bitcoin transaction {txid}. It reads paid once the network has confirmed it.',
        { amount: amountOf(w), txid: String(w.payout_reference) },
      ),
    ],
  };
}

function returnedNotice(w: { amount_cents: number; method: string; sats: number | null }): MemberNotice {
  return {
    kind: 'withdrawal.returned',
    mailKind: 'withdrawal.rejected',
    link: '/dashboard/cashout',
    subject: tm('notice.withdrawalReturned.subject', 'Withdrawal of {amount} returned by the bank', {
      amount: amountOf(w),
    }),
    paragraphs: [
      tm(
        'notice.withdrawalReturned.body',
        'The bank returned your withdrawal of {amount}; the funds are back in your balance.',
        { amount: amountOf(w) },
      ),
      tm('notice.withdrawalReturned.advice', 'Please check your bank details before requesting another withdrawal.'),
    ],
  };
}

/** Cashout: a pending withdrawal and the hold on its funds, in one transaction (refused whole if short). */
export async function requestWithdrawal(
  db: Database,
  user: Viewer & { email: string },
  input: TDollarWithdrawalRequestInput,
  opts: {
    env: FlowEnv;
    /** Runs in the transaction that opens a new request (not on an idempotent replay): e.g. the two-factor code. */
    checkBeforeCommit?: (trx: Database) => Promise<void>;
  },
): Promise<TWithdrawal> {
  const { checkBeforeCommit } = opts;
  // The schema makes sure of one or the other: an account (bank only) or the free text.
  const details = input.bank ? bankPayeeText(input.bank) : input.details!;
  const b = input.method === 'bank' ? bankColumns(input.bank, details) : null;
  const bank = {
    bank_iban: b?.bankIban ?? null,
    bank_bic: b?.bankBic ?? null,
    bank_routing_number: b?.bankRoutingNumber ?? null,
    bank_account_number: b?.bankAccountNumber ?? null,
  };
  const { env } = opts;
  return openRequest(db, withdrawalFlow, user, input, {
    env,
    // #33: the member's tier row is locked first, so a retry racing its twin waits and then replays it.
    prepare: (trx) => lockMemberTier(trx, user.id),
    // A dollar request is worth its amount; the security hold and the tier's limits may refuse it.
    beforeInsert: (trx) => checkWithdrawalAllowed(trx, env.config, user.id, toCents(input.amount), env.now),
    ...(checkBeforeCommit ? { afterInsert: (trx) => checkBeforeCommit(trx) } : {}),
    // Dated by the injected clock: the limits' rolling windows (kyc.repo.ts usedCents) count by created_at.
    values: (_tier, amountCents) => ({
      method: input.method,
      details,
      ...bank,
      usd_value_cents: amountCents,
      created_at: env.now,
    }),
    sameAs: (w) => w.method === input.method && w.details === details,
  });
}

/**
 * Admin decision on a pending withdrawal: approve marks it paid (bank by file and crypto: sent), reject returns
 * the funds. The owner is told (the flow's notice, in the same transaction; skipped when notifications are off).
 */
export async function reviewWithdrawal(
  db: Database,
  admin: Viewer,
  input: TWithdrawalReviewInput,
  env: FlowEnv,
): Promise<TWithdrawal> {
  const paid = input.decision === 'approve';
  return db.transaction().execute(async (trx) => {
    // A bank payout approved without a typed payout reference goes out in the next payment file
    // (withdrawal.exportPayments); with one (paid by hand), and for PayPal, approving marks it paid; a crypto
    // payout is sent until the chain shows its transaction (#34).
    // The method never changes, so reading it before the transition's own lock is safe.
    // #33: an approval is checked against the member's limits as they are now, under their tier lock, taken before
    // the row's (the order a downgrade takes them in).
    const owner = paid ? await withdrawalOwner(trx, input.id) : undefined;
    const tier = owner ? await lockMemberTier(trx, owner) : undefined;
    const row = await lockFlowRow(trx, 'withdrawals', input.id);
    if (row?.status === 'pending' && tier !== undefined) {
      await checkApprovalLimit(
        trx,
        env.config,
        row.user_id,
        tier,
        {
          createdAt: new Date(row.created_at),
          valueCents: Number(row.usd_value_cents ?? row.amount_cents),
        },
        env.now,
      );
    }
    const byFile = paid && !input.payoutReference && row?.method === 'bank';
    // A crypto payout is only ever approved with the transaction that pays it, and its amount in satoshis (#34).
    // (Not pending any more, the transition refuses it with the status's own words.)
    const crypto = paid && row?.method === 'crypto';
    // A Bitcoin withdrawal (#32) is approved as is: the payout batch names its transaction later.
    const bitcoin = paid && row?.method === 'bitcoin';
    if (crypto && row.status === 'pending') {
      if (!BITCOIN_TXID.test(input.payoutReference ?? '')) throw new AppError('BAD_INPUT', CRYPTO_NEEDS_TXID);
      if (input.payoutSats === undefined) throw new AppError('BAD_INPUT', CRYPTO_NEEDS_SATS);
      if (await findCryptoPayoutByTxid(trx, input.payoutReference!.toLowerCase(), row.details, row.id))
        throw new AppError('INVALID_STATE', TXID_ALREADY_USED);
    }
    // Money one admin helped make through an approval is never paid out on that admin's word (#27).
    if (paid && row && row.user_id !== admin.id && (await tookPartInCredit(trx, row.user_id, admin.id))) {
      throw new AppError('FORBIDDEN', PARTICIPANT_PAYOUT_MESSAGE);
    }
    const action = byFile ? 'approveForBank' : crypto ? 'approveCrypto' : bitcoin ? 'approveBitcoin' : input.decision;
    return runTransitionIn(trx, withdrawalFlow, action, {
      id: input.id,
      actor: admin,
      env,
      set: {
        reason: input.reason ? input.reason : null,
        // A txid is stored in lower case, as the block source writes it.
        payout_reference: crypto
          ? (input.payoutReference?.toLowerCase() ?? null)
          : paid && input.payoutReference && !bitcoin
            ? input.payoutReference
            : null,
        payout_sats: crypto ? (input.payoutSats ?? null) : null,
        reviewed_by: admin.id,
        reviewed_at: env.now,
      },
    });
  });
}

/** The owner takes back a pending withdrawal (an admin may cancel anyone's); its funds return. */
export async function cancelWithdrawal(
  db: Database,
  actor: Viewer,
  input: TWithdrawalCancelInput,
  env: FlowEnv,
): Promise<TWithdrawal> {
  return runTransition(db, withdrawalFlow, 'cancel', { id: input.id, actor, env, set: { cancelled_at: env.now } });
}
