import { Badge, Box, Collapsible, Button, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LuChevronDown } from 'react-icons/lu';
import { formatUnits, type TPayoutBatch } from '@vestora/contract';
import { EmptyState } from '../../components/ui/states';
import { formatAssetAmount, formatDateTime } from '../../lib/format';
import { CopyButton } from '../account/CopyButton';
import { BatchDetails } from './BatchDetails';
import { BATCH_EXCEPTION, BATCH_STATUS } from './payout-words';

/** When the batch last moved: paid, marked an exception, sent or cancelled, else built. */
const lastMove = (b: TPayoutBatch): string =>
  formatDateTime(b.paidAt ?? b.exceptionAt ?? b.sentAt ?? b.cancelledAt ?? b.createdAt);

/** Sum of what a batch pays its withdrawals, in BTC (exact, from satoshis). */
function paidOut(b: TPayoutBatch): string {
  const sats = b.withdrawals.reduce((sum, w) => sum + BigInt(w.sats), 0n);
  return formatAssetAmount(formatUnits(sats, 8), 'BTC');
}

function BatchItem({ batch: b }: { batch: TPayoutBatch }) {
  const { t, i18n } = useLingui();
  const short = b.id.slice(0, 8);
  const total = paidOut(b);
  const when = lastMove(b);
  return (
    <List.Item
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-testid="batch-row"
      data-status={b.status}
    >
      <Collapsible.Root>
        <Stack gap="1.5">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">
              <Trans>Batch {short}</Trans>
            </Text>
            <Badge colorPalette={BATCH_STATUS[b.status].palette} variant="subtle" data-testid="batch-status">
              {i18n._(BATCH_STATUS[b.status].label)}
            </Badge>
          </HStack>
          <Text fontSize="sm">
            <Plural
              value={b.withdrawals.length}
              one={`# withdrawal, ${total} in all; last change ${when}`}
              other={`# withdrawals, ${total} in all; last change ${when}`}
            />
          </Text>
          {b.exception ? (
            <Text fontSize="sm" color="fg.error">
              {i18n._(BATCH_EXCEPTION[b.exception])}
            </Text>
          ) : null}
          {b.txid ? (
            <HStack gap="2" wrap="wrap">
              <Text fontSize="xs" color="fg.muted">
                <Trans>Transaction</Trans>
              </Text>
              <Text fontFamily="mono" fontSize="xs" overflowWrap="anywhere" dir="ltr" data-testid="batch-txid">
                {b.txid}
              </Text>
              <CopyButton
                value={b.txid}
                label={t`Copy`}
                ariaLabel={t`Copy the transaction id of batch ${short}`}
                size="xs"
                variant="ghost"
              />
            </HStack>
          ) : null}
          <Box>
            <Collapsible.Trigger asChild>
              <Button size="xs" variant="ghost">
                <LuChevronDown /> <Trans>Inputs and outputs</Trans>
              </Button>
            </Collapsible.Trigger>
          </Box>
          <Collapsible.Content>
            <Box pt="2">
              <BatchDetails batch={b} />
            </Box>
          </Collapsible.Content>
        </Stack>
      </Collapsible.Root>
    </List.Item>
  );
}

/** Every payout batch, newest first: its status, what it paid, and its transaction once sent. */
export function PayoutBatchList({ batches }: { batches: readonly TPayoutBatch[] }) {
  const { t } = useLingui();
  return (
    <Stack gap="2" as="section" aria-labelledby="batch-list-title">
      <Heading as="h2" size="sm" id="batch-list-title">
        <Trans>Batches</Trans>
      </Heading>
      {batches.length === 0 ? (
        <EmptyState
          title={t`No payout batch yet`}
          description={t`Each batch built here is listed with its status and, once sent, its transaction.`}
        />
      ) : (
        <List.Root variant="plain" borderWidth="1px" rounded="md" px="3">
          {batches.map((b) => (
            <BatchItem key={b.id} batch={b} />
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
