import { sql } from 'kysely';
import type { Database } from '../db/create-db.ts';

// Every application table's rows as JSON, and back (#29's upgrade test: a database written by an earlier schema,
// kept in test/fixtures/, is loaded into a database migrated to that schema and then upgraded). Engine-neutral:
// PostgreSQL serialises each row (to_jsonb), so what the fixture holds does not depend on the driver's parsers;
// timestamps are ISO strings in UTC (to the microsecond, as stored) and bytea is base64. Loading lets the database
// read the values back into the columns' own types (jsonb_populate_recordset), the way they were dumped.

/** A column as the dump wrote it: its name and PostgreSQL type (format_type), and whether the database computes it. */
export interface DumpColumn {
  name: string;
  type: string;
  /** A generated column (`generated always as (...) stored`): dumped to compare, never inserted. */
  generated?: true;
}

export interface DumpTable {
  name: string;
  primaryKey: string[];
  /** Columns loaded empty at first and filled in once every table is loaded (a cycle of foreign keys). */
  deferred?: string[];
  columns: DumpColumn[];
  /** One array per row, values in the order of `columns`. */
  rows: unknown[][];
}

/** Tables in an order that satisfies their foreign keys (a referenced table before the tables referencing it). */
export interface TableDump {
  tables: DumpTable[];
}

/** Kysely's own bookkeeping, which the dump leaves out (the loading side migrates with its own Migrator). */
const NOT_APPLICATION = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ForeignKey {
  table: string;
  references: string;
  columns: string[];
  referencedColumns: string[];
  /** Every column of the key may be null. */
  nullable: boolean;
}

async function applicationTables(db: Database): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return r.rows.map((x) => x.name).filter((n) => !NOT_APPLICATION.has(n));
}

async function columnsOf(db: Database, table: string): Promise<DumpColumn[]> {
  const r = await sql<{ name: string; type: string; generated: string }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attgenerated::text as generated
    from pg_attribute a
    where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return r.rows.map((c) => ({
    name: c.name,
    type: c.type,
    ...(c.generated !== '' ? { generated: true as const } : {}),
  }));
}

async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  const r = await sql<{
    table: string;
    references: string;
    columns: string[];
    referenced_columns: string[];
    nullable: boolean;
  }>`
    select c.conrelid::regclass::text as table, c.confrelid::regclass::text as references,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
      (select bool_and(not a.attnotnull) from unnest(c.conkey) k(n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as nullable
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`.execute(db);
  return r.rows.map((f) => ({
    table: f.table.replace(/^public\./, ''),
    references: f.references.replace(/^public\./, ''),
    columns: f.columns,
    referencedColumns: f.referenced_columns,
    nullable: f.nullable,
  }));
}

/**
 * The tables in an order where each comes after every table it references. Where foreign keys form a cycle
 * (deposits and withdrawals name the statement line that settled them, and the line names them), a table of
 * the cycle whose references into it may all be null goes first with those columns empty (`deferred`): the
 * loader fills them in once every table is loaded.
 */
function insertOrder(tables: string[], fks: ForeignKey[]): { order: string[]; deferred: Map<string, string[]> } {
  const order: string[] = [];
  const placed = new Set<string>();
  const deferredFks = new Set<ForeignKey>();
  const blocking = (t: string) =>
    fks.filter(
      (f) =>
        f.table === t &&
        f.references !== t &&
        tables.includes(f.references) &&
        !placed.has(f.references) &&
        !deferredFks.has(f),
    );
  let left = [...tables];
  while (left.length > 0) {
    const ready = left.filter((t) => blocking(t).length === 0);
    if (ready.length === 0) {
      // The cycle is broken at the table most of the others wait for, among those whose waits may be null.
      const waitedFor = (t: string) =>
        fks.filter((f) => f.references === t && f.table !== t && left.includes(f.table)).length;
      const first = left
        .filter((t) => blocking(t).every((f) => f.nullable))
        .sort((x, y) => waitedFor(y) - waitedFor(x) || x.localeCompare(y))[0];
      if (!first) throw new Error(`foreign keys form a cycle of required columns between ${left.join(', ')}`);
      for (const f of blocking(first)) deferredFks.add(f);
      continue;
    }
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
    left = left.filter((t) => !placed.has(t));
  }
  const deferred = new Map<string, string[]>();
  for (const f of deferredFks) deferred.set(f.table, [...new Set([...(deferred.get(f.table) ?? []), ...f.columns])]);
  return { order, deferred };
}

