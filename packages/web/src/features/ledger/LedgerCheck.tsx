import { Alert, Button, Stack, Table, Text } from '@chakra-ui/react';
import { LuScale } from 'react-icons/lu';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { formatSignedMoney } from '../../lib/money-labels';
import { useUserNames } from '../../lib/user-hooks';

/** Money desk tab: runs `ledger.verify` (every balance = sum of its ledger entries) on request. */
export function LedgerCheck() {
  // Only on request: the check reads every user's ledger.
  const verify = trpc.ledger.verify.useQuery(undefined, { enabled: false, retry: false, gcTime: 0 });
  const result = verify.data;
  const directory = useUserNames(result?.mismatches.map((m) => m.userId) ?? []);

  return (
    <Stack gap="4" maxW="4xl">
      <Text color="fg.muted">
        Checks, for every user, that the balance equals the sum of their ledger entries. Any difference means a balance
        changed without a ledger entry and needs investigating.
      </Text>
      <div>
        <Button
          colorPalette="teal"
          onClick={() => void verify.refetch()}
          loading={verify.isFetching}
          loadingText="Checking..."
        >
          <LuScale /> {result ? 'Run the check again' : 'Run ledger check'}
        </Button>
      </div>

      {verify.isError && !verify.isFetching ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The check could not run</Alert.Title>
            <Alert.Description>{errorMessage(verify.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {result ? (
        result.ok ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Every balance matches its ledger</Alert.Title>
              <Alert.Description>
                {result.checkedUsers} {result.checkedUsers === 1 ? 'user' : 'users'} checked at{' '}
                {formatDateTime(new Date(verify.dataUpdatedAt).toISOString())}.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack gap="3">
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {result.mismatchCount} of {result.checkedUsers} balances differ from their ledger
                </Alert.Title>
                <Alert.Description>
                  Checked at {formatDateTime(new Date(verify.dataUpdatedAt).toISOString())}. Do not review requests for
                  these users until the difference is explained.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" minW="36rem">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>User</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Ledger sum</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.mismatches.map((m) => (
                    <Table.Row key={m.userId}>
                      <Table.Cell>{directory.byId.get(m.userId)?.email ?? m.userId}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(m.balance)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(m.ledgerSum)}</Table.Cell>
                      <Table.Cell textAlign="end" color="fg.error" fontWeight="semibold">
                        {formatSignedMoney((Math.round(m.balance * 100) - Math.round(m.ledgerSum * 100)) / 100)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        )
      ) : null}
    </Stack>
  );
}
