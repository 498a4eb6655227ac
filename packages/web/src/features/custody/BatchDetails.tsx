import type { ReactNode } from 'react';
import { Box, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TPayoutBatch } from '@vestora/contract';
import { outpoint, shortTxid } from '../../lib/bitcoin';
import { formatAssetAmount, formatDecimal } from '../../lib/format';

/** One line of a batch: what (an address, an outpoint) and its amount; the address wraps on a phone. */
function Line({ what, note, amount, testId }: { what: string; note?: ReactNode; amount: string; testId: string }) {
  return (
    <List.Item data-testid={testId} py="1.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack justify="space-between" align="start" gap="3">
        <Box minW="0">
          <Text fontFamily="mono" fontSize="xs" overflowWrap="anywhere" dir="ltr">
            {what}
          </Text>
          {note ? (
            <Text fontSize="xs" color="fg.muted">
              {note}
            </Text>
          ) : null}
        </Box>
        <Text fontSize="sm" whiteSpace="nowrap" data-testid={`${testId}-amount`}>
          {formatAssetAmount(amount, 'BTC')}
        </Text>
      </HStack>
    </List.Item>
  );
}

/**
 * What a batch's transaction spends and pays, as built: the coins (inputs), each withdrawal's address with the
 * exact amount it receives, our change, and the network fee with its rate. The signed PSBT must match it exactly.
 */
export function BatchDetails({ batch }: { batch: TPayoutBatch }) {
  const { t } = useLingui();
  const rate = formatDecimal(batch.feeRate);
  const change = batch.change;
  const changeIndex = change?.index ?? 0;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="1" as="section" aria-label={t`Coins spent`}>
          <Heading as="h3" size="xs">
            <Plural value={batch.inputs.length} one="Spends # coin" other="Spends # coins" />
          </Heading>
          <List.Root variant="plain">
            {batch.inputs.map((i) => (
              <Line
                key={outpoint(i.txid, i.vout)}
                what={outpoint(shortTxid(i.txid), i.vout)}
                note={i.address}
                amount={i.amount}
                testId="batch-input"
              />
            ))}
          </List.Root>
        </Stack>
        <Stack gap="1" as="section" aria-label={t`Outputs paid`}>
          <Heading as="h3" size="xs">
            <Plural value={batch.withdrawals.length} one="Pays # withdrawal" other="Pays # withdrawals" />
          </Heading>
          <List.Root variant="plain">
            {batch.withdrawals.map((w) => (
              <Line key={w.id} what={w.address} amount={w.amount} testId="batch-output" />
            ))}
            {change ? (
              <Line
                what={change.address}
                note={<Trans>Our change (change address {changeIndex})</Trans>}
                amount={change.amount}
                testId="batch-change"
              />
            ) : null}
          </List.Root>
        </Stack>
      </SimpleGrid>
      <HStack gap="6" wrap="wrap" fontSize="sm">
        <Text>
          <Trans>Network fee:</Trans>{' '}
          <Text as="span" fontWeight="semibold" data-testid="batch-fee">
            {formatAssetAmount(batch.fee, 'BTC')}
          </Text>
        </Text>
        <Text>
          <Trans>Fee rate:</Trans>{' '}
          <Text as="span" fontWeight="semibold" data-testid="batch-fee-rate">
            <Trans>{rate} sat/vB</Trans>
          </Text>
        </Text>
      </HStack>
    </Stack>
  );
}
