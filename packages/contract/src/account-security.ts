import { z } from 'zod';
import { tr } from './i18n.ts';
import { ZEmail, ZId, say } from './common.ts';
import { ZOtp, ZPassword } from './user.ts';

/** The current password, as typed: checked against the stored hash, so only its presence and size are validated. */
const ZCurrentPassword = z
  .string(say(() => tr('validation.currentPasswordIsRequired', 'Current password is required')))
  .min(
    1,
    say(() => tr('validation.currentPasswordIsRequired', 'Current password is required')),
  )
  .max(
    200,
    say(() => tr('validation.currentPasswordMustBeAtMost', 'Current password must be at most 200 characters')),
  );

/** A link's token: 256 random bits in base64url (43 characters). */
export const ZAccountToken = z
  .string(say(() => tr('validation.theLinkIsMissingItsToken', 'The link is missing its token')))
  .trim()
  .min(
    1,
    say(() => tr('validation.theLinkIsMissingItsToken', 'The link is missing its token')),
  )
  .max(
    200,
    say(() => tr('validation.theLinkTokenIsTooLong', 'The link token is too long')),
  )
  .regex(
    /^[A-Za-z0-9_-]+$/,
    say(() =>
      tr('validation.theLinkTokenIsMalformedOpen', 'The link token is malformed: open the link exactly as it was sent'),
    ),
  );

export const ZChangePasswordInput = z.strictObject({
  currentPassword: ZCurrentPassword,
  newPassword: ZPassword,
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZChangeEmailInput = z.strictObject({
  currentPassword: ZCurrentPassword,
  newEmail: ZEmail,
});
export type TChangeEmailInput = z.infer<typeof ZChangeEmailInput>;

export const ZConfirmEmailInput = z.strictObject({ token: ZAccountToken });
export type TConfirmEmailInput = z.infer<typeof ZConfirmEmailInput>;

/** What a used email link did: verified the address, or changed the account's address to it. */
export const ZConfirmEmailResult = z.object({
  outcome: z.enum(['verified', 'changed']),
  email: z.string(),
});
export type TConfirmEmailResult = z.infer<typeof ZConfirmEmailResult>;

export const ZRequestPasswordResetInput = z.strictObject({ email: ZEmail });
export type TRequestPasswordResetInput = z.infer<typeof ZRequestPasswordResetInput>;

export const ZResetPasswordInput = z.strictObject({
  token: ZAccountToken,
  newPassword: ZPassword,
});
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

export const ZMarkEmailVerifiedInput = z.strictObject({ id: ZId });
export type TMarkEmailVerifiedInput = z.infer<typeof ZMarkEmailVerifiedInput>;

/** Whether mail is delivered, and so whether a withdrawal needs a verified address. */
export const ZEmailPolicy = z.object({
  mailDelivered: z.boolean(),
  withdrawalNeedsVerifiedEmail: z.boolean(),
});
export type TEmailPolicy = z.infer<typeof ZEmailPolicy>;

/** user.twoFactor.begin: the account's current password (a stolen session alone cannot turn two-factor on). */
export const ZTwoFactorBeginInput = z.strictObject({ currentPassword: ZCurrentPassword });
export type TTwoFactorBeginInput = z.infer<typeof ZTwoFactorBeginInput>;

/** user.twoFactor.regenerateRecoveryCodes: a current 6-digit authenticator code (a recovery code is not enough). */
export const ZTwoFactorRegenerateInput = z.strictObject({ code: ZOtp });
export type TTwoFactorRegenerateInput = z.infer<typeof ZTwoFactorRegenerateInput>;
