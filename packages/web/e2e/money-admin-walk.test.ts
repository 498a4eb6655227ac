/**
 * Issue #18, "wrong about money" and the admin screens, walked in a browser: a member's balance history names
 * every kind of entry for what it is and every entry opens its record; a paid withdrawal shows its payment; the
 * admin Overview shows money that just moved.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { payDuePeriods } from '../../server/src/modules/investment/investment.payouts.ts';
import { PLACEHOLDER_ACCOUNT } from '../../server/src/db/seed.ts';
import { adjustBalance, callerAs } from '../../server/src/test/factories.ts';
import { atPath, describeBrowser, gone, poll, seen, shot, type TrackedPage, uniqueEmail, useE2E } from './harness.ts';
import { balanceCentsColumn } from '@vestora/server/bench';

const env = useE2E();

/**
 * A second administrator approves every pending proposal (#27: one admin's word changes no money), then steps
 * down again (this installation is walked as one with a single admin: the Overview's to-do says so).
 */
async function oneOffAdminApprovesAll(): Promise<void> {
  const second = await env().createUser({ accountType: 'admin', email: uniqueEmail('walk-approver') });
  const caller = callerAs(env().deps, second);
  for (const a of await caller.approval.list({ status: 'pending' })) await caller.approval.approve({ id: a.id });
  await env().db.updateTable('users').set({ account_type: 'user' }).where('id', '=', second.id).execute();
}

