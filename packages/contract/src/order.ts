// #31: limit orders. A member buys or sells a listed coin at a limit price (dollars per whole coin, spread and fee
// included), good until cancelled or until `expiresAt`; amounts and prices are decimal strings, never floats.
import { z } from 'zod';
import { plain, required, say, ZId, ZTimestamp } from './common.ts';
import { tr } from './i18n.ts';
import { ZAssetCode, ZDecimalAmount, ZUsd } from './trade.ts';

const LIMIT = tr('field.limitPrice', 'Limit price');

/** A limit price as typed: dollars per whole coin in digits. */
export const ZLimitPrice = plain(
  z
    .string(required(LIMIT))
    .trim()
    .max(
      40,
      say(() => tr('validation.limitPrice.tooLong', 'Limit price has too many digits')),
    )
    .regex(
      /^\d{1,20}(\.\d{1,18})?$/,
      say(() => tr('validation.limitPrice.malformed', 'Limit price: dollars per coin in digits (like 95000.50)')),
    ),
  LIMIT,
);

export const ZOrderSide = z.enum(['buy', 'sell']);
export const ZOrderStatus = z.enum(['open', 'filled', 'cancelled', 'expired']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** order.place: coins (`amount`) or dollars (`amountUsd`), exactly one of them. */
export const ZOrderPlaceInput = z
  .strictObject({
    side: ZOrderSide,
    asset: ZAssetCode,
    amount: ZDecimalAmount.optional(),
    amountUsd: ZDecimalAmount.optional(),
    limitPrice: ZLimitPrice,
    expiresAt: z.iso
      .datetime({ offset: true, ...say(() => tr('validation.expiresAt', 'Expiry: a date and time')) })
      .optional(),
  })
  .refine((v) => (v.amount === undefined) !== (v.amountUsd === undefined), {
    ...say(() => tr('validation.orderAmount', 'Give either an amount of the coin or an amount in dollars')),
    path: ['amount'],
  });
export type TOrderPlaceInput = z.infer<typeof ZOrderPlaceInput>;

export const ZOrderCancelInput = z.strictObject({ id: ZId });
export const ZOrderListInput = z.strictObject({ status: ZOrderStatus.optional() }).prefault({});

/** A message descriptor on the wire (shown in the reader's language). */
export const ZMsgWire = z.object({
  id: z.string(),
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const ZOrder = z.object({
  id: z.string(),
  side: ZOrderSide,
  asset: z.string(),
  /** The coins named (null when the order names dollars). */
  amount: z.string().nullable(),
  /** The dollars named (null when the order names coins). */
  amountUsd: ZUsd.nullable(),
  /** Dollars per whole coin, spread and fee included: a buy fills at or below it, a sale at or above. */
  limitPrice: z.string(),
  /** What is set aside while open (dollars for a buy, the coin for a sale), in `heldAsset`; "0" once closed. */
  held: z.string(),
  heldAsset: z.string(),
  status: ZOrderStatus,
  /** Why an open order has not filled yet (null once closed). */
  waiting: ZMsgWire.nullable(),
  expiresAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  closedAt: ZTimestamp.nullable(),
  /** The trade that filled it. */
  tradeId: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderList = z.object({ items: z.array(ZOrder) });
export type TOrderList = z.infer<typeof ZOrderList>;
