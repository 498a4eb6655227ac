import { Alert, Button, Stack, Table, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LuScale } from 'react-icons/lu';
import { centsToDollars } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { formatSignedMoney } from '../../lib/money-labels';
import { useUserNames } from '../../lib/user-hooks';

/** Money desk tab: runs `ledger.verify` (every balance = sum of its ledger entries) on request. */
export function LedgerCheck() {
  const { t } = useLingui();
  // Only on request: the check reads every user's ledger.
  const verify = trpc.ledger.verify.useQuery(undefined, { enabled: false, retry: false, gcTime: 0 });
  const result = verify.data;
  const directory = useUserNames(result?.mismatches.map((m) => m.userId) ?? []);
  const checkedAt = formatDateTime(new Date(verify.dataUpdatedAt).toISOString());

  return (
    <Stack gap="4" maxW="4xl">
      <Text color="fg.muted">
        <Trans>
          Checks, for every user, that the balance equals the sum of their ledger entries. Any difference means a
          balance changed without a ledger entry and needs investigating.
        </Trans>
      </Text>
      <div>
        <Button
          colorPalette="teal"
          onClick={() => void verify.refetch()}
          loading={verify.isFetching}
          loadingText={t`Checking...`}
        >
          <LuScale /> {result ? <Trans>Run the check again</Trans> : <Trans>Run ledger check</Trans>}
        </Button>
      </div>

      {verify.isError && !verify.isFetching ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>The check could not run</Trans>
            </Alert.Title>
            <Alert.Description>{errorMessage(verify.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {result ? (
        result.ok ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Every balance matches its ledger</Trans>
              </Alert.Title>
              <Alert.Description>
                <Plural
                  value={result.checkedUsers}
                  one={`# user checked at ${checkedAt}.`}
                  other={`# users checked at ${checkedAt}.`}
                />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack gap="3">
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {result.mismatchCount > 0 ? (
                    <Trans>
                      {result.mismatchCount} of {result.checkedUsers} balances differ from their ledger
                    </Trans>
                  ) : (
                    <Trans>Every balance matches its ledger, but the journal does not balance (see below)</Trans>
                  )}
                </Alert.Title>
                <Alert.Description>
                  <Trans>
                    Checked at {checkedAt}. Do not review requests for these users until the difference is explained.
                  </Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" minW="36rem">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>User</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Balance</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Ledger sum</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Difference</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.mismatches.map((m) => (
                    <Table.Row key={m.userId}>
                      <Table.Cell>{directory.byId.get(m.userId)?.email ?? m.userId}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(m.balance)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(m.ledgerSum)}</Table.Cell>
                      <Table.Cell textAlign="end" color="fg.error" fontWeight="semibold">
                        {formatSignedMoney(centsToDollars(Math.round(m.balance * 100) - Math.round(m.ledgerSum * 100)))}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        )
      ) : null}

      {result ? <JournalByAsset assets={result.assets} /> : null}
    </Stack>
  );
}

type AssetCheck = {
  asset: string;
  accounts: number;
  accountMismatches: number;
  unbalancedMovements: number;
  total: string;
};

/** The journal of each asset (#29): its accounts against their postings, its movements summing to zero. */
function JournalByAsset({ assets }: { assets: AssetCheck[] }) {
  const { t } = useLingui();
  return (
    <Stack as="ul" gap="1" listStyleType="none" aria-label={t`Journal per asset`}>
      {[...assets]
        .sort((x, y) => Number(y.asset === 'USD') - Number(x.asset === 'USD'))
        .map((a) => {
          const ok = a.accountMismatches === 0 && a.unbalancedMovements === 0 && a.total === '0';
          const asset = a.asset;
          const accounts = a.accounts;
          const off = a.accountMismatches;
          const unbalanced = a.unbalancedMovements;
          const total = a.total;
          return (
            <Text as="li" key={asset} fontSize="sm" color={ok ? 'fg.muted' : 'fg.error'}>
              {ok ? (
                <Trans>
                  {asset} journal: {accounts} accounts, each equal to its postings; the books balance.
                </Trans>
              ) : (
                <Trans>
                  {asset} journal: {off} accounts differ from their postings and {unbalanced} movements do not sum to
                  zero; the books sum to {total}.
                </Trans>
              )}
            </Text>
          );
        })}
    </Stack>
  );
}
