import fs from 'node:fs/promises';
import path from 'node:path';
import type { TCoin } from '@vestora/contract';
import { z } from 'zod';
import { parseFeedCoins } from './market.feed.ts';

/** What we keep on disk so a restart without network serves the last good data, not the snapshot. */
const ZCacheFile = z.object({
  version: z.literal(1),
  feedUrl: z.string(),
  fetchedAt: z.iso.datetime(),
  coins: z.array(z.unknown()),
});

export interface CachedCoins {
  coins: TCoin[];
  fetchedAtMs: number;
}

/**
 * The last good data saved by an earlier run for the same feed, or null (no file, another feed's data).
 * Throws if the file exists but cannot be read or is not ours: the caller logs that and carries on.
 */
export async function readCacheFile(file: string, feedUrl: string): Promise<CachedCoins | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = ZCacheFile.parse(JSON.parse(text));
  if (parsed.feedUrl !== feedUrl) return null;
  // Same checks as a fresh answer: a hand-edited file gets no further than the feed could.
  return { coins: parseFeedCoins(parsed.coins), fetchedAtMs: Date.parse(parsed.fetchedAt) };
}

let tmpCounter = 0;

/** Saves the data atomically (temp file + rename), so a crash mid-write never leaves half a file. */
export async function writeCacheFile(file: string, feedUrl: string, data: CachedCoins): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${++tmpCounter}.tmp`;
  const body = JSON.stringify({
    version: 1,
    feedUrl,
    fetchedAt: new Date(data.fetchedAtMs).toISOString(),
    coins: data.coins,
  });
  try {
    await fs.writeFile(tmp, body, 'utf8');
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
}
