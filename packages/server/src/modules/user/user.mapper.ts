import { centsToDollars, type TUser } from '@vestora/contract';
import type { PublicUserRow } from './user.repo.ts';

/** A user row as every caller sees it: never the password hash; balance in dollars. */
export function toPublicUser(row: PublicUserRow): TUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    city: row.city,
    email: row.email,
    accountType: row.account_type,
    balance: centsToDollars(Number(row.balance_cents)),
    profilePicture: row.profile_picture,
    version: row.version,
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at).toISOString(),
    twoFactorEnabled: row.two_factor_enabled_at !== null,
    emailVerified: row.email_verified_at !== null,
    locale: row.locale,
    theme: row.theme,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
