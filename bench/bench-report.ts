/**
 * What every benchmark shares: latency summaries, one row format, and where results go. Each bench script
 * calls `recordBench(section, rows)` once; it prints the section's table and writes
 * `bench/results/<section>.json` (the newest figures of that section). `pnpm bench` then prints every
 * section's rows in one table and keeps a timestamped copy of the whole run. Nothing here asserts: a row
 * says whether its target was met, it never fails the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(import.meta.dirname, 'results');

/** One measured figure, with the baseline it is compared to and the goal it is held to (if any). */
export interface BenchRow {
  /** What was measured, e.g. "tRPC GET /trpc/plan.list". */
  metric: string;
  /** The figure, already rounded for reading. */
  value: number | string;
  /** Unit of `value`: "req/s", "ms", "µs/req", "x bare"... */
  unit?: string;
  /** What it is compared to, said in words with its figure ("bare Fastify + pg: 1,280 req/s"). */
  baseline?: string;
  /** The goal, in words ("≥ 0.9 × bare"). */
  target?: string;
  /** Whether `value` meets `target`; absent when there is no target. */
  met?: boolean;
}

export interface BenchSection {
  section: string;
  at: string;
  machine: string;
  notes?: string[];
  rows: BenchRow[];
}

export interface LatencySummary {
  count: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The p-th percentile (nearest rank) of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Rate and latency percentiles of `latenciesMs` measured over `elapsedMs` of wall time. */
export function summarise(latenciesMs: readonly number[], elapsedMs: number): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const r = (n: number) => Number(n.toFixed(2));
  return {
    count: sorted.length,
    perSecond: Math.round((sorted.length / elapsedMs) * 1000),
    p50Ms: r(percentile(sorted, 50)),
    p95Ms: r(percentile(sorted, 95)),
    p99Ms: r(percentile(sorted, 99)),
    maxMs: r(sorted.at(-1) ?? NaN),
  };
}

/** A short description of the machine the figures come from. */
export function machineLine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load ${load}`;
}

/** Renders rows as a plain-text table (columns padded to the widest cell). */
export function formatRows(rows: readonly (BenchRow & { section?: string })[], withSection = false): string {
  const header = [...(withSection ? ['section'] : []), 'metric', 'value', 'baseline', 'target', 'met'];
  const cells = rows.map((r) => [
    ...(withSection ? [r.section ?? ''] : []),
    r.metric,
    `${typeof r.value === 'number' ? r.value.toLocaleString('en-US') : r.value}${r.unit ? ` ${r.unit}` : ''}`,
    r.baseline ?? '',
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((s, i) => s.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** Prints a section's table and writes it to bench/results/<section>.json. */
export function recordBench(section: string, rows: BenchRow[], notes: string[] = []): BenchSection {
  const result: BenchSection = { section, at: new Date().toISOString(), machine: machineLine(), notes, rows };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${section}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${section} (${result.machine})`);
  for (const n of notes) console.log(`  ${n}`);
  console.log(formatRows(rows));
  return result;
}

/** Reads back the sections written since `sinceMs` (one `pnpm bench` run). */
export function readSections(sinceMs: number): BenchSection[] {
  if (!fs.existsSync(RESULTS_DIR)) return [];
  return fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json') && !f.startsWith('run-'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as BenchSection)
    .filter((s) => Date.parse(s.at) >= sinceMs);
}
