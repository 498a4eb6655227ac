/**
 * The web's message catalogs against the code: Lingui's own extraction (the same config, into a scratch copy of
 * the catalogs) must leave them as they are (no id missing, none unused, no English changed), and every other
 * language must translate every message, keeping its placeholders and tags and compiling as ICU.
 * Fix a failure with `pnpm --filter @vestora/web i18n:extract`, then translate what it added.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../..');
const LOCALES_DIR = path.join(WEB, 'src/locales');
const po = formatter({ origins: false, lineNumbers: false });

type Entry = { message?: string; translation?: string };
async function read(file: string): Promise<Record<string, Entry>> {
  const parsed = await po.parse(fs.readFileSync(file, 'utf8'), { locale: null, sourceLocale: 'en', filename: file });
  return (parsed ?? {}) as Record<string, Entry>;
}

const catalogFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.po'))
    .sort();

/** The placeholders (`{name}`, `{count, plural...}`) and tags (`<0>`) of an ICU message, read from its compiled form. */
function shape(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a list of tokens: text (a string) or a placeholder `[name, type?, options?]` whose
  // options (plural cases...) are lists of tokens again.
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      found.add(`{${String(token[0])}}`);
      const options: unknown = token[2];
      if (options && typeof options === 'object') Object.values(options).forEach(walk);
    }
  };
  walk(compileMessage(message));
  for (const m of message.matchAll(/<\/?(\d+)\/?>/g)) found.add(m[0]);
  return [...found].sort();
}

describe('the web catalogs', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-catalogs-'));
    fs.cpSync(LOCALES_DIR, path.join(scratch, 'locales'), { recursive: true });
    const config = path.join(scratch, 'lingui.config.ts');
    fs.writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(WEB, 'lingui.config.ts'))};
export default {
  ...base,
  rootDir: ${JSON.stringify(WEB)},
  catalogs: base.catalogs.map((c) => ({ ...c, path: c.path.replace('<rootDir>/src/locales', ${JSON.stringify(path.join(scratch, 'locales'))}) })),
};
`,
    );
    execFileSync(
      path.join(WEB, 'node_modules/.bin/lingui'),
      ['extract', '--config', config, '--clean', '--overwrite'],
      {
        cwd: WEB,
        stdio: 'pipe',
        env: { ...process.env, NODE_ENV: 'test' },
      },
    );
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  test('match the code: extracting again changes no id and no English text', async () => {
    const committed = catalogFiles(LOCALES_DIR);
    expect(catalogFiles(path.join(scratch, 'locales'))).toEqual(committed);
    const drift: string[] = [];
    for (const file of committed.filter((f) => f.startsWith('en/'))) {
      const before = await read(path.join(LOCALES_DIR, file));
      const after = await read(path.join(scratch, 'locales', file));
      for (const id of Object.keys(after)) if (!(id in before)) drift.push(`${file}: missing "${after[id]?.message}"`);
      for (const id of Object.keys(before)) if (!(id in after)) drift.push(`${file}: unused "${before[id]?.message}"`);
      for (const id of Object.keys(after)) {
        if (id in before && before[id]?.message !== after[id]?.message)
          drift.push(`${file}: English changed for ${id}`);
      }
    }
    expect(drift, 'run `pnpm --filter @vestora/web i18n:extract`').toEqual([]);
  });

  test('every language translates every message, with the same placeholders and tags, as valid ICU', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of catalogFiles(path.join(scratch, 'locales')).filter((f) => !f.startsWith('en/'))) {
      const catalog = await read(path.join(scratch, 'locales', file));
      for (const [id, { message = '', translation = '' }] of Object.entries(catalog)) {
        checked += 1;
        if (!translation.trim()) {
          problems.push(`${file}: no translation for "${message}"`);
          continue;
        }
        try {
          compileMessage(translation);
        } catch (error) {
          problems.push(`${file}: ${id} is not valid ICU (${(error as Error).message})`);
        }
        if (shape(message).join() !== shape(translation).join()) {
          problems.push(`${file}: "${translation}" does not keep the placeholders/tags of "${message}"`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});
