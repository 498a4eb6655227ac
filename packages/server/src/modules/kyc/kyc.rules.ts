// #33: what each identity tier needs, and the checks on what a member gives (pure: no database).
import { type TKycDocumentKind, type TKycItem, tr } from '@vestora/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** The details every application carries (tier 1's; a tier-2 application repeats them). */
export const DETAIL_ITEMS = ['legal_name', 'date_of_birth', 'address'] as const satisfies readonly TKycItem[];

/** The document kinds a tier asks for on top of the tier below it. */
export function documentKindsFor(tier: 1 | 2, config: Pick<Config, 'KYC_REQUIRE_SELFIE'>): TKycDocumentKind[] {
  if (tier === 1) return ['identity'];
  return config.KYC_REQUIRE_SELFIE ? ['proof_of_address', 'selfie'] : ['proof_of_address'];
}

/** What reaching `tier` from `held` needs: the details and every kind of the tiers between. */
export function itemsFor(tier: 1 | 2, held: number, config: Pick<Config, 'KYC_REQUIRE_SELFIE'>): TKycItem[] {
  const kinds = tier === 2 && held < 1 ? [...documentKindsFor(1, config), ...documentKindsFor(2, config)] : [];
  return [...DETAIL_ITEMS, ...(kinds.length ? kinds : documentKindsFor(tier, config))];
}

/** The tier an item backs: losing it brings the member down to the tier below. */
export function tierOfItem(item: TKycItem): 1 | 2 {
  return item === 'proof_of_address' || item === 'selfie' ? 2 : 1;
}

/** A member must be an adult: 18 years (the age of majority in the markets the product serves). */
export const ADULT_YEARS = 18;
/** No one is older than this: a date of birth before it is a typing mistake. */
const MAX_AGE_YEARS = 120;

/** The UTC calendar date of `now`, 'YYYY-MM-DD' (documents' expires_on are calendar dates). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** `years` before the calendar date of `now` ('YYYY-MM-DD'; 29 February falls back to 28 February). */
function yearsBefore(now: Date, years: number): string {
  const y = now.getUTCFullYear() - years;
  const m = now.getUTCMonth();
  const d = Math.min(now.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return isoDay(new Date(Date.UTC(y, m, d)));
}

/** Refuses a date of birth in the future, of a minor, or of someone older than anyone alive. */
export function checkDateOfBirth(dateOfBirth: string, now: Date): void {
  const today = isoDay(now);
  if (dateOfBirth >= today)
    throw new AppError('BAD_INPUT', tr('kyc.birthInFuture', 'Your date of birth must be a date in the past.'));
  if (dateOfBirth > yearsBefore(now, ADULT_YEARS))
    throw new AppError(
      'BAD_INPUT',
      tr('kyc.notAdult', 'You must be at least {years} years old to verify your identity.', { years: ADULT_YEARS }),
    );
  if (dateOfBirth < yearsBefore(now, MAX_AGE_YEARS))
    throw new AppError(
      'BAD_INPUT',
      tr('kyc.birthTooOld', 'Please check your date of birth: it is too far in the past.'),
    );
}

/** A name as compared: case, accents and spacing do not count ("José  Silva" is "jose silva"). */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

const foldName = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * Whether a member's name change takes them away from their verified legal name (they are then returned to review
 * for it): the name changed (spaces and letter case alone are no change; an absent field, an admin's edit that
 * leaves it, neither) and some word of the new name is not in the verified legal name ("Kim Park" for a verified
 * "Kim Example Park" is still theirs). Without a verified legal name there is nothing to contradict.
 */
export function nameLeavesLegalName(
  legalName: string | null | undefined,
  before: { first_name: string; last_name: string },
  after: { first_name?: string; last_name?: string },
): boolean {
  if (!legalName) return false;
  const first = after.first_name ?? before.first_name;
  const last = after.last_name ?? before.last_name;
  if (foldName(first) === foldName(before.first_name) && foldName(last) === foldName(before.last_name)) return false;
  const legal = new Set(foldName(legalName).split(' '));
  return foldName(`${first} ${last}`)
    .split(' ')
    .some((word) => !legal.has(word));
}
