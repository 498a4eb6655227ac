// The background mail sender: delivers what the outbox holds through nodemailer to SMTP_URL.
//
// Claim, send, record: a short transaction claims due `queued` rows (FOR UPDATE SKIP LOCKED, one more
// attempt, a lease during which no other sender takes them), then each message is handed to the mail
// server outside any transaction (an SMTP exchange never holds a database connection), then the row is marked
// `sent` (its body dropped) as soon as the server accepted it, or scheduled for a retry with exponential
// backoff, or given up as `failed`.
//
// Delivery is at least once, in one narrow window only: if the process dies (or the database is
// unreachable) after the mail server accepted a message and before the `sent` mark commits, the row is
// still `queued` and is sent again when its lease ends. Every message carries its outbox id as Message-ID,
// so a receiving system can spot that duplicate. Two senders never both send a message: the claim is the
// database's decision.
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { claimDueMail, markMailAttemptFailed, markMailSent } from './mail.repo.ts';

/** Messages one claim takes at most; a larger backlog continues at once. */
const BATCH = 20;
/** How long a claimed message is left alone by other senders while this one talks to the mail server. */
export const MAIL_LEASE_MS = 2 * 60_000;

export interface SenderTotals {
  /** Accepted by the mail server. */
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Given up. */
  failed: number;
}

