// The admin's edit of a coin's trading terms (#30): what the form holds, and the asset.update it makes (only
// what changed, so an edit of the spread never rewrites the limits another admin just set).
import { parseUnits, type TAsset, type TAssetUpdateInput } from '@vestora/contract';

export interface TermsDraft {
  tradable: boolean;
  paused: boolean;
  minUsd: string;
  maxUsd: string;
  spreadBps: string;
  feeBps: string;
  exposureLimitUsd: string;
}

export type TermKey = keyof TermsDraft;
const DOLLAR_KEYS = ['minUsd', 'maxUsd', 'exposureLimitUsd'] as const;
const BPS_KEYS = ['spreadBps', 'feeBps'] as const;

/** The form's starting values: the coin's terms as listed. */
export function draftOf(a: TAsset): TermsDraft {
  return {
    tradable: a.tradable,
    paused: a.paused,
    minUsd: a.minUsd,
    maxUsd: a.maxUsd,
    spreadBps: String(a.spreadBps),
    feeBps: String(a.feeBps),
    exposureLimitUsd: a.exposureLimitUsd,
  };
}

export type TermsCheck =
  | { ok: true; input: TAssetUpdateInput; changed: TermKey[] }
  | { ok: false; field: TermKey; problem: 'dollars' | 'bps' };

const cents = (text: string) => {
  const p = parseUnits(text.trim(), 2, { positive: true });
  return p.ok ? p.value : null;
};

/**
 * The asset.update for a draft: each dollar field in dollars with at most cents and above zero, each basis-point
 * field a whole number from 0 to 2000; only the fields that differ from the listed terms.
 */
export function termsUpdate(a: TAsset, draft: TermsDraft): TermsCheck {
  const input: TAssetUpdateInput = { symbol: a.symbol };
  const changed: TermKey[] = [];
  if (draft.tradable !== a.tradable) {
    input.tradable = draft.tradable;
    changed.push('tradable');
  }
  if (draft.paused !== a.paused) {
    input.paused = draft.paused;
    changed.push('paused');
  }
  for (const key of DOLLAR_KEYS) {
    const now = cents(draft[key]);
    if (now === null) return { ok: false, field: key, problem: 'dollars' };
    if (now !== cents(a[key])) {
      input[key] = draft[key].trim();
      changed.push(key);
    }
  }
  for (const key of BPS_KEYS) {
    const text = draft[key].trim();
    if (!/^\d{1,4}$/.test(text) || Number.parseInt(text, 10) > 2000) return { ok: false, field: key, problem: 'bps' };
    const value = Number.parseInt(text, 10);
    if (value !== a[key]) {
      input[key] = value;
      changed.push(key);
    }
  }
  return { ok: true, input, changed };
}
