import { z } from 'zod';
import { ZEmail, ZId, ZPageInput, ZTimestamp, page, plain, text, say, REASON } from './common.ts';
import { formatEnglish, tr } from './i18n.ts';
import { ZBalance } from './money.ts';
import { ZLocale, ZTheme } from './locale-schema.ts';

export const ZAccountType = z.enum(['user', 'admin']);
export type TAccountType = z.infer<typeof ZAccountType>;

export const ZPassword = z
  .string(say(() => tr('validation.passwordIsRequired', 'Password is required')))
  .min(
    8,
    say(() => tr('validation.passwordMustBeAtLeast8', 'Password must be at least 8 characters')),
  )
  .max(
    200,
    say(() => tr('validation.passwordMustBeAtMost200', 'Password must be at most 200 characters')),
  );

export const ZReferralCode = z
  .string()
  .trim()
  .max(
    32,
    say(() => tr('validation.referralCodeMustBeAtMost', 'Referral code must be at most 32 characters')),
  )
  .regex(
    /^[A-Za-z0-9]*$/,
    say(() => tr('validation.referralCodeMayOnlyContainLetters', 'Referral code may only contain letters and digits')),
  );

/** Self sign-up. accountType is accepted for legacy callers but always ignored (sign-up makes a user). */
export const ZSignupInput = z.strictObject({
  firstName: text(tr('field.firstName', 'First name')),
  lastName: text(tr('field.lastName', 'Last name')),
  country: text(tr('field.country', 'Country')),
  city: text(tr('field.city', 'City')),
  email: ZEmail,
  password: ZPassword,
  ref: ZReferralCode.optional(),
  accountType: plain(z.string().max(20), 'accountType').optional(),
  /** The language the visitor was reading in: saved on the new account (default `en`). */
  locale: ZLocale.optional(),
});
export type TSignupInput = z.infer<typeof ZSignupInput>;

/**
 * A second factor: the current 6-digit code of an authenticator app, or one of the recovery codes
 * (XXXX-XXXX-XXXX-XXXX; spaces, dashes and case do not matter).
 */
export const ZOtp = plain(
  z
    .string(say(() => tr('validation.theCodeMustBeText', 'The code must be text')))
    .trim()
    .min(
      1,
      say(() => tr('validation.enterThe6DigitCodeFrom', 'Enter the 6-digit code from your authenticator app')),
    )
    .max(
      40,
      say(() => tr('validation.theCodeMustBeAtMost', 'The code must be at most 40 characters')),
    ),
  tr('field.code', 'Code'),
);

/** What the server answers (401) to a right password when two-factor sign-in is on and no `otp` came. */
export const TWO_FACTOR_REQUIRED = tr(
  'auth.twoFactorRequired',
  'Enter the 6-digit code from your authenticator app (or one of your recovery codes) in the otp field.',
);
/** Its English text: the sign-in form tells this answer from a refusal by it. */
export const TWO_FACTOR_REQUIRED_MESSAGE = formatEnglish(TWO_FACTOR_REQUIRED);

export const ZLoginInput = z.strictObject({
  email: ZEmail,
  password: z
    .string(say(() => tr('validation.passwordIsRequired', 'Password is required')))
    .min(
      1,
      say(() => tr('validation.passwordIsRequired', 'Password is required')),
    )
    .max(
      200,
      say(() => tr('validation.passwordMustBeAtMost200', 'Password must be at most 200 characters')),
    ),
  /** Needed when two-factor sign-in is on: a current authenticator code or an unused recovery code. */
  otp: ZOtp.optional(),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** A user as every screen and caller sees it: never a password or hash. Balance in dollars. */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  city: z.string(),
  email: z.string(),
  accountType: ZAccountType,
  balance: z.number(),
  profilePicture: z.string(),
  version: z.number().int(),
  /** When an admin disabled the account (it cannot sign in); null while it is enabled. */
  disabledAt: ZTimestamp.nullable(),
  /** Whether sign-in (and requesting a withdrawal) asks for an authenticator code. */
  twoFactorEnabled: z.boolean(),
  /** Whether the owner proved the address (a verification or email-change link, or an admin marked it). */
  emailVerified: z.boolean(),
  /** The member's language (#22): the web client starts in it; e-mails, notifications and statements use it. */
  locale: ZLocale,
  /** The member's colour theme (#22): system, light or dark. */
  theme: ZTheme,
  createdAt: ZTimestamp,
});
export type TUser = z.infer<typeof ZUser>;

