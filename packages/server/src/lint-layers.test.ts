import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules in eslint.config.js, proven to fire: each snippet is linted as if it sat at `filePath`
// (the files need not exist), with the repo's real config.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message, fatal: m.fatal ?? false }));
}

/** Asserts the snippet breaks exactly one layer rule, with a message that says what to do instead. */
async function expectLayerError(filePath: string, code: string, rule: string, advice: RegExp) {
  const messages = await lint(filePath, code);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ rule, fatal: false });
  expect(messages[0]!.message).toMatch(advice);
}

const RESTRICTED_IMPORT = '@typescript-eslint/no-restricted-imports';
const RESTRICTED_SYNTAX = 'no-restricted-syntax';

describe('web never bundles server runtime code', () => {
  it('reports a value import of @vestora/server and of a path into packages/server', async () => {
    await expectLayerError(
      'packages/web/src/features/example/Example.tsx',
      "import { appRouter } from '@vestora/server';\nexport const r = appRouter;\n",
      RESTRICTED_IMPORT,
      /import type/,
    );
    await expectLayerError(
      'packages/web/src/lib/example.ts',
      "import { AppError } from '../../../server/src/lib/errors.ts';\nexport const E = AppError;\n",
      RESTRICTED_IMPORT,
      /import type/,
    );
    await expectLayerError(
      'packages/web/src/lib/example.ts',
      "export const load = () => import('@vestora/server');\n",
      RESTRICTED_SYNTAX,
      /tRPC client/,
    );
  });

  it('allows type imports, and the e2e harness that boots the server', async () => {
    expect(
      await lint(
        'packages/web/src/lib/example.ts',
        "import type { AppRouter } from '@vestora/server';\nexport type R = AppRouter;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/web/src/lib/example.ts',
        "import { type AppRouter } from '@vestora/server';\nexport type R = AppRouter;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/web/e2e/example.ts',
        "import { buildApp } from '../../server/src/app.ts';\nexport const b = buildApp;\n",
      ),
    ).toEqual([]);
  });
});

describe('SQL lives in repos', () => {
  const query = "export const list = (db: Db) => db.selectFrom('plans').selectAll().execute();\n";
  const header = "import type { Database as Db } from '../../db/create-db.ts';\n";

  it('reports a query built in a service, and the sql tag imported there', async () => {
    await expectLayerError(
      'packages/server/src/modules/example/example.service.ts',
      header + query,
      RESTRICTED_SYNTAX,
      /repo/,
    );
    await expectLayerError(
      'packages/server/src/modules/example/example.service.ts',
      header + "import { sql } from 'kysely';\nexport const now = (db: Db) => sql`now()`.execute(db);\n",
      RESTRICTED_IMPORT,
      /repo/,
    );
    await expectLayerError(
      'packages/server/src/rest/v1/example.routes.ts',
      "import type { Database as Db } from '../../db/create-db.ts';\n" +
        "export const drop = (db: Db) => db.deleteFrom('sessions').execute();\n",
      RESTRICTED_SYNTAX,
      /repo/,
    );
  });

  it('allows the same query and the sql tag in a repo', async () => {
    expect(await lint('packages/server/src/modules/example/example.repo.ts', header + query)).toEqual([]);
    expect(
      await lint(
        'packages/server/src/modules/example/example.repo.ts',
        header + "import { sql } from 'kysely';\nexport const now = (db: Db) => sql`now()`.execute(db);\n",
      ),
    ).toEqual([]);
  });
});

describe('modules never see the tRPC context', () => {
  it('reports a value or a type import of trpc/context, in any module file', async () => {
    await expectLayerError(
      'packages/server/src/modules/example/example.service.ts',
      "import { createContext } from '../../trpc/context.ts';\nexport const c = createContext;\n",
      RESTRICTED_IMPORT,
      /parameter/,
    );
    await expectLayerError(
      'packages/server/src/modules/example/example.repo.ts',
      "import type { AppDeps } from '../../trpc/context.ts';\nexport type D = AppDeps;\n",
      RESTRICTED_IMPORT,
      /parameter/,
    );
  });

  it('allows a router to import trpc/init', async () => {
    expect(
      await lint(
        'packages/server/src/modules/example/example.router.ts',
        "import { router } from '../../trpc/init.ts';\nexport const exampleRouter = router({});\n",
      ),
    ).toEqual([]);
  });
});

describe('REST calls procedures, never repos, services or the db', () => {
  const restFile = 'packages/server/src/rest/v1/example.routes.ts';

  it('reports value imports of a repo, a service and the db', async () => {
    await expectLayerError(
      restFile,
      "import { findPlanById } from '../../modules/plan/plan.repo.ts';\nexport const f = findPlanById;\n",
      RESTRICTED_IMPORT,
      /createCaller/,
    );
    await expectLayerError(
      restFile,
      "import { listPlans } from '../../modules/plan/plan.service.ts';\nexport const f = listPlans;\n",
      RESTRICTED_IMPORT,
      /createCaller/,
    );
    await expectLayerError(
      restFile,
      "import { createDb } from '../../db/create-db.ts';\nexport const f = createDb;\n",
      RESTRICTED_IMPORT,
      /createCaller/,
    );
  });

  it('allows type imports from them and the tRPC caller', async () => {
    expect(
      await lint(
        restFile,
        "import type { PublicUserRow } from '../../modules/user/user.repo.ts';\n" +
          "import { createCaller } from '../../trpc/router.ts';\n" +
          'export type R = PublicUserRow;\nexport const c = createCaller;\n',
      ),
    ).toEqual([]);
  });
});

