import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rule in eslint.config.js that keeps bench/ and scripts/ on the server's one entry for them
// (@vestora/server/bench), proven to fire the way lint-layers.test.ts proves the layer rules.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('benchmarks reach the server through @vestora/server/bench', () => {
  it('reports a deep relative import into the server, types included, from bench/ and scripts/', async () => {
    for (const [file, code] of [
      [
        'bench/bench-example.ts',
        "import { buildApp } from '../packages/server/src/app.ts';\nexport const b = buildApp;\n",
      ],
      [
        'bench/bench-example.ts',
        "import type { TestUser } from '../packages/server/src/test/factories.ts';\nexport type U = TestUser;\n",
      ],
      [
        'scripts/example.ts',
        "import { createTestDb } from '../packages/server/src/test/test-db.ts';\nexport const c = createTestDb;\n",
      ],
    ] as const) {
      const messages = await lint(file, code);
      expect(messages, `${file}: ${code}`).toHaveLength(1);
      expect(messages[0]).toMatchObject({ rule: '@typescript-eslint/no-restricted-imports' });
      expect(messages[0]!.message).toMatch(/@vestora\/server\/bench/);
    }
  });

  it('allows the entry, the AppRouter type and the bench files between themselves', async () => {
    expect(
      await lint(
        'bench/bench-example.ts',
        "import { buildApp } from '@vestora/server/bench';\nexport const b = buildApp;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'scripts/example.ts',
        "import type { AppRouter } from '@vestora/server';\nexport type R = AppRouter;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'bench/bench-example.ts',
        "import { recordBench } from './bench-report.ts';\nexport const r = recordBench;\n",
      ),
    ).toEqual([]);
  });
});
