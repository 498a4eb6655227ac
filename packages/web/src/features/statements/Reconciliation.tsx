import { Box, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { formatDate, formatMoney } from '../../lib/format';
import { EmptyState, listState } from '../../components/ui/states';

/** Books against the bank, per bank account: the bank's closing, what the books expect, and why they differ. */
export function Reconciliation() {
  const rec = trpc.statement.reconciliation.useQuery();
  const state = listState(
    { ...rec, items: rec.data ?? [] },
    {
      loading: 'Loading the reconciliation...',
      errorTitle: 'The reconciliation could not be loaded',
      empty: <EmptyState title="Nothing to reconcile yet" description="It starts with the first imported statement." />,
      minH: '8rem',
    },
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Books against the bank
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The last statement&apos;s closing balance against what the books expect; the difference is explained by named
          items, and what is left unexplained must be $0.00.
        </Text>
      </Card.Header>
      <Card.Body>
        {state ?? (
          <Stack gap="6">
            {(rec.data ?? []).map((r) => (
              <Box key={r.bankAccount} as="section" aria-label={`Reconciliation of account ${r.bankAccount}`}>
                <Heading as="h3" size="md" mb="2">
                  Account {r.bankAccount} ({r.currency})
                  {r.lastStatementDate ? `, last statement ${formatDate(r.lastStatementDate)}` : ''}
                </Heading>
                <Box overflowX="auto" tabIndex={0}>
                  <Table.Root size="sm" maxW="36rem">
                    <Table.Body>
                      <Table.Row>
                        <Table.Cell>Bank closing</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(r.bankClosing)}</Table.Cell>
                      </Table.Row>
                      <Table.Row>
                        <Table.Cell>Books expected</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(r.booksExpected)}</Table.Cell>
                      </Table.Row>
                      <Table.Row>
                        <Table.Cell>Difference</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(r.difference)}</Table.Cell>
                      </Table.Row>
                      {r.items.map((i) => (
                        <Table.Row key={i.kind}>
                          <Table.Cell ps="6" color="fg.muted">
                            {i.label} ({i.count})
                          </Table.Cell>
                          <Table.Cell textAlign="end" color="fg.muted">
                            {formatMoney(i.amount)}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                      <Table.Row>
                        <Table.Cell>Explained</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(r.explained)}</Table.Cell>
                      </Table.Row>
                      <Table.Row fontWeight="semibold" color={r.unexplained === 0 ? undefined : 'red.700'}>
                        <Table.Cell>Unexplained</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(r.unexplained)}</Table.Cell>
                      </Table.Row>
                    </Table.Body>
                  </Table.Root>
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
