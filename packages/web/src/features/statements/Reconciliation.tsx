import { Box, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';
import { formatDate, formatInteger, formatMoney } from '../../lib/format';
import { EmptyState, listState } from '../../components/ui/states';

/** The server's reconciliation items by kind (its English label is the fallback for a kind not named here). */
const ITEM_LABEL: Record<string, MessageDescriptor> = {
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
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
