import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newestFirstPage } from '../../db/page-query.ts';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export interface ContactRow {
  id: string;
  seq: number;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: Date;
  read_at: Date | null;
  replied_at: Date | null;
}

const COLUMNS = ['id', 'seq', 'name', 'email', 'message', 'ip', 'created_at', 'read_at', 'replied_at'] as const;

/** Stores one message from the contact form; returns its id. */
export async function insertContactMessage(
  db: Executor,
  msg: { name: string; email: string; message: string; ip: string | null },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('contact_messages')
    .values({ id, name: msg.name, email: msg.email, message: msg.message, ip: msg.ip, created_at: now })
    .execute();
  return id;
}

/** Newest first, `limit + 1` rows (the extra one tells there is a next page). */
export async function listContactMessages(
  db: Executor,
  filter: { unreadOnly?: boolean | undefined; beforeSeq?: number | undefined; limit: number },
): Promise<ContactRow[]> {
  let q = db.selectFrom('contact_messages as c').select(COLUMNS.map((col) => `c.${col}` as const));
  if (filter.unreadOnly) q = q.where('c.read_at', 'is', null);
  const rows = await newestFirstPage(q, 'c', {}, filter).execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }) as ContactRow);
}

export async function countUnreadContactMessages(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findContactMessage(db: Executor, id: string): Promise<ContactRow | undefined> {
  const r = await db.selectFrom('contact_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return r ? ({ ...r, seq: Number(r.seq) } as ContactRow) : undefined;
}

/** Sets or clears read_at; returns whether the message exists. */
export async function setContactRead(db: Executor, id: string, readAt: Date | null): Promise<boolean> {
  const r = await db.updateTable('contact_messages').set({ read_at: readAt }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks a message replied (and read, if it was not). */
export async function markContactReplied(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set((eb) => ({ replied_at: now, read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .execute();
}
