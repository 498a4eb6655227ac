/**
 * Where each integration test file runs when a PostgreSQL server is given (TEST_DATABASE_URL / DATABASE_URL;
 * CI always has one): on PostgreSQL (`pg`), on the embedded PGlite (`pglite`) or on both. Without a server every
 * file runs on PGlite, as before. vitest.config.ts reads this list; src/test/placement.test.ts checks it.
 *
 * Why not everything twice: the same SQL runs on both engines (PGlite is PostgreSQL 17 in WebAssembly), and a
 * PGlite file takes 5 to 10 times as long as on PostgreSQL (measured: plan.test 11.5 s against 1.4 s, mail.test
 * 31.6 s against 4.2 s). Every run still migrates an embedded database from nothing (the template,
 * src/test/db-template.global-setup.ts), and these stay on both:
 * - the money core and its invariants, the fuzz, the legacy adapter: the widest surface through both drivers
 *   (`pg` and PGliteDialect: parameters, int8 parsing, error codes);
 * - files that check something that differs per engine (rate-limit counters, pool metrics, readiness, SQLSTATE
 *   mapping, the CLI's own database) or size themselves per engine (five-years, fuzz).
 * `pg` alone: concurrency, locks and races (PGlite serialises every query, so there they prove little), and files
 * whose subject is HTTP, mail, sessions or a feature's rules with the database as a backdrop. `pglite` alone:
 * what is about the embedded database (the CLI's lock, `pnpm start`'s own data directory, migrations on PGlite)
 * or does not touch a database at all (then once is enough, and PGlite is the default install).
 *
 * A file not named here runs on both (a new file runs somewhere; the placement test asks for its line).
 * `*.pg.test.ts` files need a server and always run on PostgreSQL only.
 */
export type Placement = 'pg' | 'pglite' | 'both';

