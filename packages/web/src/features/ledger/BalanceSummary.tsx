import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import { isBankDeposit } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatDateTime, formatMoney } from '../../lib/format';
import { LEDGER_KIND_LABELS, formatSignedMoney } from '../../lib/money-labels';
import { MAX_PAGE, PAGE_SIZE, useLedgerPages } from '../../lib/money-hooks';

/** Balance now, the latest change, and money that is in flight (held or awaiting confirmation). */
export function BalanceSummary({ balance, userId }: { balance: number; userId: string | undefined }) {
  // Same input as the history table, so both share one cached query.
  const ledger = useLedgerPages({ limit: PAGE_SIZE, userId });
  const latest = ledger.items[0];
  const heldQuery = trpc.withdrawal.list.useQuery({ status: 'pending', limit: MAX_PAGE, userId });
  const awaitingQuery = trpc.deposit.list.useQuery(
    { status: 'pending', limit: MAX_PAGE, userId },
    { select: (page) => ({ ...page, items: page.items.filter(isBankDeposit) }) },
  );
  const sum = (items: { amount: number }[] | undefined) =>
    (items ?? []).reduce((s, i) => s + Math.round(i.amount * 100), 0) / 100;
  const more = (next: string | null | undefined) => (next ? ' or more' : '');

  return (
    <Card.Root>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Stat.Root>
            <Stat.Label>Current balance</Stat.Label>
            <Stat.ValueText fontSize="3xl">{formatMoney(balance)}</Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              {ledger.isPending
                ? 'Loading the latest change...'
                : latest
                  ? `Last change: ${LEDGER_KIND_LABELS[latest.kind]} ${formatSignedMoney(latest.amount)} on ${formatDateTime(latest.createdAt)}.`
                  : 'No changes yet: deposits, withdrawals and adjustments will appear below.'}
            </Stat.HelpText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>On hold for pending withdrawals</Stat.Label>
            <Stat.ValueText fontSize="xl">
              {heldQuery.data ? formatMoney(sum(heldQuery.data.items)) + more(heldQuery.data.nextCursor) : '—'}
            </Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              Already taken out of your balance; returned if cancelled or rejected.
            </Stat.HelpText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Deposits awaiting confirmation</Stat.Label>
            <Stat.ValueText fontSize="xl">
              {awaitingQuery.data
                ? formatMoney(sum(awaitingQuery.data.items)) + more(awaitingQuery.data.nextCursor)
                : '—'}
            </Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              Not in your balance until our team confirms the transfer.
            </Stat.HelpText>
          </Stat.Root>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
