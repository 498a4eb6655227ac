// What the Limit orders tab needs of the trading screens' rules, on the app's one formatter and the contract's
// parser (features/trade imports this folder for the ticket's order lines, so nothing here imports it back).
import { KNOWN_ASSET_SCALES, type Msg, parseUnits, type TAsset } from '@vestora/contract';
import { formatAssetAmount } from '../../lib/format';

/** Why an amount cannot be sent (not digits, finer than the asset's unit, not above zero); null when it can. */
export function amountProblem(amount: string, scale: number): Msg | null {
  const parsed = parseUnits(amount.trim(), scale, { positive: true });
  return parsed.ok ? null : parsed.message;
}

/** The coins that trade now (listed, tradable, not paused). */
export const tradableCoins = (assets: readonly TAsset[]): TAsset[] =>
  assets.filter((a) => a.symbol !== 'USD' && a.tradable && !a.paused);

/** An amount of an asset as the server wrote it: dollars with cents, a coin with its decimals. */
export function formatAmount(decimal: string | null | undefined, asset: string, scale?: number): string {
  if (asset === 'USD') return formatAssetAmount(decimal, 'USD', { scale: 2 });
  const written = decimal?.split('.')[1]?.length ?? 0;
  return formatAssetAmount(decimal, asset, { scale: scale ?? KNOWN_ASSET_SCALES[asset] ?? written, trim: true });
}

/** A price in dollars per coin with every decimal it was written with (at least cents). */
export function formatPrice(decimal: string | null | undefined): string {
  const written = decimal?.split('.')[1]?.length ?? 0;
  return formatAssetAmount(decimal, 'USD', { scale: Math.max(2, written) });
}
