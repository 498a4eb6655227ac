// The coins we hold (#32): the outputs paying an address of BTC_XPUB, as the watcher sees them created and spent.
// SQL only; the watcher decides when (bitcoin.watcher.ts, bitcoin.utxo.ts).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** An output paying one of our addresses. */
export interface OwnOutput {
  txid: string;
  vout: number;
  address: string;
  scriptHex: string;
  chain: 0 | 1;
  index: number;
  sats: number;
}

/**
 * Records outputs seen in a block (`height`) or the mempool (null). A mempool sighting of a known output leaves
 * its block as it was; a block sets it.
 */
export async function upsertUtxos(db: Db, outs: OwnOutput[], height: number | null, at: Date): Promise<void> {
  for (let i = 0; i < outs.length; i += 500) {
    await db
      .insertInto('bitcoin_utxos')
      .values(
        outs.slice(i, i + 500).map((o) => ({
          txid: o.txid,
          vout: o.vout,
          address: o.address,
          script_hex: o.scriptHex,
          chain: o.chain,
          derivation_index: o.index,
          value_sats: o.sats,
          confirmed_height: height,
          first_seen_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['txid', 'vout']).doUpdateSet({
          confirmed_height: sql`coalesce(excluded.confirmed_height, bitcoin_utxos.confirmed_height)`,
          updated_at: at,
        }),
      )
      .execute();
  }
}

/** Our outputs among the outpoints `inputs` spend (one query by their transactions' ids). */
export async function findOwnOutpoints(db: Db, txids: string[]) {
  if (txids.length === 0) return [];
  return db
    .selectFrom('bitcoin_utxos')
    .select(['txid', 'vout', 'spent_by_txid', 'spent_height'])
    .where('txid', 'in', txids)
    .execute();
}

/** Marks an output spent by `spender` (in a block at `height`, or in the mempool: null). */
export async function markSpent(
  db: Db,
  o: { txid: string; vout: number },
  spender: string,
  height: number | null,
  at: Date,
): Promise<void> {
  await db
    .updateTable('bitcoin_utxos')
    .set({ spent_by_txid: spender, spent_height: height, updated_at: at })
    .where('txid', '=', o.txid)
    .where('vout', '=', o.vout)
    .execute();
}

/** After a reorg to `fork`: what dropped blocks held is unconfirmed again (the rescan or the mempool decides). */
export async function unconfirmAbove(trx: Transaction<DB>, fork: number, at: Date): Promise<void> {
  await trx
    .updateTable('bitcoin_utxos')
    .set({ confirmed_height: null, updated_at: at })
    .where('confirmed_height', '>', fork)
    .execute();
  await trx
    .updateTable('bitcoin_utxos')
    .set({ spent_height: null, updated_at: at })
    .where('spent_height', '>', fork)
    .execute();
}

/** Transactions we know only from the mempool: those creating an unconfirmed output, and unconfirmed spends. */
export async function pendingTxids(db: Db): Promise<{ created: string[]; spending: string[] }> {
  const created = await db
    .selectFrom('bitcoin_utxos')
    .select('txid')
    .distinct()
    .where('confirmed_height', 'is', null)
    .execute();
  const spending = await db
    .selectFrom('bitcoin_utxos')
    .select('spent_by_txid')
    .distinct()
    .where('spent_by_txid', 'is not', null)
    .where('spent_height', 'is', null)
    .execute();
  return { created: created.map((r) => r.txid), spending: spending.map((r) => r.spent_by_txid!) };
}

/** A transaction we knew is now in a block: its outputs and spends take the block's height. */
export async function confirmTx(db: Db, txid: string, height: number, at: Date): Promise<void> {
  await db
    .updateTable('bitcoin_utxos')
    .set({ confirmed_height: height, updated_at: at })
    .where('txid', '=', txid)
    .where('confirmed_height', 'is', null)
    .execute();
  await db
    .updateTable('bitcoin_utxos')
    .set({ spent_height: height, updated_at: at })
    .where('spent_by_txid', '=', txid)
    .where('spent_height', 'is', null)
    .execute();
}

/**
 * A transaction that is neither in a block nor in the mempool any more (double spent, dropped): the outputs it
 * created are dropped, and the outputs it spent are unspent again. Answers how many outputs it dropped.
 */
export async function forgetTx(db: Db, txid: string, at: Date): Promise<number> {
  const dropped = await db.deleteFrom('bitcoin_utxos').where('txid', '=', txid).executeTakeFirst();
  await db
    .updateTable('bitcoin_utxos')
    .set({ spent_by_txid: null, spent_height: null, updated_at: at })
    .where('spent_by_txid', '=', txid)
    .execute();
  return Number(dropped.numDeletedRows);
}

/** The highest change index (m/1/i) an output has paid, or -1. */
export async function maxChangeIndex(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bitcoin_utxos')
    .select((eb) => eb.fn.max('derivation_index').as('n'))
    .where('chain', '=', 1)
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? -1 : Number(row.n);
}

/** Every output not spent by a transaction in a block, newest first (the admin list). */
export function listUtxos(db: Db, limit: number) {
  return db
    .selectFrom('bitcoin_utxos')
    .select([
      'txid',
      'vout',
      'address',
      'chain',
      'derivation_index',
      'value_sats',
      'confirmed_height',
      'spent_by_txid',
      'spent_height',
      'reserved_by',
      'first_seen_at',
    ])
    .where('spent_height', 'is', null)
    .orderBy('first_seen_at', 'desc')
    .orderBy('txid')
    .orderBy('vout')
    .limit(limit)
    .execute();
}

/**
 * The confirmed balance of each address, as a block explorer shows it: outputs in a block, less those spent by a
 * transaction in a block (only addresses with a balance).
 */
export async function confirmedBalances(db: Db): Promise<{ address: string; sats: string }[]> {
  const r = await sql<{ address: string; sats: string }>`
    select address, sum(value_sats)::text as sats
      from bitcoin_utxos
     where confirmed_height is not null and spent_height is null
     group by address
    having sum(value_sats) > 0
     order by address`.execute(db);
  return r.rows;
}
