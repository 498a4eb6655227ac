import { z } from 'zod';
import { tr } from './i18n.ts';
import { ZId, say } from './common.ts';
import { ZOtp } from './user.ts';

/**
 * One data export of the signed-in member (#21), as `dataExport.status()` lists it. `state` is what the page says:
 * being prepared, ready to download (until `expiresAt`), downloaded (the link worked once), expired, or failed.
 */
export const ZDataExport = z.object({
  id: ZId,
  state: z.enum(['preparing', 'ready', 'downloaded', 'expired', 'failed']),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  /** Size of the ZIP in bytes, once built. */
  bytes: z.number().int().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

export const ZDataExportLinkInput = z.strictObject({ id: ZId });
export type TDataExportLinkInput = z.infer<typeof ZDataExportLinkInput>;

/** A one-time download link: it works once, until `expiresAt`, and only for the member it was made for. */
export const ZDataExportLink = z.object({ url: z.string(), expiresAt: z.string() });
export type TDataExportLink = z.infer<typeof ZDataExportLink>;

/** user.close: the current password, and with two-factor on a current authenticator code. */
export const ZCloseAccountInput = z.strictObject({
  currentPassword: z
    .string(say(() => tr('validation.currentPasswordIsRequired', 'Current password is required')))
    .min(
      1,
      say(() => tr('validation.currentPasswordIsRequired', 'Current password is required')),
    )
    .max(
      200,
      say(() => tr('validation.currentPasswordMustBeAtMost', 'Current password must be at most 200 characters')),
    ),
  code: ZOtp.optional(),
});
export type TCloseAccountInput = z.infer<typeof ZCloseAccountInput>;

/** The same, under the names the issue gives scripts (`user.closeAccount({ currentPassword, otp? })`). */
export const ZCloseAccountLegacyInput = z.strictObject({
  currentPassword: ZCloseAccountInput.shape.currentPassword,
  otp: ZOtp.optional(),
});
export type TCloseAccountLegacyInput = z.infer<typeof ZCloseAccountLegacyInput>;