async function primaryKeyOf(db: Database, table: string): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select a.attname as name from pg_constraint c
      cross join lateral unnest(c.conkey) with ordinality k(n, i)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n
    where c.conrelid = ${`public.${table}`}::regclass and c.contype = 'p' order by k.i`.execute(db);
  return r.rows.map((x) => x.name);
}

// Timestamps: PostgreSQL's own ISO text, read in UTC (to the microsecond; "Z" for "+00:00"); a timestamp
// without a time zone as written. bytea: base64 (PostgreSQL writes "\x" and hex).
function fromJson(type: string, v: unknown): unknown {
  if (v === null) return null;
  if (type === 'timestamp with time zone' && typeof v === 'string') return v.replace(/\+00:00$/, 'Z');
  if (type === 'bytea' && typeof v === 'string') return Buffer.from(v.slice(2), 'hex').toString('base64');
  return v;
}

function toJson(type: string, v: unknown): unknown {
  if (v === null) return null;
  if (type === 'bytea' && typeof v === 'string') return `\\x${Buffer.from(v, 'base64').toString('hex')}`;
  return v;
}

/** Every application table's rows; within a table in the order of its `seq` column when it has one, else as stored by key. */
export async function dumpTables(db: Database): Promise<TableDump> {
  return db.transaction().execute(async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    return dumpIn(trx);
  });
}

async function dumpIn(db: Database): Promise<TableDump> {
  const names = await applicationTables(db);
  const { order, deferred } = insertOrder(names, await foreignKeys(db));
  const tables: DumpTable[] = [];
  for (const name of order) {
    const columns = await columnsOf(db, name);
    const primaryKey = await primaryKeyOf(db, name);
    const sortBy = columns.some((c) => c.name === 'seq') ? ['seq'] : primaryKey;
    const orderBy = sortBy.length > 0 ? sql.join(sortBy.map((c) => sql.ref(`t.${c}`))) : sql`t::text`;
    const r = await sql<{ r: Record<string, unknown> }>`
      select to_jsonb(t) as r from ${sql.table(name)} t order by ${orderBy}`.execute(db);
    const rows = r.rows.map(({ r: row }) => {
      const obj = typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row;
      return columns.map((c) => fromJson(c.type, obj[c.name] ?? null));
    });
    const later = deferred.get(name);
    tables.push({ name, primaryKey, ...(later ? { deferred: later } : {}), columns, rows });
  }
  return { tables };
}

/**
 * Makes a database whose schema is the one the dump was taken from hold the dump's rows and nothing else (same
 * tables and columns; later columns with defaults are fine): inserts in the dump's table order, a self-referencing table's rows
 * parents first; generated columns are left to the database, identity values are kept (OVERRIDING SYSTEM
 * VALUE), and every sequence behind a serial or identity column continues after the highest value loaded.
 */
export async function loadTables(db: Database, dump: TableDump): Promise<void> {
  const fks = await foreignKeys(db);
  await db.transaction().execute(async (trx) => {
    // Rows the migrations themselves wrote (a singleton's row, a default setting) are in the dump as the old
    // database had them: the dump replaces them, referencing tables first.
    for (const table of [...dump.tables].reverse()) {
      const any = await sql`select 1 from ${sql.table(table.name)} limit 1`.execute(trx);
      if (any.rows.length > 0) await sql`delete from ${sql.table(table.name)}`.execute(trx);
    }
    for (const table of dump.tables) {
      if (table.rows.length === 0) continue;
      const insertable = table.columns.filter((c) => !c.generated);
      const objects = table.rows.map((row) =>
        Object.fromEntries(
          table.columns.flatMap((c, i) => (c.generated ? [] : [[c.name, toJson(c.type, row[i] ?? null)]])),
        ),
      );
      const later = table.deferred ?? [];
      const first = objects.map((o) => ({ ...o, ...Object.fromEntries(later.map((c) => [c, null])) }));
      for (const batch of parentsFirst(table.name, first, fks)) {
        const cols = sql.join(insertable.map((c) => sql.ref(c.name)));
        await sql`insert into ${sql.table(table.name)} (${cols}) overriding system value
          select ${cols} from jsonb_populate_recordset(null::${sql.table(table.name)}, ${JSON.stringify(batch)}::jsonb)`.execute(
          trx,
        );
      }
      for (const c of insertable) {
        const seq = await sql<{ seq: string | null }>`
          select pg_get_serial_sequence(${`public.${table.name}`}, ${c.name}) as seq`.execute(trx);
        const name = seq.rows[0]?.seq;
        if (!name) continue;
        await sql`select setval(${name}, coalesce(max(${sql.ref(c.name)}), 1), max(${sql.ref(c.name)}) is not null)
          from ${sql.table(table.name)}`.execute(trx);
      }
    }
    for (const table of dump.tables) {
      const later = table.deferred ?? [];
      if (later.length === 0 || table.rows.length === 0) continue;
      const index = (c: string) => table.columns.findIndex((x) => x.name === c);
      const keyed = [...table.primaryKey, ...later];
      const values = table.rows
        .filter((row) => later.some((c) => row[index(c)] !== null))
        .map((row) =>
          Object.fromEntries(keyed.map((c) => [c, toJson(table.columns[index(c)]!.type, row[index(c)] ?? null)])),
        );
      if (values.length === 0) continue;
      await sql`update ${sql.table(table.name)} t set ${sql.join(later.map((c) => sql`${sql.ref(c)} = x.${sql.ref(c)}`))}
        from jsonb_populate_recordset(null::${sql.table(table.name)}, ${JSON.stringify(values)}::jsonb) x
        where ${sql.join(
          table.primaryKey.map((c) => sql`t.${sql.ref(c)} = x.${sql.ref(c)}`),
          sql` and `,
        )}`.execute(trx);
    }
  });
}

/** Batches of a table's rows, each referencing only rows of earlier batches through the table's own foreign keys. */
function parentsFirst(table: string, rows: Record<string, unknown>[], fks: ForeignKey[]): Record<string, unknown>[][] {
  const self = fks.filter((f) => f.table === table && f.references === table);
  if (self.length === 0) return [rows];
  const keyOf = (row: Record<string, unknown>, cols: string[]) => JSON.stringify(cols.map((c) => row[c] ?? null));
  const batches: Record<string, unknown>[][] = [];
  const present = new Map(self.map((f) => [f, new Set<string>()]));
  let left = rows;
  while (left.length > 0) {
    const ready = left.filter((row) =>
      self.every(
        (f) =>
          f.columns.some((c) => row[c] === null || row[c] === undefined) || present.get(f)!.has(keyOf(row, f.columns)),
      ),
    );
    if (ready.length === 0) throw new Error(`${table}: rows reference rows that are not in the dump`);
    for (const row of ready) for (const f of self) present.get(f)!.add(keyOf(row, f.referencedColumns));
    batches.push(ready);
    left = left.filter((row) => !ready.includes(row));
  }
  return batches;
}