/** Calls a tRPC procedure over HTTP as the page's signed-in user (setup that is not what the test is about). */
async function api<T = unknown>(tp: TrackedPage, procedure: string, input: unknown, kind: 'query' | 'mutation') {
  const url = `${env().baseUrl}/trpc/${procedure}`;
  const res =
    kind === 'mutation'
      ? await tp.context.request.post(url, { data: input })
      : await tp.context.request.get(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`);
  if (!res.ok()) throw new Error(`${procedure} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function planId(name: string): Promise<string> {
  const row = await env()
    .db.selectFrom('plans')
    .select('id')
    .where('investment_plan_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The balance history's row with this kind label and amount. */
function historyRow(page: Page, kind: string, amount: string) {
  return page
    .getByRole('main')
    .getByRole('table')
    .first()
    .getByRole('row')
    .filter({ has: page.getByText(kind, { exact: true }) })
    .filter({ hasText: amount });
}

describeBrowser('what members and admins read about money is right', () => {
  const memberEmail = uniqueEmail('walk-member');

  test('balance history: every kind has its own words, opens its record, and a paid withdrawal shows its payment', async () => {
    const member = await env().createUser({ email: memberEmail, firstName: 'Wanda', tier: 1 });
    await adjustBalance(env().db, member.id, 1_000_00, 'Opening credit');
    const friend = await env().createUser({ email: uniqueEmail('walk-friend'), balanceCents: 500_00 });
    await env().db.updateTable('users').set({ referred_by: member.id }).where('id', '=', friend.id).execute();

    const m = await env().newPage({ label: 'member-setup' });
    await env().signInByApi(m, memberEmail);
    const starter = await planId('Starter');
    await api(m, 'investment.open', { planId: starter, amount: 600, idempotencyKey: randomUUID() }, 'mutation');
    const w = await api<{ id: string }>(
      m,
      'withdrawal.request',
      { amount: 50, method: 'paypal', details: 'wanda@example.com', idempotencyKey: randomUUID() },
      'mutation',
    );
    const f = await env().newPage({ label: 'friend-setup' });
    await env().signInByApi(f, friend.email);
    await api(f, 'investment.open', { planId: starter, amount: 200, idempotencyKey: randomUUID() }, 'mutation');
    const a = await env().newPage({ label: 'admin-setup' });
    await env().signInByApi(a, env().admin.email);
    await api(a, 'withdrawal.review', { id: w.id, decision: 'approve', payoutReference: 'PP-42' }, 'mutation');

    // A month and a bit later: the first interest of both positions, and the friend's first payout pays the
    // member's referral reward (1% of $200).
    env().clock.advanceDays(32);
    const paid = await payDuePeriods(env().db, { now: env().clock.now(), config: env().config });
    expect(paid.payments).toBeGreaterThanOrEqual(2);

    const tp = await env().newPage({ label: 'member' });
    const { page } = tp;
    await env().signInByApi(tp, memberEmail);
    await page.goto('/dashboard/transactions');
    await seen(historyRow(page, 'Referral reward', '+$2.00'));

    // Each kind is named for what it is; an investment's entries are never "Withdrawal #...".
    const rows = {
      invested: historyRow(page, 'Invested', '-$600.00'),
      interest: historyRow(page, 'Interest', '+$2.50'),
      referral: historyRow(page, 'Referral reward', '+$2.00'),
      hold: historyRow(page, 'Withdrawal hold', '-$50.00'),
      adjustment: historyRow(page, 'Adjustment', '+$1,000.00'),
    };
    await seen(rows.invested.getByText(/^Investment #[0-9a-f]{8}$/));
    await seen(rows.interest.getByText(/^Investment #[0-9a-f]{8}$/));
    await seen(rows.referral.getByText('Referral of a friend', { exact: true }));
    await seen(rows.adjustment.getByText('Adjustment: Opening credit', { exact: true }));
    for (const row of [rows.invested, rows.interest, rows.referral]) {
      expect(await row.innerText()).not.toMatch(/withdrawal/i);
    }

    // The paid withdrawal shows its payment next to the hold.
    await seen(rows.hold.getByText('Withdrawal paid', { exact: true }));

    // Every kind opens its record: the interest entry opens the position, the referral says what it rewards.
    await rows.interest.getByRole('button', { name: /^Show details/ }).click();
    await seen(page.getByText('Starter investment of $600.00'));
    await seen(page.getByText('1 of 12 payouts made', { exact: false }));
    await gone(page.getByText('Loading the investment...'));
    await seen(page.getByRole('link', { name: 'Open the Starter investment' }));

    await rows.referral.getByRole('button', { name: /^Show details/ }).click();
    await seen(page.getByRole('link', { name: 'See your referrals' }));
    await seen(page.getByText(/a friend you invited completed the first payout period/));

    await rows.hold.getByRole('button', { name: /^Show details/ }).click();
    await seen(page.getByText(/The withdrawal was paid out/));
    await shot(page, 'walk-balance-history');
  });

  test('plan cards say what each figure is, never round a promise up, and show early exit and capacity left', async () => {
    await env()
      .db.updateTable('plans')
      .set({ description: 'Two years, paid monthly.' })
      .where('investment_plan_name', '=', 'Silver')
      .execute();
    for (const path of ['/', '/dashboard']) {
      const tp = await env().newPage({ label: `plans${path.replace(/\//g, '-')}` });
      const { page } = tp;
      if (path !== '/')
        await env().signInByApi(tp, (await env().createUser({ email: uniqueEmail('walk-plans') })).email);
      await page.goto(path);
      const silver = page.getByRole('article', { name: 'Silver plan' });
      await seen(silver.getByText('On $4,999: $5,698.86 back', { exact: true }));
      await seen(silver.getByText('Two years, paid monthly.', { exact: true }));
      await seen(silver.getByText('Interest paid', { exact: true }));
      await seen(silver.getByText(/^Allowed: principal back at once/));
      expect(await silver.innerText()).not.toContain('$5,699');
      expect(await silver.innerText()).not.toMatch(/Total return|Capital growth|Returns/);
      const gold = page.getByRole('article', { name: 'Gold plan' });
      await seen(gold.getByText(/^Not allowed: the money stays in until maturity/));
      const platinum = page.getByRole('article', { name: 'Platinum plan' });
      await seen(platinum.getByText('Capacity left', { exact: true }));
      await seen(platinum.getByText(/^\$[\d,.]+ of \$2,000,000$/));
      if (path === '/dashboard') await shot(page, 'walk-plan-cards');
    }
  });

  test('a balance adjustment needs a reason, and the member reads it in their history', async () => {
    const member = await env().createUser({ email: uniqueEmail('walk-adjusted'), firstName: 'Otto' });
    const tp = await env().newPage({ label: 'admin-adjusts' });
    const { page } = tp;
    await env().signInByApi(tp, env().admin.email);
    await page.goto('/dashboard/user');
    const row = page.getByRole('row').filter({ hasText: member.email });
    await row.getByRole('button', { name: /Edit/ }).click();
    const panel = page.getByRole('dialog');
    await panel
      .getByLabel(/balance/i)
      .first()
      .fill('75.00');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(panel.getByText(/A balance change needs a reason/));
    await panel.getByLabel(/Reason/).fill('Refund of the March fee');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(page.getByText('Proposed — waiting for a second administrator').first());
    await oneOffAdminApprovesAll();

    const m = await env().newPage({ label: 'adjusted-member' });
    await env().signInByApi(m, member.email);
    await m.page.goto('/dashboard/transactions');
    const adj = historyRow(m.page, 'Adjustment', '+$75.00');
    await seen(adj.getByText('Adjustment: Refund of the March fee', { exact: true }));
    await adj.getByRole('button', { name: /^Show details/ }).click();
    await seen(m.page.getByText('Reason: Refund of the March fee', { exact: true }));
  });

  test('the Overview shows money that just moved, and a to-do list; a placeholder deposit account is not shown to members', async () => {
    // The installation as the first start leaves it: the placeholder deposit account.
    await env()
      .db.updateTable('deposit_account')
      .set({ bank_name: PLACEHOLDER_ACCOUNT.bankName, account_number: PLACEHOLDER_ACCOUNT.accountNumber })
      .execute();
    const member = await env().createUser({ email: uniqueEmail('walk-depositor') });
    const m = await env().newPage({ label: 'depositor' });
    await env().signInByApi(m, member.email);
    await m.page.goto('/dashboard/deposit');
    await seen(m.page.getByText('Deposits are not open yet', { exact: true }));
    expect(await m.page.getByText(/Placeholder Bank|0000000000/).count()).toBe(0);
    expect(await m.page.getByRole('region', { name: 'I have sent a transfer' }).count()).toBe(0);

    const a = await env().newPage({ label: 'overview-admin' });
    const { page } = a;
    await env().signInByApi(a, env().admin.email);
    await page.goto('/dashboard/overview');
    const todo = page.getByRole('region', { name: /To do before members rely on this installation/ });
    await seen(todo.getByTestId('todo-deposit-account'));
    await seen(todo.getByTestId('todo-smtp').getByRole('link', { name: 'Open the Outbox' }));
    await seen(todo.getByTestId('todo-second-admin').getByRole('link', { name: 'Open User Management' }));

    // Money moves; a minute and more later the Overview shows it (never the figures from before).
    const held = async () => {
      const rows = await env().db.selectFrom('users').select(balanceCentsColumn()).execute();
      return rows.reduce((sum, r) => sum + Number(r.balance_cents), 0) / 100;
    };
    const money = (v: number) =>
      `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await poll(() => page.getByTestId('figure-Balances held').textContent()).toBe(money(await held()));
    await adjustBalance(env().db, member.id, 123_45, 'Walk: money moves', { at: env().clock.now() });
    env().clock.advanceMs(11 * 60_000);
    await page.reload();
    await poll(() => page.getByTestId('figure-Balances held').textContent()).toBe(money(await held()));

    // The to-do's link leads to where the account is set; once set, members see it and the to-do is gone.
    await todo.getByTestId('todo-deposit-account').getByRole('link', { name: 'Set the deposit account' }).click();
    await atPath(page, '/dashboard/deposit');
    await seen(page.getByText('Members cannot deposit yet', { exact: true }));
    const myAccount = page.getByRole('region', { name: 'My Account' });
    await myAccount.getByRole('button', { name: /Edit/ }).click();
    await myAccount.getByLabel(/Bank name/).fill('Walk Savings Bank');
    await myAccount.getByLabel(/Account number/).fill('GB33BUKB20201555555555');
    await myAccount.getByRole('button', { name: 'Save' }).click();
    await seen(page.getByText('Proposed — waiting for a second administrator').first());
    await oneOffAdminApprovesAll();
    await page.goto('/dashboard/overview');
    await seen(todo.getByTestId('todo-smtp'));
    expect(await todo.getByTestId('todo-deposit-account').count()).toBe(0);
    await m.page.reload();
    await seen(m.page.getByRole('region', { name: 'My Account' }).getByText('Walk Savings Bank', { exact: true }));
    await seen(m.page.getByRole('region', { name: 'I have sent a transfer' }));
  });

  test('admin navigation: Overview first and linked from the index, everything reachable at 800 px, badges with counts', async () => {
    // Something waits: a pending withdrawal and an unread contact message.
    const member = await env().createUser({ email: uniqueEmail('walk-waiting'), balanceCents: 40_00, tier: 1 });
    const m = await env().newPage({ label: 'waiting-member' });
    await env().signInByApi(m, member.email);
    await api(
      m,
      'withdrawal.request',
      { amount: 15, method: 'paypal', details: 'waiting@example.com', idempotencyKey: randomUUID() },
      'mutation',
    );
    await api(
      m,
      'contact.send',
      { name: 'Walk', email: 'walk@example.com', message: 'A question about fees.' },
      'mutation',
    );
    const count = async (table: 'deposits' | 'withdrawals') =>
      (await env().db.selectFrom(table).select('id').where('status', '=', 'pending').execute()).length;
    const desk = (await count('deposits')) + (await count('withdrawals'));
    const unread = (await env().db.selectFrom('contact_messages').select('id').where('read_at', 'is', null).execute())
      .length;

    const a = await env().newPage({ label: 'admin-nav' }); // 1280 x 800
    const { page } = a;
    await env().signInByApi(a, env().admin.email);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' }).first();
    await seen(nav);
    expect((await nav.getByRole('link').first().innerText()).trim()).toMatch(/^Overview/);
    await seen(page.getByRole('main').getByRole('link', { name: /Go to the admin Overview/ }));

    // Inbox, Outbox and Logout are on screen at 800 px without scrolling.
    const onScreen = async (name: string, role: 'link' | 'button') => {
      const el =
        role === 'link'
          ? nav.getByRole('link', { name: new RegExp(`^${name}`) })
          : page.locator('aside').getByRole('button', { name });
      await seen(el);
      const box = await el.first().boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, `${name} is below the fold`).toBeLessThanOrEqual(800);
    };
    await onScreen('Inbox', 'link');
    await onScreen('Outbox', 'link');
    await onScreen('Logout', 'button');

    // Badges with the server's counts.
    await poll(() => nav.getByTestId('badge-desk').textContent()).toBe(String(desk));
    await poll(() => nav.getByTestId('badge-inbox').textContent()).toBe(String(unread));
    // The entries keep their names; the counts are their descriptions, in words.
    const deskLink = nav.getByRole('link', { name: 'Money desk', exact: true });
    const described = await deskLink.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(described).toMatch(/pending deposits?, \d+ pending withdrawals?/);
    await shot(page, 'walk-admin-nav');

    // The Outbox is searchable by recipient.
    const other = await env().createUser({ email: uniqueEmail('walk-outbox-other') });
    const mine = uniqueEmail('walk-outbox-mine');
    for (const to of [mine, other.email]) {
      await env()
        .db.insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          to_address: to,
          kind: 'notice',
          subject: `Walk subject for ${to}`,
          text_body: 'Hello',
          html_body: '<p>Hello</p>',
          next_attempt_at: env().clock.now(),
          created_at: env().clock.now(),
        })
        .execute();
    }
    await nav.getByRole('link', { name: 'Outbox', exact: true }).click();
    await atPath(page, '/dashboard/outbox');
    await seen(page.getByText(`Walk subject for ${other.email}`));
    await page.getByLabel('Recipient').fill(mine.toUpperCase().slice(0, 20));
    await seen(page.getByText(`Walk subject for ${mine}`));
    await gone(page.getByText(`Walk subject for ${other.email}`));
  });

  test("the ledger check runs on request and shows each asset's journal balancing (#29)", async () => {
    const tp = await env().newPage({ label: 'ledger-check' });
    const { page } = tp;
    await env().signInByApi(tp, env().admin.email);
    await page.goto('/dashboard/money-desk?tab=ledger');
    await page.getByRole('button', { name: 'Run ledger check' }).click();
    await seen(page.getByRole('status').getByText('Every balance matches its ledger'));
    const journal = page.getByRole('list', { name: 'Journal per asset' });
    await seen(journal.getByText(/^USD journal: \d+ accounts, each equal to its postings; the books balance\.$/));
    await seen(journal.getByText(/^BTC journal: /));
    await shot(page, 'walk-ledger-check');
  });

  test('at 390 px the money desk tabs and wide tables scroll within their container, never the page', async () => {
    const tp = await env().newPage({ label: 'desk-390', viewport: 'phone' });
    const { page } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    await env().signInByApi(tp, env().admin.email);
    for (const tab of ['deposits', 'withdrawals', 'investments', 'audit', 'ledger']) {
      await page.goto(`/dashboard/money-desk?tab=${tab}`);
      await seen(page.getByRole('tablist'));
      await seen(page.getByRole('tab', { name: /Ledger/ }));
      // Every tab can be reached: the tab list scrolls sideways inside itself.
      const tabs = await page.getByRole('tab').all();
      for (const t of tabs) await t.scrollIntoViewIfNeeded();
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    for (const path of ['/dashboard/transactions', '/dashboard/outbox', '/dashboard/overview']) {
      await page.goto(path);
      await seen(page.getByRole('main').getByRole('heading', { level: 1 }));
      await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await shot(page, 'walk-money-desk-390');
  });
});
