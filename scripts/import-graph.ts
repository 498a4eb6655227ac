/**
 * The import graph of a package's sources: which file imports which (static imports, `export ... from`,
 * `import type` and dynamic `import()` all count), the file cycles in it, and the folders that import each
 * other both ways. `scripts/import-graph.test.ts` fails on any cycle in server, web and contract; run this
 * file to print the figures:
 *
 *   pnpm exec tsx scripts/import-graph.ts [packages/web/src ...]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The source roots the cycle test guards. */
export const GUARDED_ROOTS = ['packages/server/src', 'packages/web/src', 'packages/contract/src'];

/** One import of a file inside the same root: `typeOnly` when it is erased at run time. */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** A root's files (paths relative to the root, with `/`) and the imports between them. */
export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Every source file under `dir` (declaration files left out). */
function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSources(full));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The module specifiers a file imports, each with whether only types cross. */
export function importsOf(
  fileName: string,
  text: string,
): { specifier: string; typeOnly: boolean; dynamic: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const found: { specifier: string; typeOnly: boolean; dynamic: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      // `import { type A, type B } from` is erased as well; a bare `import './x'` is not.
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!bindings &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import('./x')` in a type position
      found.push({ specifier: node.argument.literal.text, typeOnly: true, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.(js|mjs)$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Resolves a relative specifier to a file of the set, as Vite and tsx do (`./x` finds `x.ts`, `x.tsx`, `x/index.ts`). */
function resolve(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    if (known.has(base + suffix)) return base + suffix;
  }
  // `./x.js` written for `./x.ts`
  const swapped = base.replace(/\.(m?js|jsx)$/, (ext) => (ext === '.jsx' ? '.tsx' : '.ts'));
  return known.has(swapped) ? swapped : undefined;
}

/**
 * Builds the graph of one source root. `files` may give the texts directly (path relative to the root ->
 * text), which the test uses for fixtures; otherwise the root is read from disk.
 */
export function buildImportGraph(root: string, files?: Record<string, string>): ImportGraph {
  const absRoot = path.resolve(root);
  const texts = new Map<string, string>();
  if (files) {
    for (const [rel, text] of Object.entries(files)) texts.set(path.join(absRoot, rel), text);
  } else {
    for (const file of listSources(absRoot)) texts.set(file, readFileSync(file, 'utf8'));
  }
  const known = new Set(texts.keys());
  const rel = (file: string) => path.relative(absRoot, file).split(path.sep).join('/');
  const edges: ImportEdge[] = [];
  for (const [file, text] of texts) {
    for (const imp of importsOf(file, text)) {
      const target = resolve(file, imp.specifier, known);
      if (target && target !== file) {
        edges.push({ from: rel(file), to: rel(target), typeOnly: imp.typeOnly, dynamic: imp.dynamic });
      }
    }
  }
  return { files: [...known].map(rel).sort(), edges };
}

/**
 * The file cycles: each strongly connected group of two or more files (Tarjan), sorted, with one cycle through
 * it spelled out (`a -> b -> a`). Type-only imports count: a cycle of types is still two files that cannot be
 * read, moved or tested one without the other.
 */
export function findCycles(graph: ImportGraph): { files: string[]; path: string[] }[] {
  const next = new Map<string, Set<string>>();
  for (const f of graph.files) next.set(f, new Set());
  for (const e of graph.edges) next.get(e.from)?.add(e.to);

  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const strongConnect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const f of graph.files) if (!indexOf.has(f)) strongConnect(f);

  return groups
    .map((files) => ({ files, path: cycleThrough(files, next) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** One shortest cycle from the group's first file back to itself, inside the group (breadth first). */
function cycleThrough(group: string[], next: Map<string, Set<string>>): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const route = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = cameFrom.get(u)) route.splice(1, 0, u);
        return [...route, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return group;
}

/**
 * The folder a file belongs to for the folder figures: its directory cut to two levels (`features/money`,
 * `components/ui`, `modules/market`, `lib`). Files at the root of the source tree (entry points, config,
 * routes) belong to no folder and are left out of the folder figures.
 */
export function folderOf(file: string): string | undefined {
  const dir = path.posix.dirname(file);
  return dir === '.' ? undefined : dir.split('/').slice(0, 2).join('/');
}

/** Pairs of folders that import each other both ways, each with the files on either side. */
export function twoWayFolders(graph: ImportGraph): { a: string; b: string; aToB: string[]; bToA: string[] }[] {
  const between = new Map<string, Set<string>>();
  for (const e of graph.edges) {
    const from = folderOf(e.from);
    const to = folderOf(e.to);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}\u0000${to}`;
    if (!between.has(key)) between.set(key, new Set());
    between.get(key)!.add(`${e.from} -> ${e.to}`);
  }
  const pairs: { a: string; b: string; aToB: string[]; bToA: string[] }[] = [];
  for (const [key, aToB] of between) {
    const [a, b] = key.split('\u0000') as [string, string];
    if (a >= b) continue;
    const bToA = between.get(`${b}\u0000${a}`);
    if (bToA) pairs.push({ a, b, aToB: [...aToB].sort(), bToA: [...bToA].sort() });
  }
  return pairs.sort((x, y) => `${x.a} ${x.b}`.localeCompare(`${y.a} ${y.b}`));
}

/** Imports from one feature folder of a page (`*Page.tsx`) in another: a page is a route's, never a widget. */
export function featurePageImports(graph: ImportGraph): ImportEdge[] {
  return graph.edges.filter((e) => {
    const from = folderOf(e.from);
    const to = folderOf(e.to);
    return from?.startsWith('features/') && to?.startsWith('features/') && from !== to && /Page\.tsx$/.test(e.to);
  });
}

function main(roots: string[]) {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  let cycleCount = 0;
  let pairCount = 0;
  for (const root of roots) {
    const abs = path.resolve(repoRoot, root);
    if (!existsSync(abs)) throw new Error(`No such folder: ${root}`);
    const graph = buildImportGraph(abs);
    const cycles = findCycles(graph);
    const pairs = twoWayFolders(graph);
    cycleCount += cycles.length;
    pairCount += pairs.length;
    console.log(`\n${root}: ${graph.files.length} files, ${graph.edges.length} imports`);
    console.log(`  file cycles: ${cycles.length}`);
    for (const c of cycles) console.log(`    [${c.files.length} files] ${c.path.join(' -> ')}`);
    const pages = featurePageImports(graph);
    if (pages.length) {
      console.log(`  features importing another feature's page: ${pages.length}`);
      for (const e of pages) console.log(`    ${e.from} -> ${e.to}`);
    }
    console.log(`  folders importing each other both ways: ${pairs.length}`);
    for (const p of pairs) {
      console.log(`    ${p.a} <-> ${p.b}`);
      for (const line of p.aToB) console.log(`        ${line}`);
      for (const line of p.bToA) console.log(`        ${line}`);
    }
  }
  console.log(`\nTotal: ${cycleCount} file cycles, ${pairCount} two-way folder pairs`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.length > 2 ? process.argv.slice(2) : GUARDED_ROOTS);
}
