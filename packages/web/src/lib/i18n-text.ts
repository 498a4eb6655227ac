import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../i18n';

/**
 * A text a shared component shows: a string already in the reader's language (from `t`), or a `msg` descriptor
 * from a module-level table, translated when it is shown.
 */
export type TText = string | MessageDescriptor;

/** `text` in the language shown now. */
export const textOf = (text: TText): string => (typeof text === 'string' ? text : i18n._(text));

/**
 * A table of `msg` descriptors read as plain strings in the language shown now: every read translates, so a
 * module-level table (`DEPOSIT_STATUS.pending.label`) follows the language without its callers changing.
 */
export function translatedTable<K extends string>(table: Record<K, MessageDescriptor>): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(table) as K[]) {
    Object.defineProperty(out, key, { enumerable: true, get: () => i18n._(table[key]) });
  }
  return out;
}
