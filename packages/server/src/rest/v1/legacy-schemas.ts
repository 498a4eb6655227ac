import {
  riskLevelText,
  type TAccount,
  type TPlan,
  type TUser,
  ZAccount,
  ZAccountFields,
  ZAccountType,
  ZApprovalRef,
  ZLoginInput,
  ZId,
  ZPlan,
  ZPlanFields,
  ZReferral,
  ZRoleRequest,
  ZSignupInput,
  ZUserUpdateInput,
} from '@vestora/contract';
import { z } from 'zod';
import type { ErrorBody } from '../../lib/errors.ts';

/**
 * The legacy /api/v1 wire shapes: `_id` / `__v` where tRPC says `id` / `version`, `accountBallance` where
 * it says `balance`, `{ data }` / `{ err }` envelopes. Request bodies reuse the contract's field validators
 * under their legacy names, so a refusal names the field the caller sent with the procedure's own message;
 * the procedure still validates what it is given. These schemas are also the source of /api/v1/openapi.json.
 */

/** A value an edit screen sends back because it showed it; read-only, accepted and ignored. */
const echo = z.unknown().optional().meta({ description: 'Read-only; accepted (edit screens echo it) and ignored.' });

// ---- responses -------------------------------------------------------------------------------------

export const ZLegacyError = z
  .strictObject({ err: z.string().meta({ description: 'A sentence meant for the person who made the request.' }) })
  .meta({ title: 'Error' }) satisfies z.ZodType<ErrorBody>;

export const ZLegacyUser = z
  .strictObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    country: z.string(),
    city: z.string(),
    email: z.string(),
    accountType: ZAccountType,
    accountBallance: z.number().meta({ description: 'Balance in dollars (at most 2 decimals).' }),
    profilePicture: z.string(),
    createdAt: z.string().meta({ description: 'ISO-8601 timestamp.' }),
    __v: z.number().int().meta({ description: 'Version: send it back with an edit; a stale one is refused (409).' }),
  })
  .meta({ title: 'LegacyUser' });
export type LegacyUser = z.infer<typeof ZLegacyUser>;

/** POST /user/update: the user as it now is, and the pending role request when the edit asked for a new role. */
export const ZLegacyUserUpdateResult = ZLegacyUser.extend({
  roleRequest: ZRoleRequest.optional().meta({
    description:
      'Set when the edit changed accountType: the role is not changed, a pending request (its id) waits for ' +
      'another administrator (user.roleRequest.approve).',
  }),
  approval: ZApprovalRef.optional().meta({
    description:
      'Set when the edit changed accountBallance: the balance is not changed, a pending proposal (its id) waits ' +
      'for another administrator (approval.approve); accountBallance is the balance as it still is.',
  }),
  emailChangeSentTo: z
    .string()
    .optional()
    .meta({
      description:
        "Set when the edit changed a member's email: the address is not changed, the new one was sent a " +
        'confirmation link that the member opens, and the old one was told.',
    }),
}).meta({ title: 'LegacyUserUpdateResult' });

const { id: _planId, version: _planVersion, riskLevelUnmapped: _unmapped, ...planFields } = ZPlan.shape;
export const ZLegacyPlan = z
  .strictObject({
    _id: z.string(),
    ...planFields,
    riskLevel: z.string().meta({
      description:
        'The risk in English: Very low, Low, Medium, High or Very high; a plan graded before the scale (#34) whose ' +
        'text named no one level shows that text to admins until one chooses (anyone else reads an empty risk).',
    }),
    __v: z.number().int(),
  })
  .meta({ title: 'LegacyPlan' });
export type LegacyPlan = z.infer<typeof ZLegacyPlan>;

