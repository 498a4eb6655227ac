import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TBitcoinDeposit } from '@vestora/contract';
import { formatMoney, formatPrice } from '../../lib/format';
import {
  bitcoinStatusDetail,
  bitcoinStatusLabel,
  formatBtc,
  outpoint,
  shortTxid,
  type BitcoinDepositState,
} from '../../lib/bitcoin';
import { CopyButton } from '../../features/account/CopyButton';

const PALETTE: Record<BitcoinDepositState, 'yellow' | 'green'> = {
  seen: 'yellow',
  held: 'yellow',
  confirmed: 'green',
};

/** The status of a Bitcoin deposit: a badge with its words ("Seen, 1 of 2 confirmations"), never colour alone. */
export function BitcoinStatusBadge({ deposit: d }: { deposit: TBitcoinDeposit }) {
  return (
    <Badge colorPalette={PALETTE[d.status]} variant="subtle" whiteSpace="nowrap">
      {bitcoinStatusLabel(d.status, d.confirmations, d.confirmationsRequired)}
    </Badge>
  );
}

/**
 * The amount of a Bitcoin deposit: the BTC received, with "≈ $X" under it once credited as BTC when a price was
 * fresh (#30); for a credit in dollars before #30, the dollars (with BTC and price under it).
 */
export function BitcoinAmount({ deposit: d }: { deposit: TBitcoinDeposit }) {
  const { t } = useLingui();
  const btc = formatBtc(d.sats);
  if (d.status === 'confirmed' && d.credited === 'BTC') {
    const value = d.valueUsd !== null ? formatMoney(d.valueUsd) : null;
    return (
      <Stack gap="0" align="flex-end">
        <Text fontWeight="medium" whiteSpace="nowrap">
          {btc}
        </Text>
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {value !== null ? t`≈ ${value}` : t`Credited as BTC`}
        </Text>
      </Stack>
    );
  }
  const credited = d.status === 'confirmed' && d.amount !== null;
  const price = d.price !== null ? formatPrice(d.price) : null;
  return (
    <Stack gap="0" align="flex-end">
      <Text fontWeight="medium" whiteSpace="nowrap">
        {credited ? formatMoney(d.amount) : formatBtc(d.sats)}
      </Text>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {credited ? (price !== null ? t`${btc} at ${price}` : btc) : t`Not credited yet`}
      </Text>
    </Stack>
  );
}

/** "Bitcoin" and the transaction, shortened, with its full id in a tooltip and a Copy button. */
export function BitcoinTransaction({ deposit: d }: { deposit: TBitcoinDeposit }) {
  const { t } = useLingui();
  const full = outpoint(d.txid, d.vout);
  const txid = d.txid;
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="fg.muted">
        <Trans>Bitcoin transaction</Trans>
      </Text>
      <HStack gap="2" wrap="wrap">
        <Text fontFamily="mono" fontSize="sm" title={full} data-testid="bitcoin-txid" dir="ltr">
          {shortTxid(d.txid)}:{d.vout}
        </Text>
        <CopyButton value={d.txid} label={t`Copy`} ariaLabel={t`Copy transaction id ${txid}`} size="2xs" />
      </HStack>
    </Stack>
  );
}

/** The status detail under a Bitcoin deposit's badge. */
export function BitcoinStatusDetail({ deposit: d }: { deposit: TBitcoinDeposit }) {
  return (
    <Text fontSize="xs" color="fg.muted" mt="1" minW="12rem" maxW="18rem" whiteSpace="normal">
      {bitcoinStatusDetail(d.status, d.confirmations, d.confirmationsRequired, d.credited)}
    </Text>
  );
}
