import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { composeMail, enqueueMail } from '../../src/modules/mail/mail.outbox.ts';
import { createMailDelivery } from '../../src/modules/mail/mail.sender.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../src/test/smtp-server.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';
import { figures, outboxRows, tally } from './mail-helpers.ts';

// Two instances of the server on one PostgreSQL database, each with its own pool and its own sender, both
// draining the same outbox at once: the claim (FOR UPDATE SKIP LOCKED and a lease) lets exactly one of them
// send each message.

async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('two senders on one PostgreSQL (PostgreSQL)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let other: DbHandle;
  const clock = new ManualClock('2026-03-01T09:00:00.000Z');
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url } });
    if (t.handle.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    other = await secondInstance(t);
  });
  afterAll(async () => {
    console.log(
      `mail outbox figures (two-senders.pg.test.ts): sent ${figures.sent}, retried ${figures.retried}, failed ${figures.failed}`,
    );
    await other.close();
    await t.close();
    await smtp.close();
  });

  it('150 messages, two senders running together three times: each delivered exactly once', async () => {
    const user = await insertUser(t.handle.db, { email: 'many@example.com' });
    for (let i = 0; i < 150; i++) {
      await enqueueMail(
        t.handle.db,
        {
          kind: 'password.changed',
          to: user.email,
          userId: user.id,
          subject: `Message ${i}`,
          ...composeMail({ paragraphs: [`Message ${i}`] }),
        },
        clock.now(),
      );
    }
    // The deliveries themselves, not the `mail` job: its lease would let only one of them run at a time (#29),
    // and what this proves is the claim underneath it.
    const a = createMailDelivery(t.app.deps, t.config.SMTP_URL!);
    const b = createMailDelivery({ ...t.app.deps, db: other.db }, t.config.SMTP_URL!);
    const totals = { a: 0, b: 0 };
    for (let round = 0; round < 3; round++) {
      const [ra, rb] = await Promise.all([a.sendDue(), b.sendDue()]);
      tally(ra);
      tally(rb);
      totals.a += ra.sent;
      totals.b += rb.sent;
      expect(ra.retried + rb.retried + ra.failed + rb.failed).toBe(0);
    }
    a.close();
    b.close();
    console.log(`two senders: instance A sent ${totals.a}, instance B sent ${totals.b}`);
    expect(totals.a + totals.b).toBe(150);

    const counts = new Map<string, number>();
    for (const m of smtp.to(user.email)) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
    expect(counts.size).toBe(150);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await outboxRows(t.handle.db);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.text_body === null)).toBe(true);
  });
});
