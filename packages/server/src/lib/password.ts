import argon2 from 'argon2';

type HashOptions = { type: typeof argon2.argon2id; memoryCost: number; timeCost: number; parallelism: number };

/** The production cost: OWASP's argon2id minimum, 19 MiB memory, 2 iterations, 1 lane (pinned by password.test.ts). */
export const PASSWORD_HASH_OPTIONS: Readonly<HashOptions> = Object.freeze({
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

let options: Readonly<HashOptions> = PASSWORD_HASH_OPTIONS;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/** Constant-time check of a password against a stored argon2 hash; false for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    // The hash carries its own parameters: a hash made at another cost verifies the same way.
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password: verified against when the email is unknown, so timing does not reveal it. */
export let dummyHashPromise = hashPassword(`dummy-${Math.random()}`);

/**
 * Tests only: hash at another cost (the vitest setup file `src/test/cheap-password-hashing.ts` passes a cheap
 * one; the suites hash thousands of passwords and none of them is about argon2's cost). Refused outside vitest,
 * so nothing a server or the CLI runs can lower the cost; `null` restores the production cost.
 */
export function setPasswordHashCostForTests(cost: { memoryCost: number; timeCost: number } | null): void {
  if (process.env.VITEST !== 'true') throw new Error('setPasswordHashCostForTests is for the test runner only');
  options = cost ? Object.freeze({ ...PASSWORD_HASH_OPTIONS, ...cost }) : PASSWORD_HASH_OPTIONS;
  dummyHashPromise = hashPassword(`dummy-${Math.random()}`);
}
