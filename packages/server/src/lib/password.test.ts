import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_OPTIONS, setPasswordHashCostForTests, verifyPassword } from './password.ts';

// The unit project has no setup file: what runs here is what production runs.
describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 iterations, 1 lane (OWASP minimum) unless a test lowers it', async () => {
    expect(PASSWORD_HASH_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword('a long enough password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'a long enough password')).toBe(true);
    expect(await verifyPassword(hash, 'another password')).toBe(false);
  });

  it('verifies a hash made at a lower cost, and goes back to the production cost with null', async () => {
    setPasswordHashCostForTests({ memoryCost: 1024, timeCost: 1 });
    const cheap = await hashPassword('pw').finally(() => setPasswordHashCostForTests(null));
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'pw')).toBe(true);
    expect(await hashPassword('pw')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses to lower the cost outside the test runner', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => setPasswordHashCostForTests({ memoryCost: 1024, timeCost: 1 })).toThrow(/test runner only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
