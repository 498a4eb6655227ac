import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { centsToDollars, isBankDeposit } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatDateTime, formatMoney } from '../../lib/format';
import { LEDGER_KIND_LABELS, formatSignedMoney } from '../../lib/money-labels';
import { MAX_PAGE, PAGE_SIZE, useLedgerPages } from '../../lib/money-hooks';

/** Balance now, the latest change, and money that is in flight (held or awaiting confirmation). */
export function BalanceSummary({ balance, userId }: { balance: number; userId: string | undefined }) {
  const { t } = useLingui();
  // Same input as the history table, so both share one cached query.
  const ledger = useLedgerPages({ limit: PAGE_SIZE, userId });
  const latest = ledger.items[0];
  const heldQuery = trpc.withdrawal.list.useQuery({ status: 'pending', limit: MAX_PAGE, userId });
  const awaitingQuery = trpc.deposit.list.useQuery(
    { status: 'pending', limit: MAX_PAGE, userId },
    { select: (page) => ({ ...page, items: page.items.filter(isBankDeposit) }) },
  );
  const sum = (items: { amount: number }[] | undefined) =>
    centsToDollars((items ?? []).reduce((s, i) => s + Math.round(i.amount * 100), 0));
  const total = (page: { items: { amount: number }[]; nextCursor?: string | null } | undefined) => {
    if (!page) return '—';
    const amount = formatMoney(sum(page.items));
    return page.nextCursor ? t`${amount} or more` : amount;
  };
  const lastChange = () => {
    if (!latest) return '';
    const kind = LEDGER_KIND_LABELS[latest.kind];
    const amount = formatSignedMoney(latest.amount);
    const date = formatDateTime(latest.createdAt);
    return t`Last change: ${kind} ${amount} on ${date}.`;
  };

  return (
    <Card.Root>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Stat.Root>
            <Stat.Label>
              <Trans>Current balance</Trans>
            </Stat.Label>
            <Stat.ValueText fontSize="3xl">{formatMoney(balance)}</Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              {ledger.isPending
                ? t`Loading the latest change...`
                : latest
                  ? lastChange()
                  : t`No changes yet: deposits, withdrawals and adjustments will appear below.`}
            </Stat.HelpText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>
              <Trans>On hold for pending withdrawals</Trans>
            </Stat.Label>
            <Stat.ValueText fontSize="xl">{total(heldQuery.data)}</Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              <Trans>Already taken out of your balance; returned if cancelled or rejected.</Trans>
            </Stat.HelpText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>
              <Trans>Deposits awaiting confirmation</Trans>
            </Stat.Label>
            <Stat.ValueText fontSize="xl">{total(awaitingQuery.data)}</Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              <Trans>Not in your balance until the transfer shows on our bank statement.</Trans>
            </Stat.HelpText>
          </Stat.Root>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
