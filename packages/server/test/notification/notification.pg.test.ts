// On PostgreSQL (#21): two instances racing on one event leave one notification and one mail; the bell's
// count and the list are answered from their indexes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { notify } from '../../src/modules/notification/notification.service.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';

async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('notifications on PostgreSQL', () => {
  let t: TestApp;
  let other: DbHandle;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');
  beforeAll(async () => {
    t = await startTestApp({ clock });
    if (t.handle.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('two instances notifying the same 50 events at once: one row and one mail per event', async () => {
    const user = await insertUser(t.handle.db);
    const event = (i: number) => ({
      userId: user.id,
      kind: 'statement.ready' as const,
      title: `Statement ${i}`,
      eventKey: `statement:${i}`,
      at: clock.now(),
      mail: {},
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => [
        t.handle.db.transaction().execute((trx) => notify(trx, event(i))),
        other.db.transaction().execute((trx) => notify(trx, event(i))),
      ]).flat(),
    );
    expect(results.filter((r) => r.notificationId !== null)).toHaveLength(50);
    expect(results.filter((r) => r.mailId !== null)).toHaveLength(50);
    const rows = await t.handle.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(50);
    const mails = await t.handle.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(50);
  });

  it('the unread count and the list page read their indexes', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => insertUser(t.handle.db)));
    const values = users.flatMap((u, ui) =>
      Array.from({ length: 200 }, (_, i) => ({
        id: crypto.randomUUID(),
        user_id: u.id,
        kind: 'investment.payout',
        category: 'investments' as const,
        title: `Payout ${i}`,
        event_key: `p:${i}`,
        created_at: new Date(clock.now().getTime() + i * 1000),
        read_at: (i + ui) % 10 === 0 ? null : clock.now(),
      })),
    );
    for (let i = 0; i < values.length; i += 1000) {
      await t.handle.db
        .insertInto('notifications')
        .values(values.slice(i, i + 1000))
        .execute();
    }
    await sql`analyze notifications`.execute(t.handle.db);
    const me = users[3]!.id;
    const plan = async (q: ReturnType<typeof sql>) =>
      (await sql<{ 'QUERY PLAN': string }>`explain ${q}`.execute(t.handle.db)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const unread = await plan(
      sql`select count(*) from notifications where user_id = ${me} and read_at is null and in_app = true`,
    );
    expect(unread).toContain('notifications_unread_idx');
    const list = await plan(
      sql`select id from notifications where user_id = ${me} and in_app = true order by created_at desc, seq desc limit 26`,
    );
    expect(list).toContain('notifications_list_idx');
  });
});
