import type { ReactNode } from 'react';
import { Alert, Badge, Box, Card, HStack, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, ErrorState, listState } from '../../components/ui/states';
import { errorMessage, isClientError } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formatDateTime, formatInteger, formatMoney } from '../../lib/format';
import { formatBtc, outpoint, shortTxid } from '../../lib/bitcoin';
import { CopyButton } from '../account/CopyButton';
import { ReleaseCryptoPayout } from '../withdrawal/ReleaseCryptoPayout';
import { translate, type TBitcoinException, type TBitcoinExceptionKind, type TBitcoinStatus } from '@vestora/contract';

/** The one place the kinds of Bitcoin exceptions are named, with what an admin does about each. */
export const EXCEPTION_WORDS: Record<
  TBitcoinExceptionKind,
  { label: MessageDescriptor; help: MessageDescriptor; palette: string }
> = {
  reorged: {
    label: msg`Credited, then left the chain`,
    help: msg`The ledger is not rewritten and the credit stays. To take it back, change the member's balance in User Management (Edit, with a reason): it becomes an adjustment on their ledger, made by an administrator other than the member.`,
    palette: 'red',
  },
  dust: {
    label: msg`Dust: not credited`,
    help: msg`Under the dust minimum: nothing was credited. To credit it anyway, change the member's balance in User Management (Edit, with a reason): it becomes an adjustment on their ledger.`,
    palette: 'gray',
  },
  payout_mismatch: {
    label: msg`Payout not seen paying the member`,
    help: msg`The transaction given for this crypto payout is unknown, unconfirmed, pays elsewhere or pays less than declared. The withdrawal stays “Sent — waiting for the network” with its funds held: check the payment. If the transaction confirms paying the address later, it becomes paid by itself. If it never will, “Release to member” proposes giving the held funds back; another administrator approves it.`,
    palette: 'orange',
  },
  closed_account: {
    label: msg`Paid to a closed account: not credited`,
    help: msg`The member closed their account, so it receives nothing: return the bitcoin to the sender.`,
    palette: 'red',
  },
  payout_batch: {
    label: msg`Payout batch replaced or dropped`,
    help: msg`The payout batch's transaction was replaced by another one spending its coins, or is gone from the network. The withdrawal stays “Sent — waiting for the network” with its funds held. If the transaction still confirms, it becomes paid by itself; otherwise check what the other transaction pays before doing anything else.`,
    palette: 'red',
  },
  amount_mismatch: {
    label: msg`Amounts disagree: held`,
    help: msg`The block source reported two amounts for this payment: nothing is credited until an admin checks the transaction and resolves it.`,
    palette: 'red',
  },
};

/** How the watcher is doing, in words and colour: following, behind, or failing. */
export function watcherHealth(s: TBitcoinStatus): { label: ReactNode; palette: 'green' | 'orange' | 'red' } {
  if (s.lastError) return { label: <Trans>Failing</Trans>, palette: 'red' };
  if (s.height === null) return { label: <Trans>Not started</Trans>, palette: 'orange' };
  const lag = s.lag ?? 0;
  if (lag > 1)
    return { label: <Plural value={lag} one="Behind by # block" other="Behind by # blocks" />, palette: 'orange' };
  return { label: <Trans>Following the chain</Trans>, palette: 'green' };
}

