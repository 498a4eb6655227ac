// Quotes never accepted are deleted a week after they ran out (the daily `trade-quotes-prune` job, run here under
// a moved clock); an accepted quote is its trade's record and stays, and a fresh one is kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { pruneStaleQuotes, QUOTE_KEEP_MS } from '../../src/modules/trade/trade.prune.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { expectLedgerConsistent, failure } from '../money/money-helpers.ts';

describe('unaccepted trade quotes are pruned a week after they ran out', () => {
  let t: TestApp;
  let clock: ManualClock;
  let market: LiveMarket;
  let member: TestUser;

  beforeAll(async () => {
    clock = new ManualClock('2026-03-02T10:00:00.000Z');
    market = liveMarket(clock, { BTC: 100_000 });
    t = await startTestApp({ market, clock });
    await fundTreasuryFromCli(
      t.handle.db,
      { asset: 'BTC', amount: '10', reason: 'test funding', refId: randomUUID() },
      clock.now(),
    );
    member = await insertUser(t.handle.db, { balanceCents: 1_000_00 });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const quoteIds = async () =>
    (await t.handle.db.selectFrom('trade_quotes').select('id').where('user_id', '=', member.id).execute())
      .map((r) => r.id)
      .sort();

  it('deletes only unaccepted quotes that ran out more than a week ago, in batches; a trade keeps its quote', async () => {
    const quote = () => callerAs(t, member).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '10' });
    const accepted = await quote();
    const trade = await callerAs(t, member).trade.accept({ quoteId: accepted.id });
    const old = [await quote(), await quote(), await quote()];
    const expiresAt = new Date(old[0]!.expiresAt).getTime();

    // A week after they ran out, to the millisecond: kept.
    clock.set(new Date(expiresAt + QUOTE_KEEP_MS));
    market.setPrices({ BTC: 100_000 });
    const fresh = await quote();
    expect(await pruneStaleQuotes(t.app.deps)).toBe(0n);
    expect(await quoteIds()).toEqual([accepted.id, ...old.map((q) => q.id), fresh.id].sort());

    // A moment later the three old unaccepted ones go (two to a batch here: the loop takes every batch).
    clock.advanceMs(1);
    expect(await pruneStaleQuotes(t.app.deps, 2)).toBe(3n);
    expect(await quoteIds()).toEqual([accepted.id, fresh.id].sort());
    expect(await pruneStaleQuotes(t.app.deps)).toBe(0n);

    // The trade still reads its quote's figures, and accepting a pruned quote is refused, not a 500.
    expect((await callerAs(t, member).trade.list({})).items.map((i) => i.id)).toContain(trade.id);
    const gone = await failure(callerAs(t, member).trade.accept({ quoteId: old[0]!.id }));
    expect(gone.status).toBeLessThan(500);
  });
});
