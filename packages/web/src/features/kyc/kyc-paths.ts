/** Where the member verifies and sees their limits (#33). */
export const VERIFICATION_PATH = '/dashboard/verification';

/** Where the admins' queue of identity applications is (#33). */
export const REVIEWS_PATH = '/dashboard/identity-reviews';
