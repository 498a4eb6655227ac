import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import type { TestUser } from '../../src/test/factories.ts';
import {
  findMemberReferences,
  groupReference,
  isValidRfReference,
  memberReference,
  rfReference,
} from '../../src/modules/bank-statement/rf-reference.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';

describe('ISO 11649 references', () => {
  it('computes and checks the standard example; every mistyped digit and swapped pair fails the check', () => {
    // The example of ISO 11649 itself.
    expect(rfReference('539007547034')).toBe('RF18539007547034');
    expect(isValidRfReference('rf18 5390 0754 7034')).toBe(true);
    const ref = memberReference(12_345);
    expect(ref).toMatch(/^RF\d{2}VS\d{10}$/);
    expect(isValidRfReference(ref)).toBe(true);
    // A member reference is RF, two check digits, VS and ten digits: a letter typed for a digit breaks its shape;
    // a wrong digit anywhere, or two neighbours swapped, breaks the check (ISO 7064 MOD 97-10).
    for (let i = 2; i < ref.length; i++) {
      const alphabet = /\d/.test(ref[i]!) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      for (const ch of alphabet) {
        if (ch === ref[i]) continue;
        const typo = ref.slice(0, i) + ch + ref.slice(i + 1);
        expect(isValidRfReference(typo), typo).toBe(false);
      }
      if (i + 1 < ref.length && ref[i] !== ref[i + 1]) {
        const swapped = ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2);
        expect(isValidRfReference(swapped), swapped).toBe(false);
      }
    }
  });

  it('finds references in free text ignoring case and spaces, valid ones only', () => {
    const a = memberReference(1);
    const b = memberReference(2);
    expect(findMemberReferences(`Payment ${groupReference(a).toLowerCase()} thanks`)).toEqual([a]);
    expect(findMemberReferences(`two: ${a} and ${b}`)).toEqual([a, b]);
    const typo = a.slice(0, 8) + (a[8] === '1' ? '2' : '1') + a.slice(9);
    expect(findMemberReferences(`typo ${typo}`)).toEqual([]);
  });

  it('member references are distinct for the first 100,000 members', () => {
    const seen = new Set<string>();
    for (let seq = 1; seq <= 100_000; seq++) seen.add(memberReference(seq));
    expect(seen.size).toBe(100_000);
  });
});

describe('every member has a permanent reference', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await insertUser(t.handle.db);
  });
  afterAll(() => t.close());

  it('the database gives each new member the reference of their seq, unique', async () => {
    const bob = await insertUser(t.handle.db);
    expect(alice.deposit_reference).toBe(memberReference(Number(alice.seq)));
    expect(bob.deposit_reference).toBe(memberReference(Number(bob.seq)));
    expect(bob.deposit_reference).not.toBe(alice.deposit_reference);
    expect(isValidRfReference(bob.deposit_reference)).toBe(true);
  });

  it('deposit.instructions answers the deposit account, the currency and the member reference', async () => {
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    await expect(callerAs(t, alice).deposit.instructions()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await setDepositAccount(t, admin, {
      accountNumber: '0000000000',
      bankName: 'Placeholder Bank (set by an admin)',
      accountHolder: 'Vestora Ltd',
    });
    const got = await callerAs(t, alice).deposit.instructions();
    expect(got).toMatchObject({
      accountHolder: 'Vestora Ltd',
      accountNumber: '0000000000',
      iban: null,
      bic: null,
      currency: 'USD',
      reference: alice.deposit_reference,
      referenceGrouped: groupReference(alice.deposit_reference),
      open: false,
    });
    expect(got.qrText).toContain('0000000000');
    expect(got.qrText).toContain(alice.deposit_reference);
    await setDepositAccount(t, admin, {
      accountNumber: 'US64 SVBK US6S 3300 9673 8637',
      bankName: 'First Dollar Bank',
      accountHolder: 'Vestora Ltd',
    });
    const after = await callerAs(t, alice).deposit.instructions();
    expect(after).toMatchObject({ iban: 'US64SVBKUS6S330096738637', open: true });
    await expect(callerAs(t, null).deposit.instructions()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('migration 2026_11_27_1500_bank_statements', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: 'memory' });
  });
  afterAll(() => handle.close());

  it('gives existing members their reference', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026_11_27_1000_referral_reward_on_first_payout')).error).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      await handle.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          first_name: 'Old',
          last_name: 'Member',
          country: 'PT',
          city: 'Lisbon',
          email: `old-${i}@example.com`,
          password_hash: 'x',
          account_type: 'user',
          referral_code: randomBytes(5).toString('hex'),
        })
        .execute();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await handle.db.selectFrom('users').select(['seq', 'deposit_reference']).execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.deposit_reference).toBe(memberReference(Number(r.seq)));
  });
});
