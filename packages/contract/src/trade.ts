// #30: members trade listed coins with the platform at a firm quoted price; every amount is a decimal string in
// its asset's unit ("0.00120000" BTC, "12.34" USD), exact, never a float.
import { z } from 'zod';
import { page, plain, REASON, required, say, ZId, ZPageInput, ZTimestamp } from './common.ts';
import { tr } from './i18n.ts';

const ASSET = tr('field.asset', 'Asset');
const AMOUNT = tr('field.amount', 'Amount');

/** An asset's code: USD or a listed coin's symbol (upper case; "btc" is read as BTC). */
export const ZAssetCode = z
  .string(required(ASSET))
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9]{2,10}$/,
    say(() => tr('validation.assetCode', 'Asset: a code such as USD or BTC')),
  );

/**
 * An amount as typed, in plain decimal digits; the server checks it against the asset's scale (an amount finer
 * than the asset's smallest unit is refused, never rounded).
 */
export const ZDecimalAmount = plain(
  z
    .string(required(AMOUNT))
    .trim()
    .max(
      90,
      say(() => tr('validation.units.tooLong', 'Amount has too many digits')),
    )
    .regex(
      /^\d+(\.\d+)?$/,
      say(() => tr('validation.units.malformed', 'Write the amount in digits with a point for decimals (like 12.5)')),
    ),
  AMOUNT,
);

/** Dollars as a decimal string with cents ("1234.50"). */
export const ZUsd = z.string();

/** One asset as asset.list shows it (public): its trading terms and the price a quote would use now. */
export const ZAsset = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The market feed's id (null: USD). */
  coinId: z.string().nullable(),
  scale: z.number().int(),
  tradable: z.boolean(),
  paused: z.boolean(),
  /** Bounds of one trade's dollar value before spread and fee. */
  minUsd: ZUsd,
  maxUsd: ZUsd,
  spreadBps: z.number().int(),
  feeBps: z.number().int(),
  /** The most the treasury may hold of it, in dollars at the current price. */
  exposureLimitUsd: ZUsd,
  /** The feed's price in dollars as a decimal string (null: none, or too old to trade at). */
  priceUsd: z.string().nullable(),
  /** When that price was current (the older of the feed's own time and our fetch). */
  priceAt: ZTimestamp.nullable(),
});
export type TAsset = z.infer<typeof ZAsset>;

const BPS = (label: string) => z.number().int().min(0).max(2000, `${label}: at most 2000 basis points (20%)`);

export const ZAssetUpdateInput = z.strictObject({
  symbol: ZAssetCode,
  tradable: z.boolean().optional(),
  paused: z.boolean().optional(),
  minUsd: ZDecimalAmount.optional(),
  maxUsd: ZDecimalAmount.optional(),
  spreadBps: BPS('spreadBps').optional(),
  feeBps: BPS('feeBps').optional(),
  exposureLimitUsd: ZDecimalAmount.optional(),
});
export type TAssetUpdateInput = z.infer<typeof ZAssetUpdateInput>;

/** trade.quote: the amount to give (`fromAmount`) or the amount to get (`toAmount`), in that asset's unit. */
export const ZTradeQuoteInput = z.union([
  z.strictObject({ from: ZAssetCode, to: ZAssetCode, fromAmount: ZDecimalAmount }),
  z.strictObject({ from: ZAssetCode, to: ZAssetCode, toAmount: ZDecimalAmount }),
]);
export type TTradeQuoteInput = z.infer<typeof ZTradeQuoteInput>;

/** A feed price a quote used: dollars per whole coin, before spread. */
export const ZTradePrice = z.object({ asset: z.string(), priceUsd: z.string(), at: ZTimestamp });
export type TTradePrice = z.infer<typeof ZTradePrice>;

export const ZTradeQuote = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  fromAmount: z.string(),
  toAmount: z.string(),
  prices: z.array(ZTradePrice),
  spreadUsd: ZUsd,
  feeUsd: ZUsd,
  /** The dollar value of the trade before spread and fee. */
  grossUsd: ZUsd,
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp,
});
export type TTradeQuote = z.infer<typeof ZTradeQuote>;

export const ZTradeAcceptInput = z.strictObject({ quoteId: ZId });

export const ZTrade = z.object({
  id: z.string(),
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  fromAmount: z.string(),
  toAmount: z.string(),
  prices: z.array(ZTradePrice),
  spreadUsd: ZUsd,
  feeUsd: ZUsd,
  grossUsd: ZUsd,
  createdAt: ZTimestamp,
});
export type TTrade = z.infer<typeof ZTrade>;

export const ZTradeListInput = ZPageInput.extend({ format: z.enum(['json', 'csv']).optional() });
export const ZTradeList = page(ZTrade).extend({ csv: z.string().optional() });
export type TTradeList = z.infer<typeof ZTradeList>;

/** portfolio.holdings: every asset held (dollars included) with its value, cost and unrealised gain. */
export const ZHolding = z.object({
  asset: z.string(),
  name: z.string(),
  /** Available: what the member can spend or sell now. */
  amount: z.string(),
  /** #31: set aside (for open limit orders and, in dollars, pending withdrawals), on top of `amount`. */
  held: z.string(),
  /** null: no fresh price (the value and the gain are then unknown). */
  priceUsd: z.string().nullable(),
  valueUsd: ZUsd.nullable(),
  /** What the coins still held cost (spread and fee included), by FIFO; dollars cost themselves. */
  costUsd: ZUsd,
  unrealizedUsd: ZUsd.nullable(),
});
export type THolding = z.infer<typeof ZHolding>;
export const ZHoldings = z.object({
  totalUsd: ZUsd,
  /** True when a held coin has no price: totalUsd leaves it out. */
  partial: z.boolean(),
  items: z.array(ZHolding),
});
export type THoldings = z.infer<typeof ZHoldings>;

export const ZGainsInput = z.strictObject({
  year: z.number().int().min(2000).max(2100),
  format: z.enum(['json', 'csv']).optional(),
});
export const ZGainRow = z.object({
  asset: z.string(),
  amount: z.string(),
  acquiredAt: ZTimestamp,
  disposedAt: ZTimestamp,
  proceedsUsd: ZUsd,
  costUsd: ZUsd,
  gainUsd: ZUsd,
});
export type TGainRow = z.infer<typeof ZGainRow>;
export const ZGains = z.object({
  method: z.literal('fifo'),
  year: z.number().int(),
  rows: z.array(ZGainRow),
  totalGainUsd: ZUsd,
  csv: z.string().optional(),
});
export type TGains = z.infer<typeof ZGains>;

/** treasury.summary (admin): per asset what the treasury and the members hold, its value and the revenue. */
export const ZTreasuryRow = z.object({
  asset: z.string(),
  treasury: z.string(),
  membersHold: z.string(),
  /** The treasury's holding at the current price (null: no fresh price). */
  exposureUsd: ZUsd.nullable(),
  exposureLimitUsd: ZUsd,
  /** Spread and fee earned on trades of this coin (dollars). */
  revenueUsd: ZUsd,
});
export const ZTreasurySummary = z.object({ assets: z.array(ZTreasuryRow), revenueUsd: ZUsd });
export type TTreasurySummary = z.infer<typeof ZTreasurySummary>;

export const ZTreasuryFundInput = z.strictObject({
  asset: ZAssetCode,
  amount: ZDecimalAmount,
  reason: plain(z.string().trim().min(1, required(REASON)).max(500), REASON, { multiline: true }),
});
export type TTreasuryFundInput = z.infer<typeof ZTreasuryFundInput>;