export interface MailSender {
  /** Whether messages are delivered (SMTP_URL set) or wait in the outbox. */
  readonly delivering: boolean;
  /** Sends everything due now by the injected clock (batch after batch); resolves with what happened. */
  runOnce(): Promise<SenderTotals>;
  /** Asks for a run soon (after an enqueue, so mail goes out within moments rather than at the next poll). */
  nudge(): void;
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`: base, doubled per failed attempt, capped. */
export function retryDelayMs(attempts: number, baseS: number, maxS: number): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(baseS * 2 ** exp, maxS) * 1000;
}

/**
 * A failure as stored in last_error: code, SMTP reply code and message (at most 500 characters); never the
 * URL or its password.
 */
export function describeSendError(err: unknown, smtpUrl: string | undefined): { text: string; permanent: boolean } {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  let message = typeof e.message === 'string' ? e.message : String(err);
  if (smtpUrl) {
    message = message.split(smtpUrl).join('[SMTP_URL]');
    try {
      const u = new URL(smtpUrl);
      for (const secret of [u.password, decodeURIComponent(u.password)]) {
        if (secret) message = message.split(secret).join('[redacted]');
      }
    } catch {
      // SMTP_URL was validated at start-up; nothing to redact if it does not parse.
    }
  }
  const parts = [typeof e.code === 'string' ? e.code : null, responseCode ? String(responseCode) : null, message];
  return {
    text: parts
      .filter((p): p is string => Boolean(p))
      .join(' ')
      .slice(0, 500),
    // The server refused this message or its recipient for good (a 5xx to RCPT TO / DATA): retrying cannot help.
    // Other failures, including a refused login (a configuration fault an admin can fix), are retried.
    permanent:
      (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') &&
      responseCode !== undefined &&
      responseCode >= 500 &&
      responseCode < 600,
  };
}

/** One line for the start-up log: which mail mode is on. */
export function mailModeLine(config: AppDeps['config']): string {
  if (!config.SMTP_URL) {
    return 'mail: not sent (SMTP_URL is not set); messages wait in the outbox, admins read them on the Outbox page';
  }
  const u = new URL(config.SMTP_URL);
  return `mail: sent through ${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''} from ${config.mailFrom}`;
}

/** What delivers: claims, sends and records due mail through SMTP_URL; close() ends the SMTP transport. */
export interface MailDelivery {
  /** Sends everything due now by the injected clock (batch after batch, until `signal` aborts). */
  sendDue(signal?: AbortSignal): Promise<SenderTotals>;
  close(): void;
}

const zero = (): SenderTotals => ({ sent: 0, retried: 0, failed: 0 });

/**
 * Starts the sender (the `mail` job). Without SMTP_URL it sends nothing (runOnce answers zeros) and nothing is
 * polled. With it, it wakes every MAIL_POLL_MS (and at start, and on nudge), never overlaps itself, and yields
 * between batches. Several instances may run it on one PostgreSQL: the job's lease lets one send at a time, and
 * each message's claim is the database's decision.
 */
export function startMailSender(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>,
  opts: { autoStart?: boolean } = {},
  jobs?: JobRunner,
): MailSender {
  if (!deps.config.SMTP_URL) {
    return { delivering: false, runOnce: async () => zero(), nudge() {}, stop: async () => {} };
  }
  const delivery = createMailDelivery(deps, deps.config.SMTP_URL);
  const job = runnerFor(deps, jobs).add({
    name: 'mail',
    everyMs: deps.config.MAIL_POLL_MS,
    // A wake-up during a run (a nudge after an enqueue) runs once more right after it: the new message goes out.
    whenBusy: 'again',
    autoStart: opts.autoStart ?? true,
    tick: ({ signal }) => delivery.sendDue(signal),
    onStop: () => delivery.close(),
  });
  return {
    delivering: true,
    runOnce: async () => (await job.runNow()) ?? zero(),
    nudge: () => job.trigger(),
    stop: () => job.stop(),
  };
}

/** The delivery through `smtpUrl` the sender's job runs (two of them on one outbox: each message sent once). */
export function createMailDelivery(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>,
  smtpUrl: string,
): MailDelivery {
  const { config } = deps;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const messageIdHost = config.mailFrom.match(/@([^>\s]+)>?$/)?.[1] ?? 'vestora.invalid';

  const sendOne = async (
    mail: Awaited<ReturnType<typeof claimDueMail>>[number],
    totals: SenderTotals,
  ): Promise<void> => {
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body ?? '',
        html: mail.html_body ?? undefined,
        messageId: `<${mail.id}@${messageIdHost}>`,
      });
    } catch (err) {
      const { text, permanent } = describeSendError(err, smtpUrl);
      const giveUp = permanent || mail.attempts >= config.MAIL_MAX_ATTEMPTS;
      const retryAt = giveUp
        ? null
        : new Date(
            deps.clock.now().getTime() + retryDelayMs(mail.attempts, config.MAIL_RETRY_BASE_S, config.MAIL_RETRY_MAX_S),
          );
      await markMailAttemptFailed(deps.db, mail.id, text, retryAt);
      if (giveUp) totals.failed += 1;
      else totals.retried += 1;
      deps.log.warn(
        { mailId: mail.id, attempts: mail.attempts, error: text },
        giveUp
          ? `mail sender: gave up on message ${mail.id} after ${mail.attempts} attempt(s)`
          : `mail sender: message ${mail.id} not sent (attempt ${mail.attempts}); retrying at ${retryAt!.toISOString()}`,
      );
      return;
    }
    // Accepted: record it now, before anything else can fail, so a later retry does not send it again.
    await markMailSent(deps.db, mail.id, deps.clock.now());
    totals.sent += 1;
  };

  const sendDue = async (signal?: AbortSignal): Promise<SenderTotals> => {
    const totals = zero();
    for (;;) {
      const now = deps.clock.now();
      const claimed = await claimDueMail(deps.db, now, new Date(now.getTime() + MAIL_LEASE_MS), BATCH);
      for (const mail of claimed) await sendOne(mail, totals);
      if (claimed.length < BATCH || signal?.aborted) break;
      await new Promise((r) => setImmediate(r));
    }
    if (totals.sent + totals.retried + totals.failed > 0) {
      deps.log.info(totals, `mail sender: ${totals.sent} sent, ${totals.retried} to retry, ${totals.failed} failed`);
    }
    return totals;
  };

  return { sendDue, close: () => transport.close() };
}
