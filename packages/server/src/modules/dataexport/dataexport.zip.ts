// The ZIP of a member's data (#21): every table as JSON and as CSV, in one adapter (pure: rows in, bytes out).
import { centsToDollars } from '@vestora/contract';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { type Msg, tm } from '../../i18n/i18n.ts';

/** One table of the export: its file name (without extension), its columns, its rows. */
export interface ExportTable {
  name: string;
  /** What the table is, for README.txt (in the member's language). */
  about: Msg;
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
}

/** Column names that never leave the server, whatever table they turn up in (a belt to the repos' braces). */
const SECRET_KEY = /hash|secret|token|password/i;

/**
 * One value as the export states it: cents become dollars (the column loses `_cents`), dates ISO strings,
 * bigints numbers. Applied to every row before both the JSON and the CSV, so the two files agree.
 */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_KEY.test(key)) continue;
    if (key.endsWith('_cents') && value !== null && value !== undefined) {
      out[key.slice(0, -'_cents'.length)] = centsToDollars(Number(value));
    } else if (key.endsWith('_cents')) {
      out[key.slice(0, -'_cents'.length)] = null;
    } else {
      out[key] = plain(value);
    }
  }
  return out;
}

/** The export's column names for a table's raw columns (see exportRow). */
export function exportColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => !SECRET_KEY.test(c)).map((c) => (c.endsWith('_cents') ? c.slice(0, -6) : c));
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). A text starting with `=`, `+`,
 * `-`, `@`, tab or CR gets a leading apostrophe so a spreadsheet shows it instead of running it as a formula
 * (numbers, negative amounts included, are written as numbers).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let s = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A table as CSV text with a header line (CRLF line ends, as RFC 4180 has them). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Builds the ZIP: a folder with README.txt and `<table>.json` + `<table>.csv` for every table. */
export function buildExportZip(opts: {
  folder: string;
  generatedAt: Date;
  tables: readonly ExportTable[];
  /** Writes README.txt's texts in the member's language. */
  t: (msg: Msg) => string;
  /** Files as they are, under the folder (#33: the member's identity documents, `documents/<id>.<ext>`). */
  files?: readonly { path: string; bytes: Uint8Array }[];
}): Uint8Array {
  const files: Zippable = {};
  const mtime = opts.generatedAt;
  const { t } = opts;
  const readme = [
    t(tm('dataExport.readme.title', 'Your data from {brand}', { brand: 'Vestora' })),
    t(tm('dataExport.readme.prepared', 'Prepared {time} (UTC).', { time: opts.generatedAt.toISOString() })),
    '',
    t(
      tm(
        'dataExport.readme.twice',
        'Every table is here twice: as JSON and as CSV (the same rows). Amounts are in US dollars; times are UTC.',
      ),
    ),
    t(
      tm(
        'dataExport.readme.secrets',
        'Password hashes, link tokens and two-factor secrets are never part of an export.',
      ),
    ),
    '',
    ...opts.tables.map((table) =>
      t(
        tm('dataExport.readme.table', '{files}: {about} ({count, plural, one {# row} other {# rows}})', {
          files: `${table.name}.json / ${table.name}.csv`,
          about: t(table.about),
          count: table.rows.length,
        }),
      ),
    ),
    '',
  ].join('\n');
  files[`${opts.folder}/README.txt`] = [strToU8(readme), { mtime }];
  for (const t of opts.tables) {
    const rows = t.rows.map(exportRow);
    const columns = exportColumns(t.columns);
    files[`${opts.folder}/${t.name}.json`] = [strToU8(`${JSON.stringify(rows, null, 2)}\n`), { mtime }];
    files[`${opts.folder}/${t.name}.csv`] = [strToU8(toCsv(columns, rows)), { mtime }];
  }
  for (const f of opts.files ?? []) files[`${opts.folder}/${f.path}`] = [f.bytes, { mtime, level: 0 }];
  return zipSync(files, { level: 6 });
}
