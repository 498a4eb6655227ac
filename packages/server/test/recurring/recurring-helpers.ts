import { randomUUID } from 'node:crypto';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';

export interface RecurringWorld {
  t: TestApp;
  clock: ManualClock;
  market: LiveMarket;
  admin: TestUser;
}

/** An app with a fake feed on a moved clock and a funded treasury (10 BTC, 100 ETH, $500,000). */
export async function recurringWorld(start = '2026-03-02T10:00:00.000Z'): Promise<RecurringWorld> {
  const clock = new ManualClock(start);
  const market = liveMarket(clock, { BTC: 100_000, ETH: 4_000 });
  const t = await startTestApp({ market, clock });
  const admin = await insertUser(t.handle.db, { accountType: 'admin' });
  for (const [asset, amount] of [
    ['BTC', '10'],
    ['ETH', '100'],
    ['USD', '500000'],
  ] as const)
    await fundTreasuryFromCli(t.handle.db, { asset, amount, reason: 'test funding', refId: randomUUID() }, clock.now());
  await callerAs(t, admin).asset.update({ symbol: 'BTC', minUsd: '1', maxUsd: '100000', paused: false });
  return { t, clock, market, admin };
}

export const HOUR = 3_600_000;
export const WEEK = 7 * 24 * HOUR;
