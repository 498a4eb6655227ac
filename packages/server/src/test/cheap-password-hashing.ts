/**
 * Vitest setup file of the integration and browser projects (vitest.config.ts): argon2 at 1 MiB and one
 * iteration instead of 19 MiB and two. Every sign-up, sign-in and password change of the suites hashes or
 * verifies; none of them is about the cost, which `src/lib/password.test.ts` pins at the production values
 * (the unit project has no setup file), and `test/user.test.ts` checks a real sign-up's hash at that cost.
 */
import { setPasswordHashCostForTests } from '../lib/password.ts';

export const TEST_PASSWORD_HASH_COST = { memoryCost: 1024, timeCost: 1 } as const;

setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
