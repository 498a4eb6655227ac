import fs from 'node:fs';
import { ZCoin, type TCoin } from '@vestora/contract';
import { z } from 'zod';

/** The bundled snapshot file: served (marked 'snapshot') only while the feed has never answered. */
export const SNAPSHOT_FILE = new URL('./snapshot.json', import.meta.url);

const ZSnapshotFile = z.object({
  takenAt: z.iso.datetime(),
  coins: z.array(ZCoin).min(1),
});

export interface MarketSnapshot {
  coins: TCoin[];
  takenAt: string;
}

/** Reads and checks a snapshot file; throws with a readable message if it is not one. */
export function readSnapshotFile(file: URL | string = SNAPSHOT_FILE): MarketSnapshot {
  const parsed = ZSnapshotFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  // Keep only the contract's fields (the file carries more of the feed's, e.g. market_cap_rank).
  return { takenAt: parsed.takenAt, coins: parsed.coins.map((c) => ZCoin.parse(c)) };
}
