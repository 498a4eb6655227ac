import argon2 from 'argon2';

// OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** Constant-time check of a password against a stored argon2 hash; false for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password: verified against when the email is unknown, so timing does not reveal it. */
export const dummyHashPromise = hashPassword(`dummy-${Math.random()}`);
