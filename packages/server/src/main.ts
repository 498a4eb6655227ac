import path from 'node:path';
import { formatEnglish } from '@vestora/contract';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedIfEmpty } from './db/seed.ts';
import { installGracefulShutdown } from './lib/shutdown.ts';
import { textLogStream, wantsTextLog, whatNow } from './lib/terminal-log.ts';
import { startBitcoinWatcher } from './modules/bitcoin/bitcoin.start.ts';
import { startPayoutChecker } from './modules/bitcoin/bitcoin.payouts.ts';
import { startPayoutRunner } from './modules/investment/investment.runner.ts';
import { startLimitOrderRunner } from './modules/order/order.runner.ts';
import { startPriceAlertRunner } from './modules/alert/alert.runner.ts';
import { startRecurringBuyRunner } from './modules/recurring/recurring.runner.ts';
import { configSecrets, createJobRunner } from './modules/job/job.runner.ts';
import { startAccountStatementRunner } from './modules/account-statement/account-statement.job.ts';
import { startReservesJob } from './modules/reserves/reserves.job.ts';
import { startReportExpiry } from './modules/deposit/deposit.expiry.ts';
import { mailModeLine, startMailSender } from './modules/mail/mail.sender.ts';
import { startSessionPurge } from './modules/session/session.service.ts';
import { startKycExpiryJob } from './modules/kyc/kyc.expiry.ts';
import { startQuotePruneJob } from './modules/trade/trade.prune.ts';
import { startKycRetentionJob } from './modules/kyc/kyc.retention.ts';
import { startDataExportRunner } from './modules/dataexport/dataexport.builder.ts';
import { APP_SECRET_FILE, TWO_FACTOR_UNAVAILABLE_MESSAGE, twoFactorKey } from './modules/twofactor/twofactor.crypto.ts';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config, 'the server');
  const seeded = await seedIfEmpty(handle.db);
  // On a terminal: short text lines and a "what now"; elsewhere JSON lines (see lib/terminal-log.ts).
  const text = wantsTextLog(process.stdout, config.LOG_FORMAT);
  const app = await buildApp({
    config,
    db: handle,
    ...(text && config.LOG_LEVEL !== 'silent' ? { logStream: textLogStream(process.stdout) } : {}),
  });
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  app.log.info(`database: ${where}${seeded ? ' (new: demo plans and a placeholder deposit account seeded)' : ''}`);
  const { source } = await twoFactorKey(config);
  if (source === 'none') {
    app.log.warn(
      `two-factor sign-in: unavailable until APP_SECRET (32+ characters) is set. ${formatEnglish(TWO_FACTOR_UNAVAILABLE_MESSAGE)}`,
    );
  } else {
    app.log.info(
      `two-factor sign-in: secrets encrypted with a key from ${source === 'environment' ? 'APP_SECRET' : `a generated APP_SECRET in ${path.join(config.DATA_DIR, APP_SECRET_FILE)} (keep it with the data)`}`,
    );
  }
  const admins = await handle.db
    .selectFrom('users')
    .select('id')
    .where('account_type', '=', 'admin')
    .limit(1)
    .execute();
  if (admins.length === 0) {
    app.log.warn(
      'No admin account yet. Stop the server and run: pnpm cli create-admin --email you@example.com ' +
        '(password from ADMIN_PASSWORD or a prompt; an existing account needs --promote).',
    );
  }
  app.log.info(
    config.SMTP_URL
      ? 'email verification: required before a withdrawal (mail is delivered through SMTP_URL)'
      : 'email verification: not required (no SMTP_URL, so nobody could receive the link; admins can mark addresses verified)',
  );
  // Every background loop is a job of one runner (#29): a lease per job across instances, one tick at a time,
  // a stop that waits for the tick in flight. app.close() (any shutdown path) stops them all.
  const jobs = createJobRunner({ ...app.deps, secrets: configSecrets(config) });
  app.addHook('onClose', () => jobs.stop());
  startPayoutRunner(app.deps, jobs);
  // #31: recurring buys' periods and price alerts, each through the job's lease.
  startRecurringBuyRunner(app.deps, jobs);
  startPriceAlertRunner(app.deps, jobs);
  // Monthly account statements: issued in the background on and after the first of each month (#21).
  startAccountStatementRunner(app.deps, {}, jobs);
  app.log.info(mailModeLine(config));
  startMailSender(app.deps, {}, jobs);
  // Ended sessions are purged now and every few minutes.
  startSessionPurge(app.deps, jobs);
  startReportExpiry(app.deps, jobs);
  // #32: each closed month's reserves and balance tree, published in the first hour after it ends.
  startReservesJob(app.deps, jobs);
  // Builds requested data exports (#21) every DATA_EXPORT_POLL_MS.
  startDataExportRunner(app.deps, jobs);
  // Bitcoin deposits: only with BTC_XPUB (nothing runs otherwise).
  const bitcoin = startBitcoinWatcher(app.deps, jobs);
  // Crypto payouts marked sent are paid once the chain shows them (#34), with or without Bitcoin deposits.
  startPayoutChecker(app.deps, jobs);
  // Open limit orders against each fresh market price, and their expiries (#31).
  startLimitOrderRunner(app.deps, jobs);
  // #33: identity records KYC_RETENTION_YEARS after an account closed are erased (now, then daily).
  startKycRetentionJob(app.deps, jobs);
  // #33: a member whose accepted document expired goes back to review for it (now, then daily).
  startKycExpiryJob(app.deps, jobs);
  // Trade quotes never accepted, a week after they ran out, are deleted (now, then daily).
  startQuotePruneJob(app.deps, jobs);
  app.log.info(
    bitcoin
      ? `bitcoin deposits: on (${config.BTC_NETWORK}, block source ${config.ESPLORA_URL}, ${config.BTC_CONFIRMATIONS} confirmations)`
      : 'bitcoin deposits: off (set BTC_XPUB to turn them on)',
  );

  // SIGTERM / SIGINT: Fastify stops accepting connections, answers 503 to requests arriving on kept-alive ones,
  // and waits for those in flight; then the pool closes. Exit 0, or 1 past the deadline.
  installGracefulShutdown(app.log, async () => {
    await Promise.all([app.close(), jobs.stop(), bitcoin?.stop()]);
    await handle.close();
  });

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const url = config.PUBLIC_URL ? config.publicUrl : address;
  app.log.info(`Vestora is up at ${url}`);
  if (text) process.stdout.write(whatNow({ url, needsAdmin: admins.length === 0, mailEnabled: !!config.SMTP_URL }));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`Vestora could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
