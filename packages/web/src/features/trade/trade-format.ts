// How the trading screens write amounts (#30): exactly, from the server's decimal strings, through the app's one
// formatter (formatAssetAmount: the reader's digits, isolated in a right-to-left page), never through a float.
import { KNOWN_ASSET_SCALES } from '@vestora/contract';
import { formatAssetAmount } from '../../lib/format';
import { usdScaleOf } from './ticket';

/**
 * An amount of an asset: dollars with cents (`$1,234.50`), a coin with the decimals it has (`0.0012 BTC`). The
 * scale: the one given (asset.list's), else the known one, else the decimals the server wrote (it writes them all).
 */
export function formatAmount(decimal: string | null | undefined, asset: string, scale?: number): string {
  if (asset === 'USD') return formatAssetAmount(decimal, 'USD', { scale: 2 });
  const written = decimal?.split('.')[1]?.length ?? 0;
  return formatAssetAmount(decimal, asset, { scale: scale ?? KNOWN_ASSET_SCALES[asset] ?? written, trim: true });
}

/** Dollars as the server wrote them (`"12.34"`, a null: a dash). */
export function formatUsd(decimal: string | null | undefined): string {
  return formatAssetAmount(decimal, 'USD', { scale: 2 });
}

/** A feed price in dollars per coin, with every decimal it carries (`$0.00001234`, `$60,000.00`). */
export function formatFeedPrice(decimal: string | null | undefined): string {
  if (!decimal) return formatAssetAmount(null, 'USD');
  return formatAssetAmount(decimal, 'USD', { scale: usdScaleOf(decimal) });
}
