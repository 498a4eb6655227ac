import { expect } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';

/** Messages queued for an address (newest last), as the outbox holds them until the sender lands. */
export async function mailTo(db: Database, to: string, kind?: string) {
  let q = db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to.toLowerCase());
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('seq').execute();
}

/** The token of the link in the newest message of `kind` to `to`, checking the link's path. */
export async function linkToken(db: Database, to: string, kind: string, path: string): Promise<string> {
  const mails = await mailTo(db, to, kind);
  expect(mails.length, `no ${kind} mail to ${to}`).toBeGreaterThan(0);
  const body = mails.at(-1)!.text_body ?? '';
  const m = new RegExp(`http://vestora\\.test${path}\\?token=([A-Za-z0-9_-]{43})`).exec(body);
  expect(m, `no ${path} link in: ${body}`).not.toBeNull();
  return m![1]!;
}

/** How many sessions a user has. */
export async function sessionCount(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
