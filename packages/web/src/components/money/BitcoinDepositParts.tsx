import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { trpc } from '../../lib/trpc';
import { formatMoney, formatPrice } from '../../lib/format';
import {
  bitcoinStatusDetail,
  bitcoinStatusLabel,
  formatBtc,
  outpoint,
  shortTxid,
  type BitcoinDepositState,
  type BitcoinDepositView,
} from '../../lib/bitcoin';
import { CopyButton } from '../../features/account/CopyButton';

/**
 * The confirmations the server credits Bitcoin payments at (deposit.instructions), or null when it does not say
 * (still loading, or Bitcoin deposits turned off since the payment).
 */
export function useConfirmationsNeeded(): number | null {
  const q = trpc.deposit.instructions.useQuery(undefined, { retry: false, staleTime: 60_000 });
  // TODO(h20s merge): read q.data.bitcoin once the contract has it.
  const data = q.data as { bitcoin?: { confirmations: number } | null } | undefined;
  return data?.bitcoin?.confirmations ?? null;
}

const PALETTE: Record<BitcoinDepositState, 'yellow' | 'green'> = {
  seen: 'yellow',
  held: 'yellow',
  confirmed: 'green',
};

/** The status of a Bitcoin deposit: a badge with its words ("Seen, 1 of 2 confirmations"), never colour alone. */
export function BitcoinStatusBadge({ view, needed }: { view: BitcoinDepositView; needed: number | null }) {
  return (
    <Badge colorPalette={PALETTE[view.state]} variant="subtle" whiteSpace="nowrap">
      {bitcoinStatusLabel(view.state, view.confirmations, needed)}
    </Badge>
  );
}

/** The amount of a Bitcoin deposit: dollars credited (with BTC and price under it), or BTC while not credited. */
export function BitcoinAmount({ view }: { view: BitcoinDepositView }) {
  const credited = view.state === 'confirmed' && view.amount !== null;
  return (
    <Stack gap="0" align="flex-end">
      <Text fontWeight="medium" whiteSpace="nowrap">
        {credited ? formatMoney(view.amount) : formatBtc(view.sats)}
      </Text>
      <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {credited
          ? `${formatBtc(view.sats)}${view.price !== null ? ` at ${formatPrice(view.price)}` : ''}`
          : 'Not credited yet'}
      </Text>
    </Stack>
  );
}

/** "Bitcoin" and the transaction, shortened, with its full id in a tooltip and a Copy button. */
export function BitcoinTransaction({ view }: { view: BitcoinDepositView }) {
  const full = outpoint(view.txid, view.vout);
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" color="fg.muted">
        Bitcoin transaction
      </Text>
      <HStack gap="2" wrap="wrap">
        <Text fontFamily="mono" fontSize="sm" title={full} data-testid="bitcoin-txid">
          {shortTxid(view.txid)}:{view.vout}
        </Text>
        <CopyButton value={view.txid} label="Copy" ariaLabel={`Copy transaction id ${view.txid}`} size="2xs" />
      </HStack>
    </Stack>
  );
}

/** The status detail under a Bitcoin deposit's badge. */
export function BitcoinStatusDetail({ view, needed }: { view: BitcoinDepositView; needed: number | null }) {
  return (
    <Text fontSize="xs" color="fg.muted" mt="1" maxW="18rem">
      {bitcoinStatusDetail(view.state, view.confirmations, needed)}
    </Text>
  );
}
