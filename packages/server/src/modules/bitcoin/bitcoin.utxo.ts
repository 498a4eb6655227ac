// The coins we hold (#32), as admins and the reserves read them (the watcher keeps the set: bitcoin.watcher.ts).
import { formatUnits, type TBitcoinUtxoList } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../lib/dates.ts';
import { readWatcher } from './bitcoin.repo.ts';
import { listUtxos } from './bitcoin.utxo.repo.ts';

/** Outputs listed at most (a wallet with more is consolidated by its operator long before). */
const LIST_MAX = 2000;

/** bitcoin.utxos() (admin): the outputs no transaction in a block spends, with their confirmations. */
export async function bitcoinUtxos(db: Database): Promise<TBitcoinUtxoList> {
  const [rows, state] = await Promise.all([listUtxos(db, LIST_MAX + 1), readWatcher(db)]);
  const tip = state.tip_height;
  let confirmed = 0n;
  let unconfirmed = 0n;
  const items = rows.slice(0, LIST_MAX).map((r) => {
    const sats = BigInt(r.value_sats);
    if (r.confirmed_height === null) unconfirmed += sats;
    else confirmed += sats;
    return {
      txid: r.txid,
      vout: r.vout,
      address: r.address,
      chain: r.chain === 1 ? ('change' as const) : ('external' as const),
      index: r.derivation_index,
      amount: formatUnits(sats, 8),
      sats: sats.toString(),
      confirmations: r.confirmed_height === null || tip === null ? 0 : Math.max(0, tip - r.confirmed_height + 1),
      confirmedHeight: r.confirmed_height,
      spentByTxid: r.spent_by_txid,
      reservedBy: r.reserved_by,
      firstSeenAt: iso(r.first_seen_at),
    };
  });
  return {
    tipHeight: tip,
    confirmed: formatUnits(confirmed, 8),
    unconfirmed: formatUnits(unconfirmed, 8),
    items,
    truncated: rows.length > LIST_MAX,
  };
}
