import type { ReactNode } from 'react';
import { Text, Timeline } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { LuCheck, LuClock, LuSend, LuUndo2, LuX } from 'react-icons/lu';
import type { TBitcoinDeposit, TDeposit, TDepositItem, TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatInteger, formatMoney, formatPrice, formatRequestAmount } from '../../lib/format';
import { WITHDRAWAL_METHOD_LABELS } from '../../lib/money-labels';
import { bitcoinStatusDetail, bitcoinStatusLabel, formatBtc, shortTxid } from '../../lib/bitcoin';

type Tone = 'start' | 'ok' | 'bad' | 'waiting' | 'neutral';

interface Step {
  key: string;
  title: string;
  time?: string | null;
  body?: ReactNode;
  tone: Tone;
}

const TONE: Record<Tone, { palette: string; icon: ReactNode }> = {
  start: { palette: 'blue', icon: <LuSend /> },
  ok: { palette: 'green', icon: <LuCheck /> },
  bad: { palette: 'red', icon: <LuX /> },
  waiting: { palette: 'yellow', icon: <LuClock /> },
  neutral: { palette: 'gray', icon: <LuUndo2 /> },
};

/** Whose money the text talks about: the owner reads "your balance", an admin "the balance". */
export type Audience = 'owner' | 'admin';

