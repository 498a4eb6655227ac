import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, featurePageImports, findCycles, GUARDED_ROOTS, twoWayFolders } from './import-graph.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Fixtures are given as texts; the root only has to be an absolute path, nothing is read from it.
const fixtureRoot = path.join(repoRoot, 'fixture-src');
const cyclesOf = (files: Record<string, string>) => findCycles(buildImportGraph(fixtureRoot, files));

describe('no file import cycles in the sources', () => {
  for (const root of GUARDED_ROOTS) {
    it(`${root} has none (type-only and dynamic imports count)`, () => {
      const graph = buildImportGraph(path.join(repoRoot, root));
      expect(graph.files.length).toBeGreaterThan(10);
      expect(graph.edges.length).toBeGreaterThan(10);
      // Each entry names one cycle, e.g. "deps.ts -> modules/market/market.service.ts -> deps.ts".
      expect(findCycles(graph).map((c) => c.path.join(' -> '))).toEqual([]);
    });
  }
});

describe('the web app keeps its folders one-way', () => {
  const web = buildImportGraph(path.join(repoRoot, 'packages/web/src'));

  it('no two folders import each other both ways', () => {
    expect(twoWayFolders(web).map((p) => `${p.a} <-> ${p.b}`)).toEqual([]);
  });

  it("no feature imports another feature's page", () => {
    expect(featurePageImports(web).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});

describe('the cycle check fires', () => {
  it('on two files importing each other', () => {
    const cycles = cyclesOf({
      'deps.ts': "import type { Market } from './market/service.ts';\nexport interface Deps { m: Market }\n",
      'market/service.ts': "import { systemClock } from '../deps.ts';\nexport const m = systemClock;\n",
    });
    expect(cycles).toEqual([
      { files: ['deps.ts', 'market/service.ts'], path: ['deps.ts', 'market/service.ts', 'deps.ts'] },
    ]);
  });

  it('on a longer cycle, and names one way round it', () => {
    const cycles = cyclesOf({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': "import { a } from './a';\nexport const c = a;\n",
      'd.ts': "import { a } from './a';\nexport const d = a;\n",
    });
    expect(cycles).toEqual([{ files: ['a.ts', 'b.ts', 'c.ts'], path: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] }]);
  });

  it('when one side only imports types, or re-exports', () => {
    expect(
      cyclesOf({
        'x.ts': "import { type Y } from './y';\nexport type X = Y;\n",
        'y.ts': "export type { X as Y } from './x';\n",
      }),
    ).toHaveLength(1);
    expect(
      cyclesOf({
        'x.ts': "export * from './y';\n",
        'y.ts': "export type Y = typeof import('./x');\n",
      }),
    ).toHaveLength(1);
  });

  it('when one side loads the other with import() (the toaster case)', () => {
    const cycles = cyclesOf({
      'ui/toaster.tsx': "const View = lazy(() => import('./toaster-view'));\nexport const toaster = {};\n",
      'ui/toaster-view.tsx': "import { toaster } from './toaster';\nexport default () => toaster;\n",
    });
    expect(cycles.map((c) => c.files)).toEqual([['ui/toaster-view.tsx', 'ui/toaster.tsx']]);
  });

  it('resolves extensionless, .js-suffixed and folder imports as the bundler does', () => {
    expect(
      cyclesOf({
        'a/index.ts': "import { b } from '../b.js';\nexport const a = b;\n",
        'b.ts': "import { c } from './c';\nexport const b = c;\n",
        'c.tsx': "import { a } from './a';\nexport const c = a;\n",
      }),
    ).toHaveLength(1);
  });

  it('stays quiet on a graph without a cycle, and on packages', () => {
    expect(
      cyclesOf({
        'clock.ts': 'export const systemClock = { now: () => new Date() };\n',
        'deps.ts':
          "import type { Market } from './market/service.ts';\nimport './clock.ts';\nexport type D = Market;\n",
        'market/service.ts':
          "import { systemClock } from '../clock.ts';\nimport { z } from 'zod';\nexport const m = [systemClock, z];\n",
      }),
    ).toEqual([]);
  });
});

describe('the folder check fires', () => {
  it('on two folders importing each other, and leaves out files at the root', () => {
    const graph = buildImportGraph(fixtureRoot, {
      'routes.tsx': "import('./features/money/MoneyDeskPage');\n",
      'features/money/MoneyDeskPage.tsx':
        "import { DepositsDesk } from '../deposit/DepositsDesk';\nexport default DepositsDesk;\n",
      'features/money/components/StatusBadge.tsx': "import '../../../routes';\nexport const StatusBadge = 1;\n",
      'features/deposit/DepositsDesk.tsx':
        "import { StatusBadge } from '../money/components/StatusBadge';\nexport const DepositsDesk = StatusBadge;\n",
    });
    expect(twoWayFolders(graph)).toEqual([
      {
        a: 'features/deposit',
        b: 'features/money',
        aToB: ['features/deposit/DepositsDesk.tsx -> features/money/components/StatusBadge.tsx'],
        bToA: ['features/money/MoneyDeskPage.tsx -> features/deposit/DepositsDesk.tsx'],
      },
    ]);
  });

  it("on a feature importing another feature's page", () => {
    const graph = buildImportGraph(fixtureRoot, {
      'features/money/MoneyDeskPage.tsx': 'export default function MoneyDeskPage() {}\n',
      'features/money/money-hooks.ts': 'export const PAGE_SIZE = 25;\n',
      'features/audit/AuditLog.tsx':
        "import { PAGE_SIZE } from '../money/money-hooks';\nimport('../money/MoneyDeskPage');\nexport const n = PAGE_SIZE;\n",
    });
    expect(featurePageImports(graph).map((e) => `${e.from} -> ${e.to}`)).toEqual([
      'features/audit/AuditLog.tsx -> features/money/MoneyDeskPage.tsx',
    ]);
  });
});
