import type { Database } from '../../src/db/create-db.ts';
import type { MailOutboxRow } from '../../src/db/schema.ts';
import type { SenderTotals } from '../../src/modules/mail/mail.sender.ts';

/** Every outbox row, oldest first. */
export function outboxRows(db: Database): Promise<MailOutboxRow[]> {
  return db.selectFrom('mail_outbox').selectAll().orderBy('seq').execute();
}

/** Figures for the closing note, summed over a test file's sender runs and printed at its end. */
export const figures: SenderTotals = { sent: 0, retried: 0, failed: 0 };
export function tally(t: SenderTotals): SenderTotals {
  figures.sent += t.sent;
  figures.retried += t.retried;
  figures.failed += t.failed;
  return t;
}
