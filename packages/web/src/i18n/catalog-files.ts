import type { Messages } from '@lingui/core';

/**
 * Every catalog file but English (its texts are in the code), loaded on demand: the web's (one per feature)
 * and the contract's (errors and validation messages). The build puts each language's files in two chunks, its
 * public part and its app part (catalog-parts.ts, vite.config.ts), so a part is one request. A module of its
 * own: an English page never loads this list.
 */
export const catalogFiles: Record<string, () => Promise<{ messages: Messages }>> = {
  ...import.meta.glob<{ messages: Messages }>(['../locales/*/*.po', '!../locales/en/*.po']),
  ...import.meta.glob<{ messages: Messages }>(
    ['../../../contract/src/locales/*.po', '!../../../contract/src/locales/en.po'],
    { query: '?catalog' },
  ),
};
