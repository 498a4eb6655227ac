// How the reserves are written (#32): every amount exactly at its asset's full scale, from the server's decimal
// strings (never a float), and a ratio as a percent with 2 decimals.
import type { TReserveSource } from '@vestora/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { intlLocale } from '../../i18n';
import { formatAssetAmount, isolated } from '../../lib/format';

/** An amount at the asset's full scale: `0.60000000 BTC`, `$12.50`; null: a dash. */
export const reserveAmount = (decimal: string | null | undefined, asset: string, scale: number): string =>
  formatAssetAmount(decimal ?? null, asset, { scale });

/** reserves ÷ liabilities (`"1.0250"`) as a percent: `102.50%`; null: a dash. */
export function ratioPercent(ratio: string | null): string {
  if (ratio === null || !/^\d+\.\d{4}$/.test(ratio)) return '—';
  // Intl reads the string as an exact decimal.
  const exact = ratio as unknown as number;
  return isolated(
    new Intl.NumberFormat(intlLocale(), {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(exact),
  );
}

/** Where a reserves figure comes from, in words. */
export const SOURCE_LABEL: Record<TReserveSource, MessageDescriptor> = {
  chain: msg`On chain (confirmed)`,
  bank_statement: msg`Bank statement`,
  declared: msg`Declared by the operator`,
};