// The legacy record has no isSet (the admin Overview and the Deposit page read it through /trpc).
// The BIC and routing number (#34) are not in the legacy record's shape.
const { id: _accountId, isSet: _isSet, bic: _bic, routingNumber: _routing, ...accountFields } = ZAccount.shape;
export const ZLegacyAccount = z.strictObject({ _id: z.string(), ...accountFields }).meta({ title: 'LegacyAccount' });
/** POST /accountsNumber/update: the record as it still is and the pending proposal (#27). */
export const ZLegacyAccountChange = ZLegacyAccount.extend({
  approval: ZApprovalRef.meta({
    description:
      'The change is not made: a pending proposal (its id) waits for another administrator (approval.approve).',
  }),
}).meta({ title: 'LegacyAccountChange' });
export type LegacyAccount = z.infer<typeof ZLegacyAccount>;

export const ZLegacyReferral = z.strictObject(ZReferral.shape).meta({ title: 'Referral' });

/** `{ data: T }`, the legacy success envelope. */
export const dataOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: item });

// ---- request bodies --------------------------------------------------------------------------------

/** POST /user/signup: the tRPC sign-up input as is (accountType is accepted and ignored). */
export const ZLegacySignupBody = ZSignupInput;
/** POST /user/login. */
export const ZLegacyLoginBody = ZLoginInput;

export const PASSWORD_NOT_EDITABLE_MESSAGE =
  'A password cannot be changed through user update. Remove the password field and send the request again.';

const U = ZUserUpdateInput.shape;
/** POST /user/update: the full edited user object, as the legacy edit panel sends it. */
export const ZLegacyUserUpdateBody = z.strictObject({
  _id: U.id,
  __v: U.version.meta({
    description: 'The version the edit was made on; a stale one is refused (409). Needed to change accountBallance.',
  }),
  firstName: U.firstName,
  lastName: U.lastName,
  country: U.country,
  city: U.city,
  email: U.email,
  accountType: U.accountType,
  accountBallance: U.balance.meta({
    description: 'The new balance in dollars; a change is recorded as a ledger adjustment.',
  }),
  profilePicture: U.profilePicture,
  reason: U.reason,
  password: z.never({ error: PASSWORD_NOT_EDITABLE_MESSAGE }).optional().meta({
    description: 'Refused: passwords are never changed through user update.',
  }),
  createdAt: echo,
  updatedAt: echo,
  referralCode: echo,
  referralLink: echo,
  referredBy: echo,
});
export type LegacyUserUpdateBody = z.output<typeof ZLegacyUserUpdateBody>;

/** A term as legacy callers write it, in text; read into the plan's structured terms. */
const termText = (example: string) =>
  z
    .string()
    .max(100)
    .optional()
    .meta({
      description: `Text such as "${example}", read into the plan's terms; a 400 names the field it cannot read.`,
    });
/** Shown text that is now computed from the terms: accepted (old callers send it) and ignored. */
const derived = z.unknown().optional().meta({ description: 'Derived from the terms; accepted and ignored.' });

/** The plan as legacy callers write it: name, risk level and description as they are, terms as text. */
const LEGACY_PLAN_WRITE = {
  investmentPlanName: ZPlanFields.shape.investmentPlanName,
  interestRate: termText('7%'),
  investmentLimit: termText('$1,000 - $4,999'),
  returns: termText('Monthly'),
  investmentDuration: termText('2'),
  riskLevel: termText('Low').meta({
    description:
      'Very low, Low, Medium, High or Very high (any case; "moderate" reads as Medium); a 400 names the scale.',
  }),
  capitalGrowth: derived,
  totalReturn: derived,
  investmentPlanDescription: ZPlanFields.shape.investmentPlanDescription,
  investmentPlanImage: ZPlanFields.shape.investmentPlanImage,
};

/** POST /investment_plan/craete: the text fields; interestRate, investmentLimit, returns and investmentDuration are required. */
export const ZLegacyPlanCreateBody = z.strictObject(LEGACY_PLAN_WRITE);
export type LegacyPlanCreateBody = z.output<typeof ZLegacyPlanCreateBody>;

