import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { trExtractor } from '../../../scripts/i18n/tr-extractor.ts';
import { LOCALES } from './locale.ts';

/**
 * The catalog check: every `tr(id, message)` of the contract and the server is in every catalog
 * (src/locales/<locale>.po) with its current English text, nothing else is there, and every language has a
 * translation that keeps the placeholders and has the plural forms the language needs. The same extractor as
 * `pnpm i18n:extract`, without writing files: fix a failure with `pnpm --filter @vestora/contract i18n:extract`,
 * then translate what it added.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = [here, path.join(here, '../../server/src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'locales' ? [] : sourceFiles(full);
    return trExtractor.match(full) ? [full] : [];
  });
}

function extracted(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    trExtractor.extract(file, readFileSync(file, 'utf8'), ({ id, message }) => {
      const seen = messages.get(id);
      if (seen !== undefined && seen !== message)
        throw new Error(`${id} has two English texts: "${seen}" / "${message}"`);
      messages.set(id, message ?? '');
    });
  }
  return messages;
}

interface Entry {
  message?: string;
  translation?: string;
  obsolete?: boolean;
}

async function catalog(locale: string): Promise<Record<string, Entry>> {
  const filename = path.join(here, 'locales', `${locale}.po`);
  const parsed = await formatter().parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: 'en', filename });
  return (parsed ?? {}) as Record<string, Entry>;
}

/** The arguments of an ICU message, with the cases of its plurals and selects. */
function argumentsOf(message: CompiledMessage, into = new Map<string, Set<string> | null>()) {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      const cases = format as Record<string, CompiledMessage>;
      const keys = new Set(Object.keys(cases).filter((k) => k !== 'offset'));
      into.set(`${name}:${type}`, keys);
      for (const k of keys) argumentsOf(cases[k] ?? [], into);
    } else if (name !== '#') {
      into.set(name, null);
    }
  }
  return into;
}

describe('the catalog of server and validation messages (src/locales)', async () => {
  const source = extracted();
  const catalogs = new Map(await Promise.all(LOCALES.map(async (l) => [l, await catalog(l)] as const)));

  it.each(LOCALES)('%s holds exactly the ids of the code, none missing, none unused', (locale) => {
    const ids = Object.entries(catalogs.get(locale)!)
      .filter(([, e]) => !e.obsolete)
      .map(([id]) => id);
    const missing = [...source.keys()].filter((id) => !ids.includes(id));
    const unused = ids.filter((id) => !source.has(id));
    expect({ missing, unused }, 'run pnpm --filter @vestora/contract i18n:extract').toEqual({
      missing: [],
      unused: [],
    });
  });

  it('the English catalog says what the code says', () => {
    const en = catalogs.get('en')!;
    const stale = [...source].filter(([id, message]) => (en[id]?.translation || en[id]?.message) !== message);
    expect(
      stale.map(([id]) => id),
      'run pnpm --filter @vestora/contract i18n:extract',
    ).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s translates every message, keeping its placeholders, with the plural forms it needs',
    (locale) => {
      const entries = catalogs.get(locale)!;
      const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      const problems: string[] = [];
      for (const [id, english] of source) {
        const translation = entries[id]?.translation ?? '';
        if (!translation.trim()) {
          problems.push(`${id}: not translated`);
          continue;
        }
        let theirs: Map<string, Set<string> | null>;
        try {
          theirs = argumentsOf(compileMessageOrThrow(translation));
        } catch (e) {
          problems.push(`${id}: ${(e as Error).message}`);
          continue;
        }
        const ours = argumentsOf(compileMessageOrThrow(english));
        const names = (m: Map<string, unknown>) => [...m.keys()].sort().join(', ');
        if (names(ours) !== names(theirs)) problems.push(`${id}: placeholders ${names(theirs)}, not ${names(ours)}`);
        for (const [key, cases] of theirs) {
          if (!cases) continue;
          if (key.endsWith(':plural')) {
            const lacking = [...categories].filter((c) => !cases.has(c));
            if (lacking.length) problems.push(`${id}: plural ${key} lacks ${lacking.join(', ')}`);
          } else if (key.endsWith(':select')) {
            const want = [...(ours.get(key) ?? [])].sort().join(',');
            if ([...cases].sort().join(',') !== want) problems.push(`${id}: select ${key} cases differ from English`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