function StepList({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <Timeline.Root size="sm" variant="subtle" aria-label={label} as="ol" listStyleType="none" m="0" p="0">
      {steps.map((step) => (
        <Timeline.Item key={step.key} as="li">
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator colorPalette={TONE[step.tone].palette}>{TONE[step.tone].icon}</Timeline.Indicator>
          </Timeline.Connector>
          <Timeline.Content pb="3">
            <Timeline.Title fontWeight="semibold">{step.title}</Timeline.Title>
            {step.time ? (
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={step.time}>{formatDateTime(step.time)}</time>
              </Text>
            ) : null}
            {step.body ? <Timeline.Description color="fg.muted">{step.body}</Timeline.Description> : null}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}

interface TimelineProps<T> {
  record: T;
  audience: Audience;
  /** Admin view: the reviewer's email, when known. */
  reviewerName?: string | null;
}

/** Free text as a sentence: a full stop added only when it has no closing punctuation. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** " Note: …" after a sentence, when the reviewer left one. */
const noteAfter = (note: string | null | undefined) => {
  if (!note) return '';
  const text = sentence(note);
  return ` ${t`Note: ${text}`}`;
};

/*
 * The helpers below are called while rendering (core `t`): each sentence is whole in the catalog, once for the
 * owner ("your balance") and once for an admin ("the balance").
 */

/** "Rejected", or "Rejected by a@b.c". */
const rejectedTitle = (name: string | null | undefined) => (name ? t`Rejected by ${name}` : t`Rejected`);

/** The step of a rejected request: who rejected it and when, the reason, then what followed. */
const rejectedStep = (
  reviewerName: string | null | undefined,
  time: string | null,
  reason: string | null,
  then: string,
): Step => {
  const given = reason ? sentence(reason) : t`none given.`;
  return {
    key: 'rejected',
    title: rejectedTitle(reviewerName),
    time,
    tone: 'bad',
    body: t`Reason: ${given} ${then}`,
  };
};

/** The first step of every request: how it was made. */
const requestedStep = (title: string, time: string, body: string): Step => ({
  key: 'requested',
  title,
  time,
  tone: 'start',
  body,
});

/** The last step of a pending request: what it waits for. */
const waitingStep = (body: string): Step => ({ key: 'waiting', title: t`Waiting for review`, tone: 'waiting', body });

/** "$25.00 was credited to your balance" (or "the balance", for an admin). */
const creditedTo = (audience: Audience, money: string) =>
  audience === 'owner' ? t`${money} was credited to your balance.` : t`${money} was credited to the balance.`;

/**
 * A Bitcoin deposit's life: seen on the network → confirmations → credited, as BTC (#30; before, in dollars at the
 * price then, or held for a fresh price).
 */
function BitcoinDepositTimeline({ record: d, audience }: { record: TBitcoinDeposit; audience: Audience }) {
  const btc = formatBtc(d.sats);
  const money = formatMoney(d.amount);
  const price = d.price !== null ? formatPrice(d.price) : null;
  const paid = price !== null ? t`${btc} at ${price} per BTC` : btc;
  const value = d.valueUsd !== null ? formatMoney(d.valueUsd) : null;
  const outcome: Step =
    d.status === 'confirmed' && d.credited === 'BTC'
      ? {
          key: 'credited',
          title: t`Credited`,
          time: d.confirmedAt,
          tone: 'ok',
          body:
            audience === 'owner'
              ? value !== null && price !== null
                ? t`${btc} was added to your Bitcoin holdings (worth about ${value} at ${price} per BTC); your dollar balance is unchanged.`
                : t`${btc} was added to your Bitcoin holdings; your dollar balance is unchanged.`
              : value !== null && price !== null
                ? t`${btc} was added to the member's Bitcoin holdings (worth about ${value} at ${price} per BTC).`
                : t`${btc} was added to the member's Bitcoin holdings.`,
        }
      : d.status === 'confirmed'
        ? {
            key: 'credited',
            title: t`Credited`,
            time: d.confirmedAt,
            tone: 'ok',
            body:
              audience === 'owner'
                ? t`${money} was credited to your balance: ${paid}.`
                : t`${money} was credited to the balance: ${paid}.`,
          }
        : {
            key: d.status,
            title: bitcoinStatusLabel(d.status, d.confirmations, d.confirmationsRequired),
            tone: 'waiting',
            body: bitcoinStatusDetail(d.status, d.confirmations, d.confirmationsRequired),
          };
  const tx = shortTxid(d.txid);
  const vout = d.vout;
  return (
    <StepList
      steps={[
        requestedStep(
          t`Payment seen on the Bitcoin network`,
          d.createdAt,
          audience === 'owner'
            ? t`${btc} to your deposit address in transaction ${tx} (output ${vout}).`
            : t`${btc} to the member's deposit address in transaction ${tx} (output ${vout}).`,
        ),
        outcome,
      ]}
      label={t`Timeline of the Bitcoin deposit of ${btc}`}
    />
  );
}

/**
 * A deposit's life: reported → confirmed / rejected (or still waiting), with times and reason; a Bitcoin
 * payment's own steps when it is one.
 */
export function DepositTimeline(props: TimelineProps<TDepositItem>) {
  const d = props.record;
  return d.method === 'bitcoin' ? (
    <BitcoinDepositTimeline record={d} audience={props.audience} />
  ) : (
    <BankDepositTimeline {...props} record={d} />
  );
}

function BankDepositTimeline({ record: d, audience, reviewerName }: TimelineProps<TDeposit>) {
  const money = formatMoney(d.amount);
  const reference = d.reference;
  const outcome: Step | null =
    d.status === 'confirmed'
      ? {
          key: 'confirmed',
          title: reviewerName ? t`Confirmed by ${reviewerName}` : t`Confirmed`,
          time: d.reviewedAt,
          tone: 'ok',
          body: `${creditedTo(audience, money)}${noteAfter(d.reason)}`,
        }
      : d.status === 'rejected'
        ? rejectedStep(reviewerName, d.reviewedAt, d.reason, t`Nothing was credited.`)
        : d.status === 'expired'
          ? {
              key: 'expired',
              title: t`Expired`,
              time: d.reviewedAt,
              tone: 'neutral' as const,
              body: t`No bank statement showed this transfer in time; nothing was credited.`,
            }
          : null;
  return (
    <StepList
      steps={[
        requestedStep(t`Transfer reported`, d.createdAt, t`${money} with transfer reference “${reference}”.`),
        outcome ?? waitingStep(t`Nothing is credited until the transfer is confirmed.`),
      ]}
      label={t`Timeline of the deposit of ${money}`}
    />
  );
}

/** A withdrawal's life: requested (funds held) → paid / rejected / cancelled (or still waiting). */
export function WithdrawalTimeline({ record: w, audience, reviewerName }: TimelineProps<TWithdrawal>) {
  const money = formatRequestAmount(w);
  const owner = audience === 'owner';
  const returned = owner
    ? t`The held ${money} returned to your balance.`
    : t`The held ${money} returned to the balance.`;
  const payoutReference = w.payoutReference;
  const method = WITHDRAWAL_METHOD_LABELS[w.method];
  const details = w.details;
  // A crypto payout (#34): sent with its transaction, paid only once the network has confirmed it.
  const crypto = w.method === 'crypto';
  const sats = formatInteger(w.payoutSats);
  const txid = payoutReference ?? '';
  const cryptoSent: Step = {
    key: 'sent',
    title: reviewerName ? t`Sent by ${reviewerName}` : t`Sent`,
    time: w.reviewedAt,
    tone: 'ok',
    body: t`Bitcoin transaction ${txid} pays ${sats} sats to ${details}. It is paid once the network has confirmed it.`,
  };
  const cryptoPaid: Step = {
    key: 'paid',
    title: t`Paid: confirmed by the network`,
    time: w.confirmedAt,
    tone: 'ok',
    body: t`The chain shows the transaction paying the address with its confirmations.`,
  };
  const outcomes: Record<TWithdrawal['status'], Step | null> = {
    pending: null,
    paid: {
      key: 'paid',
      title: reviewerName ? t`Approved and paid by ${reviewerName}` : t`Approved and paid`,
      time: w.reviewedAt,
      tone: 'ok',
      body: `${payoutReference ? t`Payout reference: ${payoutReference}.` : t`No payout reference was recorded.`}${noteAfter(w.reason)}`,
    },
    approved: {
      key: 'approved',
      title: reviewerName ? t`Approved by ${reviewerName}` : t`Approved`,
      time: w.reviewedAt,
      tone: 'ok',
      body: t`The payout goes out with the next bank payment file.`,
    },
    sent: crypto
      ? { ...cryptoSent, title: t`Sent — waiting for the network` }
      : {
          key: 'sent',
          title: t`Sent to the bank`,
          time: w.reviewedAt,
          tone: 'ok',
          body: t`The payout is in a payment file sent to the bank; it is paid when the bank statement shows it.`,
        },
    returned: crypto
      ? {
          key: 'returned',
          title: t`Released to the member`,
          time: null,
          tone: 'neutral',
          body: t`Bitcoin transaction ${txid} was never seen paying ${details}, so the payout was not made. ${returned}`,
        }
      : {
          key: 'returned',
          title: t`Returned by the bank`,
          time: w.reviewedAt,
          tone: 'neutral',
          body: t`The bank sent the payout back. ${returned}`,
        },
    rejected: rejectedStep(reviewerName, w.reviewedAt, w.reason, returned),
    cancelled: { key: 'cancelled', title: t`Cancelled`, time: w.cancelledAt, tone: 'neutral', body: returned },
  };
  const requested = owner
    ? t`${money} held from your balance for a payout by ${method} to ${details}.`
    : t`${money} held from the balance for a payout by ${method} to ${details}.`;
  const waiting = owner
    ? t`The amount stays on hold; you can cancel the request on the Cashout page while it is pending.`
    : t`The amount stays on hold until the request is approved or rejected.`;
  return (
    <StepList
      steps={[
        requestedStep(t`Withdrawal requested`, w.createdAt, requested),
        ...(crypto && w.status === 'paid' && w.confirmedAt
          ? [cryptoSent, cryptoPaid]
          : [outcomes[w.status] ?? waitingStep(waiting)]),
      ]}
      label={t`Timeline of the withdrawal of ${money}`}
    />
  );
}
