// Shared fixtures of the statement tests (not a test file itself).
import { readFileSync } from 'node:fs';
import { groupReference } from '../../src/modules/statement/rf-reference.ts';

/** A fixture file with its {{PLACEHOLDERS}} filled. */
export function fixture(name: string, values: Record<string, string>): string {
  let text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, v);
  const left = /\{\{(\w+)\}\}/.exec(text);
  if (left) throw new Error(`fixture ${name}: no value for ${left[1]}`);
  return text;
}

/** The reference with one digit changed (a typo), keeping its shape. */
export function typo(ref: string): string {
  const i = ref.length - 3;
  return ref.slice(0, i) + String((Number(ref[i]) + 1) % 10) + ref.slice(i + 1);
}

/** As a person might type it into a transfer's free text: lower case, in groups. */
export const spacedLower = (ref: string) => groupReference(ref).toLowerCase();