/** POST /investment_plan/update: the changed fields plus `_id` (and `__v`, refused when stale). */
export const ZLegacyPlanUpdateBody = z.strictObject({
  ...z.object(LEGACY_PLAN_WRITE).partial().shape,
  investmentPlanDescription: ZPlanFields.shape.investmentPlanDescription.unwrap().optional(),
  investmentPlanImage: ZPlanFields.shape.investmentPlanImage.unwrap().optional(),
  _id: ZId,
  __v: z.number().int().min(0).optional(),
  createdAt: echo,
  updatedAt: echo,
  // The structured terms and state a plan read from this API carries; legacy callers write the text.
  annualRateBps: echo,
  minAmount: echo,
  maxAmount: echo,
  termMonths: echo,
  payoutFrequency: echo,
  earlyExitAllowed: echo,
  capacity: echo,
  remainingCapacity: echo,
  status: echo,
  openForInvesting: echo,
});
export type LegacyPlanUpdateBody = z.output<typeof ZLegacyPlanUpdateBody>;

/** POST /accountsNumber/update: the account fields; the record the screen showed may be sent back whole. */
export const ZLegacyAccountUpdateBody = z.strictObject({
  ...ZAccountFields.shape,
  _id: echo,
  id: echo,
  __v: echo,
  createdAt: echo,
  updatedAt: echo,
});
export type LegacyAccountUpdateBody = z.output<typeof ZLegacyAccountUpdateBody>;

// ---- typed mapping, both ways ----------------------------------------------------------------------

/** Field names as legacy callers know them, for validation messages from a procedure (version → __v). */
export const LEGACY_FIELD_NAMES: Record<string, string> = { id: '_id', version: '__v', balance: 'accountBallance' };

/** A user as legacy callers read it (field order as the legacy API always sent it). */
export function toLegacyUser(u: TUser): LegacyUser {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    country: u.country,
    city: u.city,
    email: u.email,
    accountType: u.accountType,
    accountBallance: u.balance,
    profilePicture: u.profilePicture,
    createdAt: u.createdAt,
    __v: u.version,
  };
}

export function toLegacyPlan({ id, version, riskLevel, riskLevelUnmapped, ...rest }: TPlan): LegacyPlan {
  return { _id: id, ...rest, riskLevel: riskLevelText(riskLevel, riskLevelUnmapped), __v: version };
}

/** The legacy record's shape: the BIC and routing number (#34) are not in it. */
export function toLegacyAccount({ id, isSet: _isSet, bic: _b, routingNumber: _r, ...rest }: TAccount): LegacyAccount {
  return { _id: id, ...rest };
}

/** The legacy user edit in tRPC terms; the echoed read-only fields are dropped. */
export function fromLegacyUserUpdate(body: LegacyUserUpdateBody): z.input<typeof ZUserUpdateInput> {
  const { _id, __v, accountBallance, password: _password, reason, ...rest } = body;
  const { createdAt: _c, updatedAt: _u, referralCode: _rc, referralLink: _rl, referredBy: _rb, ...fields } = rest;
  return {
    id: _id,
    ...(__v === undefined ? {} : { version: __v }),
    ...fields,
    ...(accountBallance === undefined ? {} : { balance: accountBallance }),
    // The legacy edit panel has no reason field: a balance change it makes still says where it came from.
    ...(reason?.trim() ? { reason } : accountBallance === undefined ? {} : { reason: LEGACY_BALANCE_REASON }),
  };
}

/** The reason recorded for a balance changed through /api/v1/user/update without one. */
export const LEGACY_BALANCE_REASON = 'Changed through the legacy API';

/** The legacy deposit-account edit in tRPC terms. */
export function fromLegacyAccountUpdate(body: LegacyAccountUpdateBody): z.input<typeof ZAccountFields> {
  const { _id: _i, id: _id, __v: _v, createdAt: _c, updatedAt: _u, bic, routingNumber, ...fields } = body;
  // Sent empty: none (null); not sent: left as it is (the legacy screen has neither field).
  return {
    ...fields,
    ...(bic === undefined ? {} : { bic: bic ?? '' }),
    ...(routingNumber === undefined ? {} : { routingNumber: routingNumber ?? '' }),
  };
}
