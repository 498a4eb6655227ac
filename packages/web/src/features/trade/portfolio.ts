// The portfolio page's pure parts (#30): what the allocation chart draws, in which order.
import type { THolding } from '@vestora/contract';
import { signOf } from './ticket';

export interface AllocationSlice {
  asset: string;
  /** The holding's dollar value as the server wrote it. */
  valueUsd: string;
  /** The same as a number, for the chart's proportions only (never added up or shown as money). */
  weight: number;
}

/**
 * The allocation chart's slices: every holding with a known, positive value, largest first (dollars included).
 * A coin without a fresh price has no value and no slice (the table still lists it).
 */
export function allocationOf(items: readonly THolding[]): AllocationSlice[] {
  return items
    .filter((h) => h.valueUsd !== null && signOf(h.valueUsd) > 0)
    .map((h) => ({ asset: h.asset, valueUsd: h.valueUsd!, weight: Number(h.valueUsd) }))
    .sort((a, b) => b.weight - a.weight || a.asset.localeCompare(b.asset));
}

/** Gains and losses in their colours: green above zero, red below, none at zero or unknown. */
export function gainPalette(decimal: string | null | undefined): 'green' | 'red' | undefined {
  const sign = signOf(decimal);
  return sign > 0 ? 'green' : sign < 0 ? 'red' : undefined;
}
