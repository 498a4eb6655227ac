/**
 * What the benchmarks in bench/ (and the dev tools in scripts/) may use of the server, as
 * `@vestora/server/bench`: one door instead of deep relative paths into src/, so moving a file inside the
 * server changes this list, not every benchmark. Nothing in the server imports this file.
 */
export { buildApp } from '../app.ts';
export { loadConfig } from '../config.ts';
export { createDb, type DbHandle } from '../db/create-db.ts';
export { migrateToLatest } from '../db/migrate.ts';
export type { UserRow } from '../db/schema.ts';
export type { TestUser } from './factories.ts';
export { seedIfEmpty } from '../db/seed.ts';
export { SESSION_COOKIE } from '../lib/session-cookie.ts';
export { issueDueStatements } from '../modules/account-statement/account-statement.job.ts';
export { getAccountStatementFile } from '../modules/account-statement/account-statement.service.ts';
export { payDuePeriods } from '../modules/investment/investment.payouts.ts';
export { startPayoutRunner } from '../modules/investment/investment.runner.ts';
export { addMonthsUtc } from '../modules/investment/investment.schedule.ts';
export { verifyLedger } from '../modules/ledger/ledger.service.ts';
export { PLAN_COLUMNS } from '../modules/plan/plan.repo.ts';
export { createSession } from '../modules/session/session.service.ts';
export { balanceCentsColumn, PUBLIC_USER_COLUMN_NAMES, PUBLIC_USER_COLUMNS } from '../modules/user/user.repo.ts';
export { memberReference } from '../modules/bank-statement/rf-reference.ts';

// Test fixtures the benchmarks build on: databases, users, the fake market feed, the growth seed.
export { seedOpenPositions } from './due-positions.ts';
export { callerAs, insertUser, TEST_PASSWORD } from './factories.ts';
export { ManualClock } from './manual-clock.ts';
export {
  type FakeFeedBehaviour,
  type FakeMarketFeed,
  generateFakeCoins,
  offlineMarketService,
  startFakeMarketFeed,
} from './fake-market-feed.ts';
export {
  DEFAULT_SIZES,
  explainRecorded,
  type GrowthSizes,
  growthUserId,
  recordingHandle,
  seedGrowth,
  vacuumAnalyze,
} from './growth-seed.ts';
export { type PgCounters, readPgCounters } from './pg-stats.ts';
export { createEmptyTestDatabase, createTestDb } from './test-db.ts';

// Bitcoin deposits (#20): the watcher, its Esplora client and the fake chain.
export { createBitcoinWatcher, matchOutputs, type AddressIndex } from '../modules/bitcoin/bitcoin.watcher.ts';
export { createEsploraClient } from '../modules/bitcoin/esplora.client.ts';
export { startFakeEsplora, type FakeTx } from './fake-esplora.ts';

// Trading (#30): a market with live prices, and the treasury's funding.
export { liveMarket } from './live-market.ts';
export { fundTreasuryFromCli } from '../modules/trade/trade.treasury.ts';
export { checkOrders } from '../modules/order/order.fill.ts';
