import { Alert, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { BuildBatch } from './BuildBatch';
import { OpenBatch } from './OpenBatch';
import { PayoutBatchList } from './PayoutBatchList';

/** While a batch is sent and not yet paid, the list asks again this often (the watcher marks it paid). */
const SENT_REFRESH_MS = 30_000;

/**
 * Money desk tab (admins, #32): approved Bitcoin withdrawals leave in payout batches. Build one (a PSBT from our
 * confirmed coins), download and sign it offline, upload the signed PSBT (the server checks it spends and pays
 * exactly what was built, then broadcasts), or cancel it; then follow each batch to paid.
 */
export function PayoutsDesk() {
  const { t } = useLingui();
  const list = trpc.bitcoin.payoutBatch.list.useQuery(undefined, {
    refetchInterval: (q) => (q.state.data?.items.some((b) => b.status === 'sent') ? SENT_REFRESH_MS : false),
  });
  if (list.isPending) return <PageLoader label={t`Loading the payout batches...`} minH="10rem" />;
  if (list.isError)
    return (
      <ErrorState
        title={t`Could not load the payout batches`}
        description={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  const batches = list.data.items;
  const open = batches.filter((b) => b.status === 'built');
  return (
    <Stack gap="6">
      <Text color="fg.muted" maxW="4xl">
        <Trans>
          The server never holds a signing key: it builds the transaction as an unsigned PSBT, you sign it in your own
          wallet (Sparrow, Electrum, a hardware wallet), and it broadcasts the signed one only if it spends exactly the
          coins set aside and pays exactly the approved amounts to the approved addresses, plus our change.
        </Trans>
      </Text>
      {batches.some((b) => b.status === 'exception') ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>A sent batch is an exception: see it in the list below.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <BuildBatch batches={batches} />
      {open.map((b) => (
        <OpenBatch key={b.id} batch={b} />
      ))}
      <PayoutBatchList batches={batches} />
    </Stack>
  );
}
