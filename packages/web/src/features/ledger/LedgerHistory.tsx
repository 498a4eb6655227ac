import { Link as RouterLink } from 'react-router-dom';
import { Badge, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUsdLedgerEntry } from '@vestora/contract';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { EmptyWithLink } from '../../components/table/EmptyWithLink';
import {
  LEDGER_KIND_LABELS,
  WITHDRAWAL_METHOD_LABELS,
  MONEY_WORDS,
  formatSignedMoney,
  ledgerReference,
} from '../../lib/money-labels';
import { trpc } from '../../lib/trpc';
import { INVESTMENT_STATUS } from '../investment/invest-rules';
import { PAGE_SIZE, useLedgerPages, useReferencedRecord } from '../../lib/money-hooks';
import { DepositItemStatusBadge, WithdrawalStatusBadge } from '../../components/money/StatusBadge';
import { formatBtc } from '../../lib/bitcoin';
import { DepositTimeline, WithdrawalTimeline } from '../../components/money/MoneyTimeline';
import { ExpandableRow } from '../../components/table/ExpandableRow';
import { PagedTable } from '../../components/table/PagedTable';
import { StackedCell, Time } from '../../components/table/StackedCell';

const SignedAmount = ({ amount }: { amount: number }) => (
  <Text as="span" color={amount >= 0 ? 'fg.success' : 'fg.error'} fontWeight="semibold" whiteSpace="nowrap">
    {formatSignedMoney(amount)}
  </Text>
);

const shortId = (id: string) => id.slice(0, 8);

/** The user's ledger, newest first, each entry expandable to what caused it. */
export function LedgerHistory({ userId }: { userId: string | undefined }) {
  const { t, i18n } = useLingui();
  const ledger = useLedgerPages({ limit: PAGE_SIZE, userId });
  const detailsLabel = (e: TUsdLedgerEntry) => {
    // Mid-sentence the kind reads in lower case ("details of the deposit of ..."), except in German (nouns).
    const label = LEDGER_KIND_LABELS[e.kind];
    const kind = i18n.locale === 'de' ? label : label.toLocaleLowerCase(i18n.locale);
    const amount = formatSignedMoney(e.amount);
    const date = formatDateTime(e.createdAt);
    return t`details of the ${kind} of ${amount} on ${date}`;
  };

  return (
    <PagedTable
      list={ledger}
      loadingLabel={t`Loading your history...`}
      errorTitle={t`Your history could not be loaded`}
      empty={
        <EmptyWithLink
          // Straight under the Transactions page's h1.
          titleAs="h2"
          title={t`No balance changes yet`}
          description={t`Confirmed deposits, withdrawal requests and adjustments by our team will be listed here.`}
          to="/dashboard/deposit"
          label={t`Make a deposit`}
        />
      }
      before={
        <Text fontSize="sm" color="fg.muted">
          <Trans>Newest first. Each entry shows the balance right after it; open an entry to see what caused it.</Trans>
        </Text>
      }
      minW="34rem"
      toggleHeader={t`Details`}
      headers={
        <>
          <Table.ColumnHeader>
            <Trans>Entry</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Trans>Amount</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            <Trans>Balance after</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans>Reference</Trans>
          </Table.ColumnHeader>
        </>
      }
      row={(e, disclosure) => (
        <ExpandableRow
          key={e.id}
          {...disclosure}
          label={detailsLabel(e)}
          colSpan={5}
          details={() => <LedgerEntryDetails entry={e} userId={userId} />}
        >
          <StackedCell
            primary={LEDGER_KIND_LABELS[e.kind]}
            secondary={
              <>
                <Time iso={e.createdAt} format={formatDateTime} />
                {e.kind === 'withdrawal_hold' && e.withdrawalPaidAt ? (
                  <Flex as="span" gap="1" align="center" wrap="wrap" mt="1">
                    <Badge colorPalette="green" variant="subtle">
                      {MONEY_WORDS.withdrawalPaid}
                    </Badge>
                    <Text as="span" fontSize="xs">
                      <Trans>paid out {formatDateTime(e.withdrawalPaidAt)}</Trans>
                    </Text>
                  </Flex>
                ) : null}
              </>
            }
          />
          <Table.Cell textAlign="end">
            <SignedAmount amount={e.amount} />
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatMoney(e.balanceAfter)}
          </Table.Cell>
          <Table.Cell color="fg.muted" maxW="16rem" truncate title={e.memo ?? undefined}>
            {ledgerReference(e)}
          </Table.Cell>
        </ExpandableRow>
      )}
    />
  );
}

/** The line under every entry's details: its id, time, amount and the balance after it. */
function Recorded({ entry }: { entry: TUsdLedgerEntry }) {
  const id = shortId(entry.id);
  const date = formatDateTime(entry.createdAt);
  const amount = formatSignedMoney(entry.amount);
  const balance = formatMoney(entry.balanceAfter);
  return (
    <Text fontSize="xs" color="fg.muted">
      <Trans>
        Entry {id} recorded {date}: {amount}, balance after {balance}.
      </Trans>
    </Text>
  );
}

/**
 * What caused one ledger entry: the deposit or withdrawal with its timeline, the investment with its plan and
 * periods, the referral it rewards, or the adjustment's reason. Every kind opens something.
 */
function LedgerEntryDetails({ entry, userId }: { entry: TUsdLedgerEntry; userId: string | undefined }) {
  const { t } = useLingui();
  if (entry.refType === 'investment') return <InvestmentEntryDetails entry={entry} />;
  if (entry.refType === 'referral') {
    return (
      <Stack gap="2">
        <Text fontWeight="semibold">{LEDGER_KIND_LABELS[entry.kind]}</Text>
        <Text>{entry.memo ?? t`A reward for a friend you invited.`}</Text>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/dashboard/referral">
            <Trans>See your referrals</Trans>
          </RouterLink>
        </Link>
        <Recorded entry={entry} />
      </Stack>
    );
  }
  return <FlowEntryDetails entry={entry} userId={userId} />;
}

