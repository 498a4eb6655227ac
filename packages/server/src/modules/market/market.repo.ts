import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** What an instance reads to decide whether its copy is current and who may call the feed (no coin data). */
export interface MarketCacheHead {
  etag: string | null;
  fetchedAt: Date | null;
  failures: number;
  nextAttemptAt: Date | null;
  refreshingUntil: Date | null;
  refreshingBy: string | null;
}

const EMPTY_HEAD: MarketCacheHead = {
  etag: null,
  fetchedAt: null,
  failures: 0,
  nextAttemptAt: null,
  refreshingUntil: null,
  refreshingBy: null,
};

/** The row's state for a feed; creates the (empty) row the first time, so the lease has something to update. */
export async function readMarketCacheHead(db: Executor, feedUrl: string): Promise<MarketCacheHead> {
  const row = await db
    .selectFrom('market_cache')
    .select(['etag', 'fetched_at', 'failures', 'next_attempt_at', 'refreshing_until', 'refreshing_by'])
    .where('feed_url', '=', feedUrl)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('market_cache')
      .values({ feed_url: feedUrl })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return EMPTY_HEAD;
  }
  return {
    etag: row.etag,
    fetchedAt: row.fetched_at,
    failures: row.failures,
    nextAttemptAt: row.next_attempt_at,
    refreshingUntil: row.refreshing_until,
    refreshingBy: row.refreshing_by,
  };
}

/** The stored coin list (JSON text) with its etag and time, or null when the feed never answered. */
export async function readMarketCacheData(
  db: Executor,
  feedUrl: string,
): Promise<{ coinsJson: string; etag: string; fetchedAt: Date } | null> {
  const row = await db
    .selectFrom('market_cache')
    .select(['coins_json', 'etag', 'fetched_at'])
    .where('feed_url', '=', feedUrl)
    .executeTakeFirst();
  if (!row?.coins_json || !row.etag || !row.fetched_at) return null;
  return { coinsJson: row.coins_json, etag: row.etag, fetchedAt: row.fetched_at };
}

/**
 * Takes the refresh lease when nobody holds a live one, no back-off runs and the data is older than
 * `staleBefore` (or absent): one conditional UPDATE, so of several instances asking at once exactly one wins.
 * Returns the consecutive failures so far (for the next back-off), or null when the lease was not taken.
 */
export async function claimMarketRefresh(
  db: Executor,
  args: { feedUrl: string; owner: string; now: Date; leaseUntil: Date; staleBefore: Date },
): Promise<{ failures: number } | null> {
  const row = await db
    .updateTable('market_cache')
    .set({ refreshing_until: args.leaseUntil, refreshing_by: args.owner })
    .where('feed_url', '=', args.feedUrl)
    .where((eb) =>
      eb.and([
        eb.or([eb('refreshing_until', 'is', null), eb('refreshing_until', '<=', args.now)]),
        eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', args.now)]),
        eb.or([eb('fetched_at', 'is', null), eb('fetched_at', '<=', args.staleBefore)]),
      ]),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? { failures: row.failures } : null;
}

/**
 * Stores a good fetch and ends the back-off. Never replaces newer data (a refresh whose lease ran out while
 * another instance refreshed too); releases the lease only if it is still this owner's.
 */
export async function saveMarketRefresh(
  db: Executor,
  args: { feedUrl: string; owner: string; coinsJson: string; etag: string; fetchedAt: Date },
): Promise<void> {
  await db
    .updateTable('market_cache')
    .set((eb) => ({
      coins_json: args.coinsJson,
      etag: args.etag,
      fetched_at: args.fetchedAt,
      failures: 0,
      next_attempt_at: null,
      refreshing_until: eb
        .case()
        .when('refreshing_by', '=', args.owner)
        .then(null)
        .else(eb.ref('refreshing_until'))
        .end(),
      refreshing_by: eb.case().when('refreshing_by', '=', args.owner).then(null).else(eb.ref('refreshing_by')).end(),
    }))
    .where('feed_url', '=', args.feedUrl)
    .where((eb) => eb.or([eb('fetched_at', 'is', null), eb('fetched_at', '<=', args.fetchedAt)]))
    .execute();
}

/** Records a failed call by the lease's owner: the failure count, when the feed may be asked again, lease released. */
export async function recordMarketFailure(
  db: Executor,
  args: { feedUrl: string; owner: string; failures: number; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('market_cache')
    .set({ failures: args.failures, next_attempt_at: args.nextAttemptAt, refreshing_until: null, refreshing_by: null })
    .where('feed_url', '=', args.feedUrl)
    .where('refreshing_by', '=', args.owner)
    .execute();
}

/** A coin's stored logo (#34): the last good bytes, where they came from, and when to try the host again. */
export interface CoinLogoRow {
  sourceUrl: string;
  bytes: Uint8Array | null;
  contentType: string | null;
  fetchedAt: Date | null;
  failures: number;
  nextAttemptAt: Date | null;
}

export async function readCoinLogo(db: Executor, coinId: string): Promise<CoinLogoRow | undefined> {
  const row = await db
    .selectFrom('coin_logos')
    .select(['source_url', 'bytes', 'content_type', 'fetched_at', 'failures', 'next_attempt_at'])
    .where('coin_id', '=', coinId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sourceUrl: row.source_url,
    bytes: row.bytes,
    contentType: row.content_type,
    fetchedAt: row.fetched_at,
    failures: row.failures,
    nextAttemptAt: row.next_attempt_at,
  };
}

/** Stores freshly fetched logo bytes (replacing older ones) and clears the failures. */
export async function saveCoinLogo(
  db: Executor,
  logo: { coinId: string; sourceUrl: string; bytes: Uint8Array; contentType: string; fetchedAt: Date },
): Promise<void> {
  const values = {
    source_url: logo.sourceUrl,
    bytes: logo.bytes,
    content_type: logo.contentType,
    fetched_at: logo.fetchedAt,
    failures: 0,
    next_attempt_at: null,
  };
  await db
    .insertInto('coin_logos')
    .values({ coin_id: logo.coinId, ...values })
    .onConflict((oc) => oc.column('coin_id').doUpdateSet(values))
    .execute();
}

/** A failed fetch: counted, with the time before which nobody asks the host again; the last good bytes stay. */
export async function recordCoinLogoFailure(
  db: Executor,
  failure: { coinId: string; sourceUrl: string; failures: number; nextAttemptAt: Date },
): Promise<void> {
  await db
    .insertInto('coin_logos')
    .values({
      coin_id: failure.coinId,
      source_url: failure.sourceUrl,
      failures: failure.failures,
      next_attempt_at: failure.nextAttemptAt,
    })
    .onConflict((oc) =>
      oc.column('coin_id').doUpdateSet({ failures: failure.failures, next_attempt_at: failure.nextAttemptAt }),
    )
    .execute();
}