/** Paths relative to packages/server/test. */
export const PLACEMENT: Record<string, Placement> = {
  // Both: the money core, its invariants and the widest surfaces.
  'money/amounts.test.ts': 'both',
  'compiled-query.test.ts': 'both', // parameters through both drivers (pg and PGliteDialect)
  'money/append-only.test.ts': 'both', // triggers refuse UPDATE/DELETE/TRUNCATE on either engine
  'money/deposit.test.ts': 'both',
  'bitcoin-deposits-migration.test.ts': 'both', // #29: the upgrade moves Bitcoin deposits' values, on either engine
  'bitcoin-credited-as-btc-migration.test.ts': 'both', // #30: deposits credited in dollars before stay as they were
  'money/withdrawal.test.ts': 'both',
  'money/ledger.test.ts': 'both', // ledger:verify's CLI opens the engine's own database
  'money/journal.test.ts': 'both', // the journal's triggers and constraints must hold on either engine
  'money/random-ops.test.ts': 'both',
  'investment/investing.test.ts': 'both',
  'investment/five-years.test.ts': 'both', // sized per engine (1,000 positions and 3 runners on PostgreSQL)
  'fuzz/fuzz.test.ts': 'both', // sized per engine (5,000 requests on PGlite)
  'legacy-api.test.ts': 'both',
  'user.test.ts': 'both', // sign-up and sign-in, and one email signing up many times at once
  // Both: something differs per engine.
  'input-errors.test.ts': 'both', // SQLSTATE class 22 from each driver
  'limits/auth-limits.test.ts': 'both', // counters in the database's own table (pg pool) or in memory
  'limits/money-limits.test.ts': 'both',
  'metrics.test.ts': 'both', // pool figures on PostgreSQL only
  'readyz.test.ts': 'both', // readiness asks the database
  'faults/shutdown.test.ts': 'both', // closing the pool / the embedded database
  // Both: #27's money rules (a second admin's approval, one transfer one credit) through either driver.
  'approvals/attacks.test.ts': 'both',
  'bank-statement/credit-once.test.ts': 'both',
  'jobs/job-runner.test.ts': 'both', // the job leases' upsert through either driver
  'approvals/crypto-release.test.ts': 'both', // #34: a stuck crypto payout goes back to the member by four eyes
  'bank-statement/approve-batch.test.ts': 'both', // #28: credits in batches (multi-row SQL) through either driver
  'money-upgrade.test.ts': 'both', // #29: an old database loaded and upgraded through either driver
  'kyc/limits.test.ts': 'pg', // #33: identity tiers' withdrawal limits over rolling windows, the hold, the downgrade
  'kyc/review.test.ts': 'pg', // #33: identity applications, four-eyes review, retry, reject, downgrades
  'kyc/return-to-review.test.ts': 'pg', // #33: expired documents (the daily job, moved clock) and changed names
  'orders/orders.test.ts': 'pg', // #31: limit orders: holds, fills at fresh prices, expiry, waiting
  'trade/trade.test.ts': 'both', // #30: quotes, fills and the journal per asset through either driver
  'trade/quote-prune.test.ts': 'pg', // unaccepted quotes deleted a week after they ran out (moved clock)
  'recurring/recurring.test.ts': 'pg', // #31: recurring buys' periods, skips and pause/delete (a feature's rules)
  'recurring/price-alerts.test.ts': 'pg', // #31: price alerts fire once per crossing and re-arm after the move back

  // PGlite: the embedded database itself, or no database at all.
  'cli.test.ts': 'pglite', // the CLI on an embedded data directory and its lock (skipped itself on PostgreSQL)
  'bank-statement/statement-cli.test.ts': 'pglite', // same (skipped itself on PostgreSQL)
  'start-output.test.ts': 'pglite', // spawns `pnpm start` on its own embedded database, whatever the project
  'plan-migration.test.ts': 'pglite', // opens its own in-memory PGlite on either project
  'risk-level-migration.test.ts': 'pglite', // opens its own in-memory PGlite on either project
  'bank-statement/reference.test.ts': 'pglite', // its migration part opens its own in-memory PGlite on either project
  'market.persist.test.ts': 'pglite', // a restart reopens an embedded database (its second one is PGlite anyway)
  'seed.test.ts': 'pglite', // the first start's seed: what `pnpm start` does on the embedded default
  'bitcoin.derive.test.ts': 'pglite', // no database
  'trade/trade-cli.test.ts': 'pglite', // treasury:fund on an embedded data directory, as the CLI opens it
  'market.feed.test.ts': 'pglite', // no database

  // PostgreSQL: a feature's rules, HTTP, mail and sessions, with the database as a backdrop.
  'approvals/bank-and-chain.test.ts': 'pg',
  'bitcoin.amounts.test.ts': 'pg',
  'bank-statement/import-size.test.ts': 'pg',
  'bank-statement/strict-reading.test.ts': 'pg',
  'account-referral.test.ts': 'pg',
  'account-statement/account-statement.test.ts': 'pg',
  'accounts/email.test.ts': 'pg',
  'accounts/journey-smtp.test.ts': 'pg',
  'accounts/links-retired.test.ts': 'pg',
  'accounts/mail-per-recipient.test.ts': 'pg',
  'accounts/password.test.ts': 'pg',
  'authorization.test.ts': 'pg',
  'authz/four-eyes.test.ts': 'pg',
  'bitcoin.watcher.test.ts': 'pg',
  'bitcoin.utxos.test.ts': 'pg', // #32: the coins we hold, through spends and reorgs
  'reserves/reserves.test.ts': 'pg', // #32: reserves in the open, the monthly tree and members' proofs
  'bitcoin.payouts.test.ts': 'pg', // #34: a crypto payout is sent until the chain shows it paid
  'bitcoin-withdrawal/request.test.ts': 'pg', // #32: BTC held at once with its fee, address checked, four eyes
  'bitcoin-withdrawal/payout-batch.test.ts': 'pg', // #32: PSBTs signed with the test key, tampering refused, two builds at once
  'bounded-requests.test.ts': 'pg',
  'dataexport/your-data.test.ts': 'pg',
  'kyc/documents.test.ts': 'pg', // #33: uploads, stored ciphertext and document links (HTTP and files)
  'kyc/retention.test.ts': 'pg', // #33: identity records kept after closing, erased after the period; the export
  'error-i18n.test.ts': 'pg',
  'health.test.ts': 'pg',
  'i18n/member-language.test.ts': 'pg',
  'inbox.test.ts': 'pg',
  'investment/no-time-machine.test.ts': 'pg',
  'investment/renewal.test.ts': 'pg', // the runners' race is renewal.pg.test.ts
  'investment/summary-and-overview.test.ts': 'pg',
  'log-secrets.test.ts': 'pg',
  'request-logging.test.ts': 'pg',
  'mail/mail.test.ts': 'pg', // two senders at once: mail/two-senders.pg.test.ts
  'jobs/job-status.test.ts': 'pg', // what admins see of the jobs, with the database as a backdrop
  'market.cache.test.ts': 'pg',
  'market.chart.test.ts': 'pg',
  'market.http.test.ts': 'pg',
  'market.logo.test.ts': 'both', // bytes in bytea: PGlite (the embedded install) and PostgreSQL
  'market.shared.test.ts': 'pg', // two market services on one database: a server's case
  'money/access.test.ts': 'pg',
  'money/four-eyes.test.ts': 'pg',
  'money/rewards.test.ts': 'pg',
  'notification/notification.test.ts': 'pg',
  'plan.test.ts': 'pg',
  'session.test.ts': 'pg',
  'site-settings.test.ts': 'pg',
  'bank-statement/payouts.test.ts': 'pg',
  'bank-statement/report-expiry.test.ts': 'pg',
  'bank-statement/statement.test.ts': 'pg',
  'bank-statement/bank-fees.test.ts': 'both', // #34: the bank's fees booked to the journal at approval
  'twofactor/twofactor-holes.test.ts': 'pg',
  'twofactor/twofactor.test.ts': 'pg',
  'typed-client.test.ts': 'pg',
  'user-admin.test.ts': 'pg', // concurrent updates: the version check under real concurrency
  'user-create.test.ts': 'pg', // creation races
  'user-list.test.ts': 'pg', // prefix search on text_pattern_ops indexes
  'web-app.test.ts': 'pg',
};

/** Where a file (relative to packages/server/test) runs when PostgreSQL is there. */
export function placementOf(file: string): Placement {
  if (file.endsWith('.pg.test.ts')) return 'pg';
  return PLACEMENT[file] ?? 'both';
}

/** Vitest `exclude` globs (from the repository's root) of the files a project leaves out when PostgreSQL is there. */
export function excludedFrom(project: 'pg' | 'pglite'): string[] {
  const other = project === 'pg' ? 'pglite' : 'pg';
  return Object.entries(PLACEMENT)
    .filter(([, on]) => on === other)
    .map(([file]) => `packages/server/test/${file}`);
}
