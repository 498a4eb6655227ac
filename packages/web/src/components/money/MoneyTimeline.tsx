import type { ReactNode } from 'react';
import { Text, Timeline } from '@chakra-ui/react';
import { LuCheck, LuClock, LuSend, LuUndo2, LuX } from 'react-icons/lu';
import type { TBitcoinDeposit, TDeposit, TDepositItem, TWithdrawal } from '@vestora/contract';
import { formatDateTime, formatMoney, formatPrice } from '../../lib/format';
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

const by = (name: string | null | undefined) => (name ? ` by ${name}` : '');
/** Free text as a sentence: a full stop added only when it has no closing punctuation. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** How the text names the owner's balance. */
const balanceOf = (audience: Audience) => (audience === 'owner' ? 'your balance' : 'the balance');

/** The step of a rejected request: who rejected it and when, the reason, then what followed. */
const rejectedStep = (
  reviewerName: string | null | undefined,
  time: string | null,
  reason: string | null,
  then: string,
): Step => ({
  key: 'rejected',
  title: `Rejected${by(reviewerName)}`,
  time,
  tone: 'bad',
  body: `Reason: ${sentence(reason ?? 'none given')} ${then}`,
});

/** The first step of every request: how it was made. */
const requestedStep = (title: string, time: string, body: string): Step => ({
  key: 'requested',
  title,
  time,
  tone: 'start',
  body,
});

/** The last step of a pending request: what it waits for. */
const waitingStep = (body: string): Step => ({ key: 'waiting', title: 'Waiting for review', tone: 'waiting', body });

/** A Bitcoin deposit's life: seen on the network → confirmations → credited (or held for a fresh price). */
function BitcoinDepositTimeline({ record: d, audience }: { record: TBitcoinDeposit; audience: Audience }) {
  const btc = formatBtc(d.sats);
  const outcome: Step =
    d.status === 'confirmed'
      ? {
          key: 'credited',
          title: 'Credited',
          time: d.confirmedAt,
          tone: 'ok',
          body: `${formatMoney(d.amount)} was credited to ${balanceOf(audience)}: ${btc}${d.price !== null ? ` at ${formatPrice(d.price)} per BTC` : ''}.`,
        }
      : {
          key: d.status,
          title: bitcoinStatusLabel(d.status, d.confirmations, d.confirmationsRequired),
          tone: 'waiting',
          body: bitcoinStatusDetail(d.status, d.confirmations, d.confirmationsRequired),
        };
  const whose = audience === 'owner' ? 'your' : "the member's";
  return (
    <StepList
      steps={[
        requestedStep(
          'Payment seen on the Bitcoin network',
          d.createdAt,
          `${btc} to ${whose} deposit address in transaction ${shortTxid(d.txid)} (output ${d.vout}).`,
        ),
        outcome,
      ]}
      label={`Timeline of the Bitcoin deposit of ${btc}`}
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
  const outcome: Step | null =
    d.status === 'confirmed'
      ? {
          key: 'confirmed',
          title: `Confirmed${by(reviewerName)}`,
          time: d.reviewedAt,
          tone: 'ok',
          body: `${formatMoney(d.amount)} was credited to ${balanceOf(audience)}.${d.reason ? ` Note: ${sentence(d.reason)}` : ''}`,
        }
      : d.status === 'rejected'
        ? rejectedStep(reviewerName, d.reviewedAt, d.reason, 'Nothing was credited.')
        : d.status === 'expired'
          ? {
              key: 'expired',
              title: 'Expired',
              time: d.reviewedAt,
              tone: 'neutral' as const,
              body: 'No bank statement showed this transfer in time; nothing was credited.',
            }
          : null;
  return (
    <StepList
      steps={[
        requestedStep(
          'Transfer reported',
          d.createdAt,
          `${formatMoney(d.amount)} with transfer reference “${d.reference}”.`,
        ),
        outcome ?? waitingStep('Nothing is credited until the transfer is confirmed.'),
      ]}
      label={`Timeline of the deposit of ${formatMoney(d.amount)}`}
    />
  );
}

/** A withdrawal's life: requested (funds held) → paid / rejected / cancelled (or still waiting). */
export function WithdrawalTimeline({ record: w, audience, reviewerName }: TimelineProps<TWithdrawal>) {
  const balance = balanceOf(audience);
  const returned = `The held ${formatMoney(w.amount)} returned to ${balance}.`;
  const outcomes: Record<TWithdrawal['status'], Step | null> = {
    pending: null,
    paid: {
      key: 'paid',
      title: `Approved and paid${by(reviewerName)}`,
      time: w.reviewedAt,
      tone: 'ok',
      body: (
        <>
          {w.payoutReference ? `Payout reference: ${w.payoutReference}.` : 'No payout reference was recorded.'}
          {w.reason ? ` Note: ${sentence(w.reason)}` : ''}
        </>
      ),
    },
    approved: {
      key: 'approved',
      title: `Approved${by(reviewerName)}`,
      time: w.reviewedAt,
      tone: 'ok',
      body: 'The payout goes out with the next bank payment file.',
    },
    sent: {
      key: 'sent',
      title: 'Sent to the bank',
      time: w.reviewedAt,
      tone: 'ok',
      body: 'The payout is in a payment file sent to the bank; it is paid when the bank statement shows it.',
    },
    returned: {
      key: 'returned',
      title: 'Returned by the bank',
      time: w.reviewedAt,
      tone: 'neutral',
      body: `The bank sent the payout back. ${returned}`,
    },
    rejected: rejectedStep(reviewerName, w.reviewedAt, w.reason, returned),
    cancelled: { key: 'cancelled', title: 'Cancelled', time: w.cancelledAt, tone: 'neutral', body: returned },
  };
  const requested = `${formatMoney(w.amount)} held from ${balance} for a payout by ${WITHDRAWAL_METHOD_LABELS[w.method]} to ${w.details}.`;
  const waiting =
    audience === 'owner'
      ? 'The amount stays on hold; you can cancel the request on the Cashout page while it is pending.'
      : 'The amount stays on hold until the request is approved or rejected.';
  return (
    <StepList
      steps={[
        requestedStep('Withdrawal requested', w.createdAt, requested),
        outcomes[w.status] ?? waitingStep(waiting),
      ]}
      label={`Timeline of the withdrawal of ${formatMoney(w.amount)}`}
    />
  );
}
