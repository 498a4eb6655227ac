import { Box, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TReconciliation } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { formatDate, formatInteger, formatMoney } from '../../lib/format';
import { EmptyState, listState } from '../../components/ui/states';

/** The server's reconciliation items by kind (its English label is the fallback for a kind not named here). */
const ITEM_LABEL: Record<string, MessageDescriptor> = {
  confirmed_by_hand_not_on_statement: msg`Deposits confirmed by hand that no statement line shows yet`,
  bitcoin_deposits: msg`Bitcoin deposits (in the wallet, not at the bank)`,
  paid_outside: msg`Payouts paid outside this account (PayPal, crypto, by hand)`,
  returned_unsettled: msg`Returns of payouts no statement showed leaving`,
  payouts_in_transit: msg`Payouts sent, not yet on a statement`,
  open_exceptions: msg`Open exceptions`,
  set_aside: msg`Lines set aside`,
  awaiting_approval: msg`Lines waiting for approval`,
  assigned_unconfirmed: msg`Assigned lines whose deposit is not confirmed`,
};

/** Books against the bank, per bank account: the bank's closing, what the books expect, and why they differ. */
export function Reconciliation() {
  const { t, i18n } = useLingui();
  const rec = trpc.statement.reconciliation.useQuery();
  const itemLabel = (item: { kind: string; label: string }) => {
    const known = ITEM_LABEL[item.kind];
    return known ? i18n._(known) : item.label;
  };
  const state = listState(
    { ...rec, items: rec.data ?? [] },
    {
      loading: t`Loading the reconciliation...`,
      errorTitle: t`The reconciliation could not be loaded`,
      empty: (
        <EmptyState title={t`Nothing to reconcile yet`} description={t`It starts with the first imported statement.`} />
      ),
      minH: '8rem',
    },
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <Trans>Books against the bank</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            The last statement&apos;s closing balance against what the books expect; the difference is explained by
            named items, and what is left unexplained must be $0.00.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        {state ?? (
          <Stack gap="6">
            {(rec.data ?? []).map((r) => {
              const account = r.bankAccount;
              const currency = r.currency;
              const lastDate = formatDate(r.lastStatementDate);
              return (
                <Box key={r.bankAccount} as="section" aria-label={t`Reconciliation of account ${account}`}>
                  <Heading as="h3" size="md" mb="2">
                    {r.lastStatementDate ? (
                      <Trans>
                        Account {account} ({currency}), last statement {lastDate}
                      </Trans>
                    ) : (
                      <Trans>
                        Account {account} ({currency})
                      </Trans>
                    )}
                  </Heading>
                  <Box overflowX="auto" tabIndex={0}>
                    <Table.Root size="sm" maxW="36rem">
                      <Table.Body>
                        <Table.Row>
                          <Table.Cell>
                            <Trans>Bank closing</Trans>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(r.bankClosing)}</Table.Cell>
                        </Table.Row>
                        <Table.Row>
                          <Table.Cell>
                            <Trans>Books expected</Trans>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(r.booksExpected)}</Table.Cell>
                        </Table.Row>
                        <Table.Row>
                          <Table.Cell>
                            <Trans>Difference</Trans>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(r.difference)}</Table.Cell>
                        </Table.Row>
                        {r.items.map((i) => (
                          <Table.Row key={i.kind}>
                            <Table.Cell ps="6" color="fg.muted">
                              {itemLabel(i)} ({formatInteger(i.count)})
                            </Table.Cell>
                            <Table.Cell textAlign="end" color="fg.muted">
                              {formatMoney(i.amount)}
                            </Table.Cell>
                          </Table.Row>
                        ))}
                        <Table.Row>
                          <Table.Cell>
                            <Trans>Explained</Trans>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(r.explained)}</Table.Cell>
                        </Table.Row>
                        <Table.Row fontWeight="semibold" color={r.unexplained === 0 ? undefined : 'fg.error'}>
                          <Table.Cell>
                            <Trans>Unexplained</Trans>
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(r.unexplained)}</Table.Cell>
                        </Table.Row>
                      </Table.Body>
                    </Table.Root>
                  </Box>
                  {r.whole ? <WholeBooks whole={r.whole} itemLabel={itemLabel} /> : null}
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

type Whole = NonNullable<TReconciliation['whole']>;

/** The platform's account against all the books hold: members' money, held funds and the platform's own (#27). */
function WholeBooks({
  whole,
  itemLabel,
}: {
  whole: Whole;
  itemLabel: (item: { kind: string; label: string }) => string;
}) {
  const row = (label: ReactNode, value: number, muted = false) => (
    <Table.Row>
      <Table.Cell ps={muted ? '6' : undefined} color={muted ? 'fg.muted' : undefined}>
        {label}
      </Table.Cell>
      <Table.Cell textAlign="end" color={muted ? 'fg.muted' : undefined}>
        {formatMoney(value)}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Box mt="4" data-testid="reconciliation-whole">
      <Heading as="h4" size="sm" mb="1">
        <Trans>The whole books against this account</Trans>
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="2">
        <Trans>
          Everything the platform owes its members and holds itself, against the bank&apos;s closing balance.
        </Trans>
      </Text>
      <Box overflowX="auto" tabIndex={0}>
        <Table.Root size="sm" maxW="36rem">
          <Table.Body>
            {row(<Trans>Members&apos; balances</Trans>, whole.owedBalances, true)}
            {row(<Trans>Open investments (principal)</Trans>, whole.owedPrincipal, true)}
            {row(<Trans>Held for withdrawals not yet paid</Trans>, whole.heldForWithdrawals, true)}
            {row(<Trans>The platform&apos;s own funds</Trans>, whole.platformFunds, true)}
            {row(<Trans>The books hold</Trans>, whole.books)}
            {row(<Trans>Difference from the bank</Trans>, whole.difference)}
            {whole.items.map((i) => (
              <Table.Row key={i.kind}>
                <Table.Cell ps="6" color="fg.muted">
                  {itemLabel(i)} ({formatInteger(i.count)})
                </Table.Cell>
                <Table.Cell textAlign="end" color="fg.muted">
                  {formatMoney(i.amount)}
                </Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="semibold" color={whole.unexplained === 0 ? undefined : 'fg.error'}>
              <Table.Cell>
                <Trans>Unexplained</Trans>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(whole.unexplained)}</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
