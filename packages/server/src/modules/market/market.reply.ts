import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { type TMarketCoins, ZMarketCoins } from '@vestora/contract';

/** One answer of `GET /trpc/market.coins`, built once per refresh and source state, sent as bytes. */
export interface MarketReply {
  /** The answer as procedures return it (frozen). */
  readonly data: TMarketCoins;
  /** `{"result":{"data":…}}`: the bytes tRPC would send for the procedure, serialised once. */
  readonly body: Buffer;
  /** The same bytes gzip-compressed (once), for clients that accept gzip. */
  readonly gzip: Buffer;
  /** Strong ETag (quoted) of `body`; the gzip bytes carry `etagGzip`. Equal data gives equal tags on every instance. */
  readonly etag: string;
  readonly etagGzip: string;
}

/**
 * Serialises an answer exactly as tRPC does for `market.coins` (the output schema's parse, then JSON.stringify of
 * the `result` envelope), so the bytes equal the procedure's answer field for field and in the same key order.
 */
export function buildMarketReply(answer: TMarketCoins): MarketReply {
  const data = ZMarketCoins.parse(answer);
  const body = Buffer.from(JSON.stringify({ result: { data } }));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  return Object.freeze({
    data: answer,
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${hash}"`,
    etagGzip: `"${hash}-gz"`,
  });
}

/** The batched form of the same answer (`?batch=1`): tRPC's one-element array, from the same bytes. */
export function batchBody(reply: MarketReply): Buffer {
  return Buffer.concat([Buffer.from('['), reply.body, Buffer.from(']')]);
}
