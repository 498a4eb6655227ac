import { ZSignupInput } from './user.ts';
import { z } from 'zod';
import { say } from './common.ts';
import { tr } from './i18n.ts';

/** A fact about the operator: trimmed text, or null while an admin has not set it. */
const fact = (max: number) => z.string().trim().max(max).nullable();

/**
 * The operator's facts the public pages state (About, Contact, the Early Adopter badge). Every field is
 * null until an admin sets it on the Site settings page; a page says nothing rather than something invented.
 */
export const ZSiteSettings = z.object({
  companyName: fact(200),
  /** Where and under which number the company is registered (free text). */
  registration: fact(300),
  /** The postal address, one line per line. */
  address: fact(500),
  supportEmail: z.email().nullable(),
  /** The licence the operator holds, if any. */
  licence: fact(300),
  /** Accounts opened on or before this day (UTC) earn the Early Adopter badge. */
  launchDate: z.iso.date().nullable(),
  /** An https link to the operator's place on a map service: Contact shows it as a link (never a frame). */
  mapUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** `site.updateSettings`: the whole set (an empty text clears a fact). */
export const ZSiteSettingsInput = z.object({
  companyName: fact(200).transform((v) => v || null),
  registration: fact(300).transform((v) => v || null),
  address: fact(500).transform((v) => v || null),
  supportEmail: z
    .string()
    .trim()
    .max(254)
    .nullable()
    .transform((v) => v || null)
    .pipe(
      z
        .email(say(() => tr('validation.supportEmailMustBeAValid', 'Support email must be a valid email address')))
        .nullable(),
    ),
  licence: fact(300).transform((v) => v || null),
  launchDate: z
    .string()
    .trim()
    .nullable()
    .transform((v) => v || null)
    .pipe(
      z.iso
        .date(say(() => tr('validation.launchDateMustBeADate', 'Launch date must be a date like 2026-12-31')))
        .nullable(),
    ),
  /** Left out: the saved link stays; empty: no link. */
  mapUrl: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))
    .pipe(
      z
        .url({
          protocol: /^https$/,
          ...say(() => tr('validation.mapUrlMustBeHttps', 'Map link must be a web address starting with https://')),
        })
        .nullable()
        .optional(),
    ),
});
export type TSiteSettingsInput = z.input<typeof ZSiteSettingsInput>;
/** The set as the server stores it: empty texts made null. */
export type TSiteSettingsValues = z.output<typeof ZSiteSettingsInput>;

/** What the server does, for pages that describe it (`site.config`, public). */
export const ZSiteConfig = z.object({
  /** Whether this installation sends email (SMTP_URL set); without it messages wait in the admins' Outbox. */
  mailEnabled: z.boolean(),
  /** The referral reward the server pays: percent of a friend's first investment, at most maxDollars. */
  referral: z.object({ percent: z.number(), maxDollars: z.number() }),
  /** The largest identity document the upload takes, in MB (KYC_MAX_UPLOAD_MB, #33): said before a member uploads. */
  kycMaxUploadMb: z.number(),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

/** `profile.update`: the signed-in member's own name, country and city (the same rules as sign-up). */
export const ZProfileUpdateInput = ZSignupInput.pick({ firstName: true, lastName: true, country: true, city: true });
export type TProfileUpdateInput = z.infer<typeof ZProfileUpdateInput>;