/** An investment's entry (invested, interest, principal returned): the position, its plan and the period. */
function InvestmentEntryDetails({ entry }: { entry: TUsdLedgerEntry }) {
  const { t } = useLingui();
  const position = trpc.investment.get.useQuery({ id: entry.refId }, { staleTime: 30_000 });
  if (position.isPending) return <PageLoader label={t`Loading the investment...`} minH="6rem" />;
  if (position.isError) {
    return (
      <ErrorState
        title={t`The investment could not be loaded`}
        description={errorMessage(position.error)}
        onRetry={() => void position.refetch()}
        retrying={position.isRefetching}
      />
    );
  }
  const p = position.data;
  const plan = p.planName;
  const amount = formatMoney(p.amount);
  const interestPaid = formatMoney(p.interestPaid);
  const totalInterest = formatMoney(p.totalInterest);
  const what =
    entry.kind === 'investment'
      ? t`This entry moved ${amount} from your balance into the position.`
      : entry.kind === 'principal_return'
        ? t`This entry returned the principal of ${amount} to your balance.`
        : entry.memo
          ? `${entry.memo}.`
          : t`Interest paid by the position.`;
  return (
    <Stack gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>
            {plan} investment of {amount}
          </Trans>
        </Text>
        <Badge variant="subtle" colorPalette={INVESTMENT_STATUS[p.status].palette}>
          {INVESTMENT_STATUS[p.status].label}
        </Badge>
      </Flex>
      <Text fontSize="sm">{what}</Text>
      <Text fontSize="sm">
        <Trans>
          {p.paidPeriods} of {p.totalPeriods} payouts made, {interestPaid} of {totalInterest} interest paid so far.
        </Trans>
      </Text>
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to={`/dashboard/investments/${p.id}`}>
          <Trans>Open the {plan} investment</Trans>
        </RouterLink>
      </Link>
      <Recorded entry={entry} />
    </Stack>
  );
}

/** A deposit's or withdrawal's entry, or an adjustment's. */
function FlowEntryDetails({ entry, userId }: { entry: TUsdLedgerEntry; userId: string | undefined }) {
  const { t } = useLingui();
  const ref = useReferencedRecord(entry, { userId, enabled: true });
  const recorded = <Recorded entry={entry} />;
  const isDeposit = entry.refType === 'deposit';
  const refId = shortId(entry.refId);

  if (entry.refType === 'adjustment') {
    return (
      <Stack gap="2">
        <Text fontWeight="semibold">
          <Trans>Balance adjusted by our team</Trans>
        </Text>
        <Text>{entry.memo ? t`Reason: ${entry.memo}` : t`No reason was recorded for this adjustment.`}</Text>
        {recorded}
      </Stack>
    );
  }
  if (ref.isPending)
    return <PageLoader label={isDeposit ? t`Loading the deposit...` : t`Loading the withdrawal...`} minH="6rem" />;
  if (ref.isError) {
    return (
      <ErrorState
        title={isDeposit ? t`The deposit could not be loaded` : t`The withdrawal could not be loaded`}
        description={errorMessage(ref.error)}
        onRetry={() => void ref.refetch()}
        retrying={ref.isRefetching}
      />
    );
  }
  if (!ref.data) {
    return (
      <Stack gap="2">
        <Text>
          {isDeposit ? (
            <Trans>The deposit this entry belongs to (#{refId}) is not in your list.</Trans>
          ) : (
            <Trans>The withdrawal this entry belongs to (#{refId}) is not in your list.</Trans>
          )}
        </Text>
        {recorded}
      </Stack>
    );
  }

  if (ref.data.type === 'deposit') {
    const d = ref.data.record;
    const btc = d.method === 'bitcoin' ? formatBtc(d.sats) : '';
    const depositAmount = formatMoney(d.amount);
    return (
      <Stack gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">
            {d.method === 'bitcoin' ? t`Bitcoin deposit of ${btc}` : t`Deposit of ${depositAmount}`}
          </Text>
          <DepositItemStatusBadge deposit={d} />
        </Flex>
        <DepositTimeline record={d} audience="owner" />
        {recorded}
      </Stack>
    );
  }
  const w = ref.data.record;
  const withdrawalAmount = formatMoney(w.amount);
  const method = WITHDRAWAL_METHOD_LABELS[w.method];
  const paidAt = w.confirmedAt ? formatDateTime(w.confirmedAt) : w.reviewedAt ? formatDateTime(w.reviewedAt) : '';
  return (
    <Stack gap="3">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>
            Withdrawal of {withdrawalAmount} by {method}
          </Trans>
        </Text>
        <WithdrawalStatusBadge withdrawal={w} />
      </Flex>
      {entry.kind === 'withdrawal_release' ? (
        <Text fontSize="sm">
          {w.status === 'cancelled' ? (
            <Trans>This entry returned the held amount because the request was cancelled.</Trans>
          ) : (
            <Trans>This entry returned the held amount because the request was rejected.</Trans>
          )}
        </Text>
      ) : entry.kind === 'withdrawal_hold' ? (
        <Text fontSize="sm">
          <Trans>This entry put the requested amount on hold when the withdrawal was requested.</Trans>
          {w.status === 'paid' && w.reviewedAt ? (
            <>
              {' '}
              <Trans>The withdrawal was paid out {paidAt}: the held amount went to you.</Trans>
            </>
          ) : null}
        </Text>
      ) : null}
      <WithdrawalTimeline record={w} audience="owner" />
      {recorded}
    </Stack>
  );
}
