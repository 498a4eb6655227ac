import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { expireStaleReports } from '../../src/modules/deposit/deposit.expiry.ts';
import { flowEnv } from '../../src/modules/money/money.core.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, expectLedgerConsistent, newKey } from '../money/money-helpers.ts';

describe('a deposit report without its statement line expires after REPORT_EXPIRY_DAYS', () => {
  let t: TestApp;
  let clock: ManualClock;
  let alice: TestUser;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await startTestApp({ clock, env: { REPORT_EXPIRY_DAYS: '14' } });
    alice = await insertUser(t.handle.db);
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('expires on day 14 with a notice, credits nothing, and leaves younger reports waiting', async () => {
    const old = await callerAs(t, alice).deposit.request({ amount: 90, reference: 'R-1', idempotencyKey: newKey() });
    clock.advanceDays(10);
    const env = () => flowEnv({ clock, config: t.config });
    expect(await expireStaleReports(t.handle.db, env())).toBe(0);
    clock.advanceDays(4.01);
    expect(await expireStaleReports(t.handle.db, env())).toBe(1);
    const list = (await callerAs(t, alice).deposit.list({})).items;
    expect(list.find((d) => d.id === old.id)).toMatchObject({ status: 'expired' });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(0);
    const mail = await t.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('user_id', '=', alice.id)
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Deposit report of \$90\.00 expired/)]);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', old.id)
      .execute();
    expect(audit).toEqual([{ action: 'deposit.expire', actor_id: null }]);
    expect(await expireStaleReports(t.handle.db, env())).toBe(0);
  });
});
