// The zod side of units.ts: a decimal-string amount of an asset's scale in tRPC inputs and forms.
import { z } from 'zod';
import { say } from './common.ts';
import { tr, translate } from './i18n.ts';
import { type ParseUnitsOptions, parseUnits, unitsPerWhole } from './units.ts';

/**
 * A decimal-string amount of the given scale for tRPC inputs and forms, parsed to its smallest unit:
 * `zUnits(8).parse('0.0012')` → `120000n`. Refusals say what to write instead, in the reader's language.
 * `zUnitsString(scale)` keeps the string (validated) where the value goes on as text.
 */
export function zUnits(scale: number, options: ParseUnitsOptions = {}) {
  return zUnitsString(scale, options).transform((text) => {
    const parsed = parseUnits(text, scale, options);
    // zUnitsString refused every string that does not parse.
    if (!parsed.ok) throw new Error(`unreachable: ${parsed.reason}`);
    return parsed.value;
  });
}

/** The same check as zUnits, keeping the decimal string as it was sent. */
export function zUnitsString(scale: number, options: ParseUnitsOptions = {}) {
  unitsPerWhole(scale); // throws for a scale that is no asset's, when the schema is built
  return z
    .string(say(() => tr('validation.units.notText', 'Amount must be a decimal string (like "12.50")')))
    .superRefine((text, ctx) => {
      const parsed = parseUnits(text, scale, options);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: translate(parsed.message) });
    });
}