/** user.setLocale: the member's language, saved on the account. */
export const ZSetLocaleInput = z.strictObject({ locale: ZLocale });
export type TSetLocaleInput = z.infer<typeof ZSetLocaleInput>;

/** user.setTheme: the member's colour theme, saved on the account. */
export const ZSetThemeInput = z.strictObject({ theme: ZTheme });
export type TSetThemeInput = z.infer<typeof ZSetThemeInput>;

/**
 * user.list (admins): one page of users, newest sign-ups first (`order: 'oldest'` for sign-up order).
 * `search` matches the start of the email, the last name or "first last", case-insensitive; `ids` answers
 * just those users (at most 100, e.g. the reviewers named on a page), in the same order.
 */
export const ZUserListInput = ZPageInput.extend({
  search: plain(z.string().trim().max(100, 'search must be at most 100 characters'), 'search').optional(),
  ids: z.array(ZId).max(100, 'ids: at most 100 at a time').optional(),
  order: z.enum(['newest', 'oldest']).default('newest'),
});
export type TUserListInput = z.input<typeof ZUserListInput>;
export const ZUserPage = page(ZUser);
export type TUserPage = z.infer<typeof ZUserPage>;

/**
 * Admin edit of a user. `version`, when given, must match (optimistic concurrency); a balance change needs
 * it (409 without it) and becomes a ledger adjustment. Other fields may be sent without it (last write wins).
 */
export const ZUserUpdateInput = z.strictObject({
  id: ZId,
  version: z.number().int().min(0).optional(),
  firstName: text(tr('field.firstName', 'First name')).optional(),
  lastName: text(tr('field.lastName', 'Last name')).optional(),
  country: text(tr('field.country', 'Country')).optional(),
  city: text(tr('field.city', 'City')).optional(),
  email: ZEmail.optional(),
  accountType: ZAccountType.optional(),
  balance: ZBalance.optional(),
  profilePicture: plain(
    z
      .string()
      .trim()
      .max(
        500,
        say(() => tr('validation.profilePictureMustBeAtMost', 'Profile picture must be at most 500 characters')),
      ),
    tr('field.profilePicture', 'Profile picture'),
  ).optional(),
  reason: plain(
    z
      .string()
      .trim()
      .max(
        500,
        say(() => tr('validation.reasonMustBeAtMost500', 'Reason must be at most 500 characters')),
      ),
    REASON,
    {
      multiline: true,
    },
  ).optional(),
});
export type TUserUpdateInput = z.infer<typeof ZUserUpdateInput>;

/** An admin disables an account (its sessions end, it cannot sign in; balances and history stay) or re-enables it. */
export const ZUserSetDisabledInput = z.strictObject({
  id: ZId,
  disabled: z.boolean(),
});
export type TUserSetDisabledInput = z.infer<typeof ZUserSetDisabledInput>;

/** user.twoFactor.begin: a new secret to put in an authenticator app (scan otpauthUrl, or type secret). */
export const ZTwoFactorBeginOutput = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TTwoFactorBeginOutput = z.infer<typeof ZTwoFactorBeginOutput>;

/** user.twoFactor.enable / disable: a code proving the authenticator (disable also takes a recovery code). */
export const ZTwoFactorCodeInput = z.strictObject({ code: ZOtp });
export type TTwoFactorCodeInput = z.infer<typeof ZTwoFactorCodeInput>;

/** user.twoFactor.enable: the ten one-time recovery codes, shown this once (the server keeps only hashes). */
export const ZTwoFactorEnableOutput = z.object({ recoveryCodes: z.array(z.string()) });
export type TTwoFactorEnableOutput = z.infer<typeof ZTwoFactorEnableOutput>;
