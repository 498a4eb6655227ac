import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Msg, TLocale, TNotification } from '@vestora/contract';
import type { DB, NotificationCategory } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export interface NewNotification {
  userId: string;
  kind: string;
  category: NotificationCategory;
  title: string;
  body: string | null;
  /** The title and body as descriptors (read in each reader's language). */
  titleMsg?: Msg | null;
  bodyMsg?: Msg | Msg[] | null;
  link: string | null;
  eventKey: string;
  inApp: boolean;
}

/**
 * Writes one notification unless (user_id, event_key) already has one: ON CONFLICT DO NOTHING, so two
 * instances or a retry racing on the same event leave one row. Returns the new id, or null when it existed.
 */
/** A jsonb value as its JSON text (the column's own type, for Kysely). */
const asJson = <T>(value: T | null | undefined): T | null =>
  value === null || value === undefined ? null : (JSON.stringify(value) as unknown as T);

/** A notification as its new row. */
const notificationRow = (n: NewNotification, now: Date) => ({
  id: randomUUID(),
  user_id: n.userId,
  kind: n.kind,
  category: n.category,
  title: n.title,
  body: n.body,
  // As JSON text: node-postgres would send a JS array (a body of several messages) as a PostgreSQL array.
  title_msg: asJson(n.titleMsg),
  body_msg: asJson(n.bodyMsg),
  link: n.link,
  event_key: n.eventKey,
  in_app: n.inApp,
  created_at: now,
});

export async function insertNotificationOnce(db: Executor, n: NewNotification, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('notifications')
    .values(notificationRow(n, now))
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** insertNotificationOnce for many, in multi-row inserts: the (user, event key) of each row that is new. */
export async function insertNotificationsOnce(db: Executor, rows: NewNotification[], now: Date): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const written = await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 500).map((n) => notificationRow(n, now)))
      .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
      .returning(['user_id', 'event_key'])
      .execute();
    for (const r of written) inserted.add(`${r.user_id} ${r.event_key}`);
  }
  return inserted;
}

/** findNotifyTarget for many members, by id. */
export async function findNotifyTargets(
  db: Executor,
  userIds: string[],
): Promise<Map<string, { email: string; emailNotifications: boolean; locale: TLocale }>> {
  const found = new Map<string, { email: string; emailNotifications: boolean; locale: TLocale }>();
  for (let i = 0; i < userIds.length; i += 1_000) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'email_notifications', 'locale'])
      .where('id', 'in', userIds.slice(i, i + 1_000))
      .execute();
    for (const r of rows)
      found.set(r.id, { email: r.email, emailNotifications: r.email_notifications, locale: r.locale });
  }
  return found;
}

/** The stored choices of many members in these categories. */
export async function findPreferenceRowsOf(
  db: Executor,
  userIds: string[],
  categories: NotificationCategory[],
): Promise<{ user_id: string; category: NotificationCategory; in_app: boolean; email: boolean }[]> {
  const out: { user_id: string; category: NotificationCategory; in_app: boolean; email: boolean }[] = [];
  for (let i = 0; i < userIds.length; i += 1_000) {
    out.push(
      ...(await db
        .selectFrom('notification_preferences')
        .select(['user_id', 'category', 'in_app', 'email'])
        .where('user_id', 'in', userIds.slice(i, i + 1_000))
        .where('category', 'in', categories)
        .execute()),
    );
  }
  return out;
}

/** The member's own address and the old `email_notifications` switch (the default of optional e-mail). */
export async function findNotifyTarget(
  db: Executor,
  userId: string,
): Promise<{ email: string; emailNotifications: boolean; locale: TLocale } | null> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_notifications', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, emailNotifications: row.email_notifications, locale: row.locale } : null;
}

/** The member's stored choices (categories never changed have no row). */
export async function findPreferenceRows(
  db: Executor,
  userId: string,
  category?: NotificationCategory,
): Promise<{ category: NotificationCategory; in_app: boolean; email: boolean }[]> {
  let q = db
    .selectFrom('notification_preferences')
    .select(['category', 'in_app', 'email'])
    .where('user_id', '=', userId);
  if (category) q = q.where('category', '=', category);
  return q.execute();
}

/** Stores one category's channels (insert or replace). */
export async function upsertPreference(
  db: Executor,
  userId: string,
  row: { category: NotificationCategory; inApp: boolean; email: boolean },
  now: Date,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, category: row.category, in_app: row.inApp, email: row.email, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'category']).doUpdateSet({ in_app: row.inApp, email: row.email, updated_at: now }),
    )
    .execute();
}

/** Where a page starts: strictly older than this (created_at, seq). */
export interface NotificationCursor {
  createdAt: Date;
  seq: number;
}

/**
 * One page of the member's shown notifications, newest first (created_at, then seq): `limit + 1` rows, the
 * extra one telling that there is more. Reads notifications_list_idx (user_id, created_at desc, seq desc).
 */
export async function listNotifications(
  db: Executor,
  userId: string,
  page: { before?: NotificationCursor | undefined; limit: number },
): Promise<
  (TNotification & { createdAtDate: Date; seq: number; titleMsg: Msg | null; bodyMsg: Msg | Msg[] | null })[]
> {
  let q = db
    .selectFrom('notifications')
    .select([
      'id',
      'seq',
      'kind',
      'category',
      'title',
      'body',
      'title_msg',
      'body_msg',
      'link',
      'read_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .where('in_app', '=', true);
  if (page.before) {
    q = q.where(sql<boolean>`(created_at, seq) < (${page.before.createdAt}, ${page.before.seq})`);
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    category: r.category,
    title: r.title,
    body: r.body,
    titleMsg: r.title_msg,
    bodyMsg: r.body_msg,
    link: r.link,
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    createdAtDate: new Date(r.created_at),
    seq: Number(r.seq),
  }));
}

/** The member's unread shown notifications: one count over notifications_unread_idx. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('in_app', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the member's own unread notifications read: those named (ids of other members' rows match nothing),
 * or all. Returns how many changed.
 */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  which: { ids: string[] } | { all: true },
  now: Date,
): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in which) q = q.where('id', 'in', which.ids);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The older single "Email notifications" switch (user.updatePreferences) set on: the e-mail channel of the
 * categories it covers follows it, also where the member had stored a choice.
 */
export async function setOptionalEmailChoices(db: Executor, userId: string, on: boolean, now: Date): Promise<void> {
  await db
    .updateTable('notification_preferences')
    .set({ email: on, updated_at: now })
    .where('user_id', '=', userId)
    .where('category', 'in', ['investments', 'statements'])
    .execute();
}