/** `testId` stays English (browser tests find the figure by it). */
function Fact({ label, testId, value }: { label: string; testId: string; value: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" data-testid={`bitcoin-${testId}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** The watcher's figures: height, tip, lag, credited today, and the last error when there is one. */
export function WatcherStatusView({ status: s }: { status: TBitcoinStatus }) {
  const { t } = useLingui();
  const health = watcherHealth(s);
  const lastErrorAt = formatDateTime(s.lastErrorAt);
  const checkedAt = formatDateTime(s.checkedAt);
  return (
    <Stack gap="4">
      <HStack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          <Trans>Watcher:</Trans>
        </Text>
        <Badge colorPalette={health.palette} variant="subtle">
          {health.label}
        </Badge>
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Fact label={t`Scanned height`} testId="Scanned height" value={formatInteger(s.height)} />
        <Fact label={t`Chain tip`} testId="Chain tip" value={formatInteger(s.tipHeight)} />
        <Fact label={t`Lag (blocks)`} testId="Lag (blocks)" value={formatInteger(s.lag)} />
        <Fact
          label={t`Credited today`}
          testId="Credited today"
          // #30: credits are BTC; dollars were credited before only, shown when there were any today.
          value={
            s.creditedToday > 0
              ? `${formatBtc(s.creditedTodaySats)} + ${formatMoney(s.creditedToday)}`
              : formatBtc(s.creditedTodaySats)
          }
        />
      </SimpleGrid>
      {s.lastError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {s.lastErrorAt ? <Trans>Last error, {lastErrorAt}</Trans> : <Trans>Last error</Trans>}
            </Alert.Title>
            <Alert.Description wordBreak="break-word">{s.lastError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>No error at the last read of the block source.</Trans>
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted" data-testid="bitcoin-checked-at">
        {s.checkedAt ? (
          <Trans>Last read of the block source: {checkedAt}.</Trans>
        ) : (
          <Trans>The block source has not been read yet.</Trans>
        )}
      </Text>
    </Stack>
  );
}

/** Credited-then-gone payments, dust and payout mismatches, each with the member and the amount. */
export function WatcherExceptionsView({ items }: { items: readonly TBitcoinException[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0)
    return (
      <EmptyState
        title={t`No Bitcoin exceptions`}
        description={t`Payments that leave the chain after their credit, dust, and payouts that do not pay the member's address are listed here.`}
      />
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
      <Table.Root size="sm" minW="56rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>What</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Member</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Trans>Amount</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Transaction</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>When</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((x) => {
            const words = EXCEPTION_WORDS[x.kind];
            const txid = x.txid;
            return (
              <Table.Row key={x.id}>
                <Table.Cell minW="16rem" maxW="24rem" whiteSpace="normal">
                  <Badge colorPalette={words.palette} variant="subtle">
                    {i18n._(words.label)}
                  </Badge>
                  <Text fontSize="sm" mt="1" overflowWrap="anywhere">
                    {x.detailMsg ? translate(x.detailMsg) : x.detail}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {i18n._(words.help)}
                  </Text>
                  {x.kind === 'payout_mismatch' && x.withdrawalId && x.resolvedAt === null && x.amount !== null ? (
                    <Box mt="2">
                      <ReleaseCryptoPayout
                        payout={{
                          id: x.withdrawalId,
                          userId: x.userId,
                          userEmail: x.userEmail,
                          amount: x.amount,
                          txid: x.txid,
                        }}
                      />
                    </Box>
                  ) : null}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" overflowWrap="anywhere" minW="10rem">
                  {x.userEmail}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {x.amount !== null ? <Text fontWeight="medium">{formatMoney(x.amount)}</Text> : null}
                  {x.sats !== null ? (
                    <Text fontSize="xs" color="fg.muted">
                      {formatBtc(x.sats)}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Text fontFamily="mono" fontSize="sm" title={x.vout === null ? x.txid : outpoint(x.txid, x.vout)}>
                      {shortTxid(x.txid)}
                      {x.vout === null ? '' : `:${x.vout}`}
                    </Text>
                    <CopyButton value={x.txid} label={t`Copy`} ariaLabel={t`Copy transaction id ${txid}`} size="2xs" />
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <time dateTime={x.createdAt}>{formatDateTime(x.createdAt)}</time>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The Overview's Bitcoin section around its parts (the data comes from BitcoinWatcherPanel). */
export function BitcoinSection({ status, exceptions }: { status: ReactNode; exceptions: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby="bitcoin-watcher-title">
      <Card.Header>
        <Heading as="h2" id="bitcoin-watcher-title" size="lg">
          <Trans>Bitcoin deposits</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            The chain watcher credits payments to members' addresses; this page refreshes it every 30 seconds.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body gap="6">
        {status}
        <Stack gap="3">
          <Heading as="h3" size="md">
            <Trans>Exceptions</Trans>
          </Heading>
          {exceptions}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** How often the Overview asks the watcher again. */
const WATCHER_REFRESH_MS = 30_000;

/**
 * The Overview's Bitcoin section, shown when the server has Bitcoin deposits on (bitcoin.status answers
 * `enabled`) or, with them off, when a crypto payout is an exception (#34: payouts are checked either way).
 * Nothing shows while the first answer is on its way, so an installation without Bitcoin never flashes a Bitcoin
 * heading; a refused answer (a 4xx: not an admin, an older server) is quiet too.
 */
export function BitcoinWatcherPanel() {
  const { t } = useLingui();
  const status = trpc.bitcoin.status.useQuery(undefined, {
    refetchInterval: WATCHER_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: (count, err) => !isClientError(err) && count < 2,
  });
  const enabled = status.data?.enabled === true;
  const exceptions = trpc.bitcoin.exceptions.useQuery(undefined, {
    enabled: status.data !== undefined,
    refetchInterval: WATCHER_REFRESH_MS,
  });
  if (status.isPending || (status.isError && isClientError(status.error))) return null;
  const payoutExceptions = (exceptions.data?.items ?? []).filter((e) => e.kind === 'payout_mismatch');
  if (status.data && !enabled) {
    if (payoutExceptions.length === 0) return null;
    return (
      <BitcoinSection
        status={
          <Text fontSize="sm" color="fg.muted">
            <Trans>Bitcoin deposits are off; crypto payouts marked sent are still checked on the chain.</Trans>
          </Text>
        }
        exceptions={<WatcherExceptionsView items={payoutExceptions} />}
      />
    );
  }

  const exceptionsBody = listState(
    {
      isPending: exceptions.isPending,
      isError: exceptions.isError,
      error: exceptions.error,
      isRefetching: exceptions.isRefetching,
      refetch: exceptions.refetch,
      items: exceptions.data?.items ?? [],
    },
    {
      loading: t`Loading the Bitcoin exceptions...`,
      errorTitle: t`Could not load the Bitcoin exceptions`,
      empty: <WatcherExceptionsView items={[]} />,
      minH: '8rem',
    },
  ) ?? <WatcherExceptionsView items={exceptions.data?.items ?? []} />;

  return (
    <BitcoinSection
      status={
        status.data ? (
          <WatcherStatusView status={status.data} />
        ) : (
          <ErrorState
            title={t`Could not read the Bitcoin watcher`}
            description={errorMessage(status.error)}
            onRetry={() => void status.refetch()}
            retrying={status.isRefetching}
          />
        )
      }
      exceptions={exceptionsBody}
    />
  );
}
