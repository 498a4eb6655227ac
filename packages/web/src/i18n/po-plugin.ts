/**
 * Vite: a message catalog of packages/contract (`../contract/src/locales/<locale>.po?catalog`: error and
 * validation messages shared with the server) as a module answering `{ messages }`, compiled like Lingui's own
 * catalogs. Lingui's Vite plugin only knows this package's catalogs (lingui.config.ts).
 */
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

export function sharedCatalogs(): Plugin {
  const po = formatter({ origins: false, lineNumbers: false });
  return {
    name: 'vestora-shared-catalogs',
    async load(id) {
      const [path, query = ''] = id.split('?');
      if (!new URLSearchParams(query).has('catalog') || !path?.endsWith('.po')) return null;
      // Vitest names files outside the root `/@fs/<absolute path>`.
      const file = path.replace(/^\/@fs\//, '/');
      this.addWatchFile(file);
      const catalog =
        (await po.parse(readFileSync(file, 'utf8'), { locale: null, sourceLocale: 'en', filename: file })) ?? {};
      const messages: Record<string, unknown> = {};
      for (const [id, entry] of Object.entries(catalog)) {
        if (entry.translation) messages[id] = compileMessage(entry.translation);
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
  };
}
