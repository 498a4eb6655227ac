import { useState } from 'react';
import { Button, Field, HStack, Heading, Input, List, Stack, Text, chakra } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LuPackagePlus } from 'react-icons/lu';
import type { TPayoutBatch, TWithdrawal } from '@vestora/contract';
import { EmptyState, FailedAction, listState } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { formatAssetAmount, formatDateTime } from '../../lib/format';
import { MAX_PAGE } from '../../lib/money-hooks';
import { trpc } from '../../lib/trpc';

/** A fee rate as typed: empty (the server's estimate), or a number of sat/vB from 1 (decimals allowed). */
function readFeeRate(text: string): { ok: true; value: number | undefined } | { ok: false } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: true, value: undefined };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return value >= 1 ? { ok: true, value } : { ok: false };
}

function WaitingLine({ w }: { w: TWithdrawal }) {
  const approvedAt = formatDateTime(w.reviewedAt);
  return (
    <List.Item py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="waiting-withdrawal">
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0" minW="0">
          <Text fontSize="sm" overflowWrap="anywhere">
            {w.userEmail}
          </Text>
          <Text fontFamily="mono" fontSize="xs" overflowWrap="anywhere" dir="ltr">
            {w.details}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            <Trans>Approved {approvedAt}</Trans>
          </Text>
        </Stack>
        <Text fontSize="sm" whiteSpace="nowrap" fontWeight="semibold">
          {formatAssetAmount(w.btcAmount, 'BTC')}
        </Text>
      </HStack>
    </List.Item>
  );
}

/**
 * The approved Bitcoin withdrawals no batch carries yet, and Build batch: one PSBT paying all of them from confirmed
 * coins, at the fee rate given (sat/vB) or Esplora's estimate, within the server's cap (a rate above it is refused
 * with the cap named).
 */
export function BuildBatch({ batches }: { batches: readonly TPayoutBatch[] }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const approved = trpc.withdrawal.list.useQuery({ status: 'approved', limit: MAX_PAGE });
  const [feeRate, setFeeRate] = useState('');
  const [feeError, setFeeError] = useState<string | null>(null);
  const build = trpc.bitcoin.payoutBatch.build.useMutation({
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: t`Batch built`,
        description: t`Download its PSBT, sign it in your wallet and upload the signed file.`,
      });
      setFeeRate('');
      await Promise.all([utils.bitcoin.payoutBatch.list.invalidate(), utils.bitcoin.utxos.invalidate()]);
    },
  });
  const inBatch = new Set(batches.filter((b) => b.status === 'built').flatMap((b) => b.withdrawals.map((w) => w.id)));
  const waiting = (approved.data?.items ?? []).filter((w) => w.method === 'bitcoin' && !inBatch.has(w.id));
  const state = listState(
    {
      isPending: approved.isPending,
      isError: approved.isError,
      error: approved.error,
      isRefetching: approved.isRefetching,
      refetch: approved.refetch,
      items: waiting,
    },
    {
      loading: t`Loading the approved withdrawals...`,
      errorTitle: t`Could not load the approved withdrawals`,
      empty: (
        <EmptyState
          title={t`No Bitcoin withdrawal waits for a batch`}
          description={t`Bitcoin withdrawals appear here once approved on the Withdrawals tab.`}
        />
      ),
      minH: '6rem',
    },
  );

  const submit = () => {
    build.reset();
    const rate = readFeeRate(feeRate);
    if (!rate.ok) {
      setFeeError(
        t`Give the fee rate in satoshis per virtual byte, 1 or more (e.g. 12), or leave it empty for the estimate.`,
      );
      return;
    }
    setFeeError(null);
    build.mutate(rate.value === undefined ? {} : { feeRate: rate.value });
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="waiting-title">
      <Heading as="h2" size="sm" id="waiting-title">
        <Trans>Waiting for a batch</Trans>
      </Heading>
      {state ?? (
        <>
          <List.Root variant="plain" borderWidth="1px" rounded="md" px="3">
            {waiting.map((w) => (
              <WaitingLine key={w.id} w={w} />
            ))}
          </List.Root>
          <chakra.form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="3">
              <Field.Root invalid={feeError !== null} disabled={build.isPending} maxW="sm">
                <Field.Label>
                  <Trans>Fee rate (sat/vB, optional)</Trans>
                </Field.Label>
                <Input
                  value={feeRate}
                  onChange={(e) => setFeeRate(e.currentTarget.value)}
                  inputMode="decimal"
                  dir="ltr"
                  autoComplete="off"
                  placeholder={t`The block source's estimate`}
                />
                {feeError ? (
                  <Field.ErrorText>{feeError}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    <Trans>Empty: the block source's estimate for the next blocks, capped by the server.</Trans>
                  </Field.HelperText>
                )}
              </Field.Root>
              {build.isError ? <FailedAction title={t`The batch was not built`} error={build.error} /> : null}
              <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={build.isPending}>
                <LuPackagePlus />{' '}
                <Plural value={waiting.length} one="Build batch (# withdrawal)" other="Build batch (# withdrawals)" />
              </Button>
            </Stack>
          </chakra.form>
        </>
      )}
    </Stack>
  );
}
