// The server's message catalogs (src/locales/<locale>.po) against the source: every `tm(...)` id is in every
// catalog with the English text the code has, no catalog keeps an id the code no longer uses, and every
// language translates every text with the same placeholders and the plural forms its language needs.
// When it fails: `pnpm --filter @vestora/server i18n:extract`, then translate what is new.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@vestora/contract';
import { describe, expect, it } from 'vitest';
import { callExtractor } from '../../../../scripts/i18n/tr-extractor.ts';
import { parsePo } from './po.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const extractor = callExtractor('tm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : sourceFiles(path);
    return extractor.match(path) ? [path] : [];
  });
}

/** Every `tm` id of the source with its English message (an id used twice must say the same). */
function sourceMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('tm(')) continue;
    extractor.extract(file, code, ({ id, message }) => {
      const known = messages.get(id);
      if (known !== undefined && known !== message) throw new Error(`${file}: tm id ${id} has two English texts`);
      messages.set(id, message ?? '');
    });
  }
  return messages;
}

/** The names of a message's arguments: `{name}`, `{count, plural, ...}`. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)].map((m) => m[1]!))].sort();
}

/** The categories of each plural of a message: `{n, plural, one {...} other {...}}` -> [['one', 'other']]. */
function pluralCategories(message: string): string[][] {
  const out: string[][] = [];
  for (const m of message.matchAll(/\{\s*\w+\s*,\s*plural\s*,((?:[^{}]|\{[^{}]*\})*)\}/g)) {
    out.push([...m[1]!.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{/g)].map((c) => c[1]!));
  }
  return out;
}

const source = sourceMessages();
const catalogs = new Map(
  LOCALES.map((locale) => {
    const text = readFileSync(join(SRC, 'locales', `${locale}.po`), 'utf8');
    return [locale, new Map(parsePo(text).map((e) => [e.id, e.translation]))] as const;
  }),
);

describe('server message catalogs', () => {
  it('the source has texts to translate', () => {
    expect(source.size).toBeGreaterThan(50);
  });

  it.each(LOCALES)('%s has exactly the ids of the source (run i18n:extract when not)', (locale) => {
    const catalog = catalogs.get(locale)!;
    const missing = [...source.keys()].filter((id) => !catalog.has(id));
    const unused = [...catalog.keys()].filter((id) => !source.has(id));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it('the English catalog has the English texts of the source', () => {
    const en = catalogs.get('en')!;
    const changed = [...source].filter(([id, message]) => en.get(id) !== message).map(([id]) => id);
    expect(changed).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s translates every text with the same placeholders', (locale) => {
    const catalog = catalogs.get(locale)!;
    const problems: string[] = [];
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [id, message] of source) {
      const translation = catalog.get(id) ?? '';
      if (!translation.trim()) {
        problems.push(`${id}: not translated`);
        continue;
      }
      const expected = argumentsOf(message).join(', ');
      const got = argumentsOf(translation).join(', ');
      if (expected !== got) problems.push(`${id}: placeholders {${got}} instead of {${expected}}`);
      for (const categories of pluralCategories(translation)) {
        const absent = needed.filter((c) => !categories.includes(c));
        if (absent.length > 0) problems.push(`${id}: plural without ${absent.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
