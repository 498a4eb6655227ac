import { STATEMENT_IMPORT_MAX_CHARS } from '@vestora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { cookieFor } from '../money/money-helpers.ts';
import { camt } from './statement-helpers.ts';

// #27: the web import took 64 KB (about 150 entries) and answered a bare 413 past it. POST
// /trpc/statement.import now takes statements of up to 10 MB; a larger file is a 400 that names the limit and
// the CLI, and only a body past twice that is refused by the server's body limit.
const DAY = '2026-11-20';

describe('the web import takes statements up to 10 MB', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    alice = await insertUser(t.handle.db);
    // The deposit account is a proposal since #27: `admin` proposes it, a second admin (made for it) approves.
    await setDepositAccount(t, admin, {
      accountNumber: '4000123456',
      bankName: 'First Dollar Bank',
      accountHolder: 'Vestora Ltd',
    });
    cookie = await cookieFor(t, admin);
  });
  afterAll(() => t.close());

  const post = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/statement.import',
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ format: 'camt053', content }),
    });

  /** A statement of `entries` entries, padded with a comment (bank exports carry long texts) to `size` characters. */
  function statementOf(entries: number, size: number): string {
    const base = camt(
      '4000123456',
      0,
      Array.from({ length: entries }, (_, i) => ({
        id: `BIG-${i}`,
        amount: '1.00',
        date: DAY,
        ref: alice.deposit_reference,
        text: `Transfer number ${i} "with quotes"`,
      })),
    );
    const pad = size - base.length - '<!--  -->\n'.length;
    return base.replace('<Document', `<!-- ${'x'.repeat(Math.max(pad, 0))} -->\n<Document`);
  }

  it('a 9 MB statement with 2,000 entries is imported through the web path (it was a 413 past 64 KB)', async () => {
    const content = statementOf(2_000, 9 * 1024 * 1024);
    expect(content.length).toBeGreaterThan(9 * 1024 * 1024 - 10);
    const res = await post(content);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().result.data).toMatchObject({ lines: 2_000, matched: 2_000, fileCredits: 2_000 });
  }, 120_000);

  it('a file past 10 MB is a 400 naming the limit and the command for larger files', async () => {
    const res = await post('x'.repeat(STATEMENT_IMPORT_MAX_CHARS + 1));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'The statement file is larger than 10 MB: import it with pnpm cli statement:import, or ask the bank for one file per shorter period',
    );
  });

  it('a body past twice the limit is refused before any handler (413), other procedures keep 64 KB', async () => {
    const huge = await post('x'.repeat(2 * STATEMENT_IMPORT_MAX_CHARS + 10));
    expect(huge.statusCode).toBe(413);
    const other = await t.app.inject({
      method: 'POST',
      url: '/trpc/statement.dismiss',
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ lineId: crypto.randomUUID(), reason: 'x'.repeat(100 * 1024) }),
    });
    expect(other.statusCode).toBe(413);
  });
});