describe('the contract depends on neither side', () => {
  it('reports an import from server or web, even a type', async () => {
    await expectLayerError(
      'packages/contract/src/example.ts',
      "import type { AppRouter } from '@vestora/server';\nexport type R = AppRouter;\n",
      RESTRICTED_IMPORT,
      /@vestora\/contract/,
    );
    await expectLayerError(
      'packages/contract/src/example.ts',
      "import { formatCents } from '../../web/src/lib/format.ts';\nexport const f = formatCents;\n",
      RESTRICTED_IMPORT,
      /@vestora\/contract/,
    );
  });
});

describe('only modules/money/ writes the ledger', () => {
  const write =
    "import { insertMovements } from '../money/money.journal.repo.ts';\nexport const f = insertMovements;\n";

  it('reports the journal write (insertMovements) imported anywhere else on the server', async () => {
    await expectLayerError(
      'packages/server/src/modules/example/example.service.ts',
      write,
      RESTRICTED_IMPORT,
      /moveMoney/,
    );
    await expectLayerError(
      'packages/server/src/modules/example/example.repo.ts',
      write,
      RESTRICTED_IMPORT,
      /moveMoney/,
    );
    await expectLayerError(
      'packages/server/src/test/example.ts',
      "import { insertMovements } from '../modules/money/money.journal.repo.ts';\nexport const f = insertMovements;\n",
      RESTRICTED_IMPORT,
      /moveMoney/,
    );
    await expectLayerError(
      'packages/server/test/example.test.ts',
      "import { insertMovements } from '../src/modules/money/money.journal.repo.ts';\nexport const f = insertMovements;\n",
      RESTRICTED_IMPORT,
      /moveMoney/,
    );
  });

  it("allows it inside modules/money/, and moveMoney and the journal's reads everywhere", async () => {
    expect(
      await lint(
        'packages/server/src/modules/money/money.example.ts',
        "import { insertMovements } from './money.journal.repo.ts';\nexport const f = insertMovements;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'packages/server/src/modules/example/example.service.ts',
        "import { moveMoney } from '../money/money.move.ts';\nimport { platformAccountId } from '../money/money.journal.repo.ts';\n" +
          'export const f = [moveMoney, platformAccountId];\n',
      ),
    ).toEqual([]);
  });
});

describe('modules take the time from the injected clock', () => {
  it('reports new Date() and Date.now() in any module file, repos and modules/money/ included', async () => {
    await expectLayerError(
      'packages/server/src/modules/example/example.service.ts',
      'export const stamp = () => new Date();\n',
      RESTRICTED_SYNTAX,
      /deps\.clock\.now\(\)/,
    );
    await expectLayerError(
      'packages/server/src/modules/example/example.repo.ts',
      'export const stamp = () => Date.now();\n',
      RESTRICTED_SYNTAX,
      /deps\.clock\.now\(\)/,
    );
    await expectLayerError(
      'packages/server/src/modules/money/money.example.ts',
      'export const stamp = () => new Date();\n',
      RESTRICTED_SYNTAX,
      /deps\.clock\.now\(\)/,
    );
  });

  it('allows a Date made from a given time, and the clock outside modules', async () => {
    expect(
      await lint(
        'packages/server/src/modules/example/example.service.ts',
        'export const later = (now: Date) => new Date(now.getTime() + 1000);\n',
      ),
    ).toEqual([]);
    expect(await lint('packages/server/src/lib/example.ts', 'export const stamp = () => new Date();\n')).toEqual([]);
  });
});

describe('integration tests change no process-wide state (they share a worker process)', () => {
  it('reports a module mock, fake timers, a stubbed env and a write to process.env', async () => {
    const file = 'packages/server/test/example/example.test.ts';
    for (const code of [
      "import { vi } from 'vitest';\nvi.mock('../../src/config.ts');\n",
      "import { vi } from 'vitest';\nvi.useFakeTimers();\n",
      "import { vi } from 'vitest';\nvi.stubEnv('KYC_TIER1_DAILY_USD', '5');\n",
    ]) {
      await expectLayerError(file, code, RESTRICTED_SYNTAX, /injected clock/);
    }
    await expectLayerError(file, "process.env.APP_SECRET = 'x';\n", RESTRICTED_SYNTAX, /startTestApp\(\{ env \}\)/);
    await expectLayerError(file, 'delete process.env.APP_SECRET;\n', RESTRICTED_SYNTAX, /do not change process.env/);
  });

  it('lets a test read process.env and use vi.fn', async () => {
    const file = 'packages/server/test/example/example.test.ts';
    const code =
      "import { vi } from 'vitest';\nexport const f = vi.fn();\nexport const url = process.env.TEST_DATABASE_URL;\n";
    expect(await lint(file, code)).toEqual([]);
  });
});
