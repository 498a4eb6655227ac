/**
 * An admin at work: signs in, creates / edits / deletes a plan, edits a user (name, then balance with a
 * reason), edits the deposit account record, and runs the money desk (confirms a reported deposit,
 * approves and rejects withdrawals) while the user watches their balance in a second browser; the audit
 * log shows every action.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestUser } from '../../server/src/test/factories.ts';
import { callerAs } from '../../server/src/test/factories.ts';
import {
  atPath,
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  gone,
  poll,
  seen,
  shot,
  TEST_PASSWORD,
  type TrackedPage,
  uniqueEmail,
  useE2E,
  watchForText,
} from './harness.ts';

const env = useE2E();

let second: TestUser | undefined;
/** The second administrator of these tests (#27: money one admin decides waits for another's approval). */
async function secondAdmin(): Promise<TestUser> {
  second ??= await env().createUser({ accountType: 'admin', firstName: 'Second', email: uniqueEmail('second-admin') });
  return second;
}

let payer: TestUser | undefined;
/**
 * A third administrator who took no part in crediting the member: since #27 an admin who proposed or approved
 * money credited to a member cannot approve that member's payout.
 */
async function payerAdmin(): Promise<TestUser> {
  payer ??= await env().createUser({ accountType: 'admin', firstName: 'Payer', email: uniqueEmail('payer-admin') });
  return payer;
}

/** The second administrator approves every pending proposal (through the server, as Approvals does). */
async function secondAdminApprovesAll(): Promise<void> {
  const caller = callerAs(env().deps, await secondAdmin());
  for (const a of await caller.approval.list({ status: 'pending' })) await caller.approval.approve({ id: a.id });
}

function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' }).first();
}

async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await menu(page).getByRole('link', { name: label, exact: true }).click();
  await atPath(page, path);
}

/** A page signed in as the seeded admin, on the dashboard. */
async function adminPage(label: string): Promise<TrackedPage> {
  const tp = await env().newPage({ label });
  await env().signInByApi(tp, env().admin.email);
  await tp.page.goto('/dashboard');
  await seen(tp.page.locator('aside').getByText(/^Account: \$/));
  return tp;
}

/** A page signed in as `email` (a plain user), on `path`. */
async function userPage(label: string, email: string, path = '/dashboard'): Promise<TrackedPage> {
  const tp = await env().newPage({ label });
  await env().signInByApi(tp, email);
  await tp.page.goto(path);
  await seen(tp.page.locator('aside').getByText(/^Account: \$/));
  return tp;
}

/** The balance the sidebar shows after a reload (the user's own view of their money). */
async function expectBalance(page: Page, balance: string): Promise<void> {
  await page.reload();
  await seen(page.locator('aside').getByText(`Account: ${balance}`, { exact: true }));
}

/** A toast (or alert) with this text. */
function notice(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

/** A promise and its resolver (to hold a request in flight while the UI shows its busy state). */
function deferred(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const PLAN = {
  name: 'E2E Diamond',
  /** Text boxes by label; the term is in years (the unit select's default) and payouts monthly (the default). */
  fields: [
    ['Plan name', 'E2E Diamond'],
    ['Interest rate', '12'],
    ['Minimum amount', '1,000'],
    ['Maximum amount', '50000'],
    ['Term', '3'],
  ] as const,
};

describeBrowser('an admin manages plans, users, the deposit account and the money desk', () => {
  test('the admin signs in and gets the admin menu', async () => {
    const tp = await env().newPage({ label: 'admin-login' });
    const { page } = tp;
    await page.goto('/login');
    await page.getByLabel('Email').fill(env().admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    const loginSuccessShown = await watchForText(page, 'Login successful!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await loginSuccessShown();
    await atPath(page, '/dashboard');
    await seen(page.locator('aside').getByText(`${env().admin.first_name} ${env().admin.last_name}`, { exact: true }));
    const names = (await menu(page).getByRole('link').allInnerTexts()).map((t) => t.trim());
    // Admins also get User, between Chart and Deposit.
    const spec = ['Rewards', 'Investments', 'Chart', 'User', 'Deposit', 'Cashout', 'Settings'];
    expect(names.filter((n) => spec.includes(n))).toEqual(spec);
    expect(names).toContain('Money desk');
    // Site settings (#34) is in the admin menu, with its icon, after the desks; members do not get it.
    expect(names.slice(-2)).toEqual(['Outbox', 'Site settings']);
    const siteSettings = menu(page).getByRole('link', { name: 'Site settings', exact: true });
    expect(await siteSettings.locator('svg[aria-hidden="true"]').count()).toBe(1);
    // Admin plan controls away from the home page.
    await seen(page.getByRole('link', { name: /Create Plan/ }).or(page.getByRole('button', { name: /Create Plan/ })));
    await seen(
      page.getByRole('button', { name: 'Delete Starter' }).or(page.getByRole('link', { name: 'Delete Starter' })),
    );
    await shot(page, 'admin-investments');
    await openFromMenu(page, 'Site settings', '/dashboard/site-settings');
    await seen(page.getByRole('heading', { name: 'Site settings', level: 1 }));
    expect(await siteSettings.getAttribute('aria-current')).toBe('page');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on Site settings:\n${formatAxeViolations(violations)}`).toBe(0);
    const member = await env().createUser({ email: uniqueEmail('menu-member') });
    const mp = await env().newPage({ label: 'member-menu' });
    await env().signInByApi(mp, member.email);
    await mp.page.goto('/dashboard');
    await seen(menu(mp.page).getByRole('link', { name: 'Settings', exact: true }));
    expect(await menu(mp.page).getByRole('link', { name: 'Site settings' }).count()).toBe(0);
  });

  test('creates a plan (Creating... then success and a cleared form), edits it, deletes it after confirmation', async () => {
    const { page } = await adminPage('plans');
    await page
      .getByRole('link', { name: /Create Plan/ })
      .or(page.getByRole('button', { name: /Create Plan/ }))
      .first()
      .click();
    await atPath(page, '/dashboard/CreateInvestmentPlan');
    const form = page.locator('form');
    const inputs = form.getByRole('textbox');
    await seen(inputs);
    expect(await inputs.count()).toBe(7);
    for (const [label, value] of PLAN.fields) await form.getByRole('textbox', { name: label }).fill(value);
    await form.getByRole('combobox', { name: 'Payouts' }).selectOption({ label: 'Quarterly' });
    // The risk is a level of the fixed scale (#34), not free text.
    const risk = form.getByRole('combobox', { name: 'Risk level' });
    expect((await risk.locator('option').allInnerTexts()).map((o) => o.trim())).toEqual([
      'Choose a level',
      'Very low',
      'Low',
      'Medium',
      'High',
      'Very high',
    ]);
    await risk.selectOption({ label: 'Medium' });
    // The live preview shows the card's text, worked out from the terms: 12% × 3 years on $50,000.
    const preview = page.getByRole('article', { name: 'Plan card preview' });
    for (const text of [
      'E2E Diamond',
      '12% a year',
      '$1,000 - $50,000',
      'Quarterly',
      '3 years',
      '36% of the amount',
      'Medium',
      'On $50,000: $68,000.00 back',
    ])
      await seen(preview.getByText(text, { exact: true }));
    await shot(page, 'admin-create-plan');

    // Hold the request to see the busy state: button says 'Creating...', everything disabled.
    const gate = deferred();
    await page.route('**/trpc/plan.create**', async (route) => {
      await gate.promise;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Create Plan' }).click();
    const busy = form.getByRole('button', { name: /Creating\.\.\./ });
    await seen(busy);
    expect(await busy.isDisabled()).toBe(true);
    for (let i = 0; i < 7; i++)
      expect(await inputs.nth(i).isDisabled(), `input ${i} disabled while creating`).toBe(true);
    // Every control of the form, selects, switch and description included (the specification's busy form).
    const controls = form.locator('input:not([type="hidden"]), select, textarea');
    expect(await controls.count()).toBeGreaterThan(8);
    const enabled = await controls.evaluateAll((els) =>
      els.filter((el) => !(el as HTMLInputElement).disabled).map((el) => el.getAttribute('name') ?? el.id),
    );
    expect(enabled, 'controls still enabled while creating').toEqual([]);
    gate.release();

    await seen(page.getByText('Investment plan created successfully!'));
    for (let i = 0; i < 7; i++) await poll(() => inputs.nth(i).inputValue()).toBe('');
    await poll(() => risk.inputValue()).toBe('');
    await page.unroute('**/trpc/plan.create**');
    await shot(page, 'admin-create-plan-done');
    const created = await env()
      .db.selectFrom('plans')
      .select([
        'id',
        'interest_rate',
        'investment_limit',
        'returns',
        'total_return',
        'term_months',
        'max_amount_cents',
        'risk_level',
      ])
      .where('investment_plan_name', '=', PLAN.name)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      interest_rate: '12%',
      investment_limit: '$1,000 - $50,000',
      returns: 'Quarterly',
      total_return: '$68,000',
      term_months: 36,
      max_amount_cents: 5_000_000,
      risk_level: 'medium',
    });

    // The new plan is listed; edit it.
    await openFromMenu(page, 'Investments', '/dashboard/investments');
    await seen(page.getByText(PLAN.name, { exact: true }));
    await page
      .getByRole('link', { name: `Edit ${PLAN.name}` })
      .or(page.getByRole('button', { name: `Edit ${PLAN.name}` }))
      .click();
    await atPath(page, `/dashboard/createInvestmentEdit/${created.id}`);
    const rate = page.getByLabel(/Interest rate/);
    await poll(() => rate.inputValue()).toBe('12');
    await rate.fill('13.5');
    await shot(page, 'admin-edit-plan');
    await page.getByRole('button', { name: 'Update Plan' }).click();
    await seen(notice(page, 'Plan updated successfully!'));
    await poll(
      async () =>
        (await env().db.selectFrom('plans').select('interest_rate').where('id', '=', created.id).executeTakeFirst())
          ?.interest_rate,
    ).toBe('13.5%');

    // Delete: the confirmation can be cancelled; confirmed, the plan is gone.
    await page.goto('/dashboard/investments');
    const card = page.getByText(PLAN.name, { exact: true });
    await seen(card);
    const deleteButton = page.getByRole('button', { name: `Delete ${PLAN.name}` });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog');
    await seen(dialog.getByText('Delete this plan?'));
    await shot(page, 'admin-delete-plan-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
    await seen(card);
    await deleteButton.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await gone(card);
    expect(
      await env().db.selectFrom('plans').select('id').where('id', '=', created.id).executeTakeFirst(),
    ).toBeUndefined();
    // The seeded plans are untouched.
    await seen(page.getByText('Starter', { exact: true }));
  });

  test('edits a user: the name (row updates), then the balance with a reason (the user sees it)', async () => {
    const user = await env().createUser({ firstName: 'Linus', email: uniqueEmail('linus') });
    const { page } = await adminPage('users');
    await openFromMenu(page, 'User', '/dashboard/user');
    await seen(page.getByRole('heading', { name: 'User Management' }));
    const headers = page.getByRole('table').locator('thead th');
    await seen(headers);
    expect((await headers.allInnerTexts()).map((t) => t.trim())).toEqual([
      'Profile',
      'Name',
      'Email',
      'Account Type',
      'Action',
    ]);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await seen(row.getByText('Linus User', { exact: true }));
    await shot(page, 'admin-users');

    await row.getByRole('button', { name: /Edit/ }).click();
    const panel = page.getByRole('dialog');
    await seen(panel.getByText('Edit User'));
    // Every field but the password and the version.
    for (const label of [/First name/, /Last name/, /Country/, /City/, /Email/, /Account type/i, /balance/i]) {
      await seen(panel.getByLabel(label).first());
    }
    expect(await panel.getByLabel(/password/i).count()).toBe(0);
    expect(await panel.getByLabel(/version/i).count()).toBe(0);
    await panel.getByLabel(/First name/).fill('Linnea');
    await shot(page, 'admin-edit-user');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(notice(page, 'User data updated successfully!'));
    await gone(panel);
    await seen(row.getByText('Linnea User', { exact: true }));

    // Balance: 0 → 250.00 with a reason; the ledger records it and the user sees it.
    await row.getByRole('button', { name: /Edit/ }).click();
    await seen(panel.getByText('Edit User'));
    await panel
      .getByLabel(/balance/i)
      .first()
      .fill('250.00');
    const reason = panel.getByLabel(/Reason/);
    await seen(reason);
    await reason.fill('E2E goodwill credit');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    // A balance change is a proposal (#27): nothing moves until a second administrator approves it.
    await seen(notice(page, 'Proposed — waiting for a second administrator'));
    await gone(panel);
    expect(await env().db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    await secondAdminApprovesAll();
    const entry = await env()
      .db.selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('memo', '=', 'E2E goodwill credit')
      .executeTakeFirst();
    expect(entry, 'an adjustment entry with the reason').toBeDefined();

    const watcher = await userPage('users-watcher', user.email);
    await seen(watcher.page.locator('aside').getByText('Account: $250.00', { exact: true }));
  });

  test('finds users by the start of their email or name, and pages through them with Next / Previous', async () => {
    // 30 people whose emails start alike: more than one page of 25.
    const tag = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < 30; i++) {
      await env().createUser({ firstName: `Pia${i}`, email: `${tag}-${String(i).padStart(2, '0')}@example.com` });
    }
    const { page } = await adminPage('users-search');
    await openFromMenu(page, 'User', '/dashboard/user');
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(tag.toUpperCase());
    const rows = page.getByRole('table').locator('tbody tr');
    // Newest first: the 30th person leads the first page, 25 rows, all of them matches.
    await seen(page.getByRole('row').filter({ hasText: `${tag}-29@example.com` }));
    await poll(() => rows.count()).toBe(25);
    expect((await rows.allInnerTexts()).every((t) => t.includes(tag))).toBe(true);
    await seen(page.getByText('Page 1', { exact: true }));
    await shot(page, 'admin-users-search');

    // Next with the keyboard: the last 5 matches; Next is then disabled, Previous goes back.
    const pager = page.getByRole('navigation', { name: 'User pages' });
    await pager.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await seen(page.getByText('Page 2', { exact: true }));
    await poll(() => rows.count()).toBe(5);
    await seen(page.getByRole('row').filter({ hasText: `${tag}-00@example.com` }));
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await seen(page.getByText('Page 1', { exact: true }));
    await poll(() => rows.count()).toBe(25);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // A first name with its last name ("first last"), and a search nobody matches.
    await search.fill('pia7 user');
    await poll(() => rows.count()).toBe(1);
    await seen(page.getByRole('row').filter({ hasText: `${tag}-07@example.com` }));
    await search.fill(`${tag}-nobody`);
    await seen(page.getByText('No users match', { exact: true }));
  });

  test('disables a user after a confirmation (signed out at once, cannot sign in, Disabled badge), then enables them', async () => {
    const email = uniqueEmail('dora');
    await env().createUser({ firstName: 'Dora', email });
    const watcher = await userPage('disabled-user', email);
    // Its session ends while the page is open: a request it makes meanwhile may be answered 401.
    watcher.allowHttpError('/trpc/', 401);
    const sessionOf = async () =>
      (await (await watcher.context.request.get('/trpc/user.session')).json()).result.data as { id: string } | null;
    expect(await sessionOf()).not.toBeNull();

    const { page } = await adminPage('disable-user');
    await openFromMenu(page, 'User', '/dashboard/user');
    const row = page.getByRole('row').filter({ hasText: email });
    await seen(row);
    await row.getByRole('button', { name: /Edit/ }).click();
    const panel = page.getByRole('dialog');
    await seen(panel.getByText('Edit User'));
    await panel.getByRole('button', { name: 'Disable account' }).click();
    const confirm = page.getByRole('alertdialog', { name: "Disable Dora User's account?" });
    await seen(confirm.getByText(/signed out on every device at once/));
    await shot(page, 'admin-disable-user');
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await seen(notice(page, 'Account disabled'));
    await gone(confirm);
    await seen(panel.getByText('This account is disabled'));
    // The list (hidden from the accessibility tree while the panel is open) shows the badge.
    await panel.getByRole('button', { name: 'Close the Edit User panel' }).click();
    await gone(panel);
    await seen(row.getByText('Disabled', { exact: true }));

    // The user's session ended, and signing in is refused with a clear message.
    expect(await sessionOf()).toBeNull();
    const refused = await watcher.context.request.post('/trpc/user.login', {
      data: { email, password: TEST_PASSWORD },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('This account has been disabled. Contact support.');

    await row.getByRole('button', { name: /Edit/ }).click();
    await panel.getByRole('button', { name: 'Enable account' }).click();
    const enable = page.getByRole('alertdialog', { name: "Enable Dora User's account?" });
    await enable.getByRole('button', { name: 'Enable account' }).click();
    await seen(notice(page, 'Account enabled'));
    await gone(enable);
    await seen(panel.getByText('Account access'));
    await panel.getByRole('button', { name: 'Close the Edit User panel' }).click();
    await gone(panel);
    await seen(row);
    expect(await row.getByText('Disabled', { exact: true }).count()).toBe(0);
    await env().signInByApi(watcher, email);
    expect(await sessionOf()).not.toBeNull();
  });

  test('edits the deposit account record; users see the new details', async () => {
    const { page } = await adminPage('deposit-account');
    await openFromMenu(page, 'Deposit', '/dashboard/deposit');
    const myAccount = page.getByRole('region', { name: 'My Account' });
    await myAccount.getByRole('button', { name: /Edit/ }).click();
    await myAccount.getByLabel(/Bank name/).fill('E2E Savings Bank');
    await myAccount.getByLabel(/Account holder/).fill('Vestora Client Funds');
    await myAccount.getByLabel(/Account number/).fill('PT50 0002 0123 1234 5678 9015 4');
    // The bank's BIC (#34: the payment file names the paying bank by it): a mistyped one is refused first.
    await myAccount.getByLabel(/BIC/).fill('BCOM PT');
    await myAccount.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(
      myAccount.getByText('Enter the BIC (SWIFT code) as 8 or 11 letters and digits, for example COBADEFFXXX.'),
    );
    await myAccount.getByLabel(/BIC/).fill('bcomptpl');
    await shot(page, 'admin-deposit-account-edit');
    await myAccount.getByRole('button', { name: 'Save', exact: true }).click();
    // A change of the deposit account is a proposal (#27): a second administrator approves it.
    await seen(notice(page, 'Proposed — waiting for a second administrator'));
    await gone(myAccount.getByRole('textbox'));
    await secondAdminApprovesAll();
    await page.reload();
    await seen(myAccount.getByText('E2E Savings Bank', { exact: true }));
    await seen(myAccount.getByText('PT50 0002 0123 1234 5678 9015 4', { exact: true }));
    await gone(myAccount.getByRole('textbox'));

    const someone = await env().createUser({ email: uniqueEmail('reader') });
    const reader = await userPage('deposit-account-reader', someone.email, '/dashboard/deposit');
    const theirs = reader.page.getByRole('region', { name: 'My Account' });
    await seen(theirs.getByText('E2E Savings Bank', { exact: true }));
    await seen(theirs.getByText('Vestora Client Funds', { exact: true }));
    await seen(theirs.getByText('BCOMPTPL', { exact: true }));
  });

  test('money desk: a reported deposit is confirmed, withdrawals are approved and rejected; the user sees each balance', async () => {
    // Tier 1 (#33): a verified member, or Cashout would show no form (tier 0 withdraws nothing).
    const customer = await env().createUser({ firstName: 'Margaret', email: uniqueEmail('margaret'), tier: 1 });
    const user = await userPage('money-user', customer.email, '/dashboard/deposit');
    const u = user.page;

    // The user reports a transfer of $300.
    const form = u.getByRole('region', { name: 'I have sent a transfer' });
    await form.getByLabel(/Amount/).fill('300');
    await form.getByLabel(/Transfer reference/).fill('E2E-DEP-300');
    await form.getByRole('button', { name: 'Report transfer' }).click();
    await seen(u.getByText(/pending review/).first());
    await expectBalance(u, '$0.00');

    // The admin confirms it.
    const admin = await adminPage('money-admin');
    const a = admin.page;
    await openFromMenu(a, 'Money desk', '/dashboard/money-desk');
    const depositRow = a.getByRole('row').filter({ hasText: 'E2E-DEP-300' });
    await seen(depositRow);
    await shot(a, 'admin-money-desk-deposits');
    await depositRow.getByRole('button', { name: 'Confirm' }).click();
    const confirmDialog = a.getByRole('alertdialog').or(a.getByRole('dialog'));
    await seen(confirmDialog.getByText('Confirm this deposit?'));
    await confirmDialog.getByRole('button', { name: 'Confirm and credit' }).click();
    // Confirming by hand is a proposal (#27): credited once a second administrator approves it.
    await seen(notice(a, 'Proposed — waiting for a second administrator'));
    await expectBalance(u, '$0.00');
    await secondAdminApprovesAll();
    await a.reload();
    await gone(depositRow.getByRole('button', { name: 'Confirm' }));

    // The user's balance went up by exactly $300.
    await expectBalance(u, '$300.00');

    // The user asks for two withdrawals: $100 by bank, $50 by PayPal. Each holds the funds at once.
    await u.goto('/dashboard/cashout');
    await u.getByLabel(/Amount/).fill('100');
    await u.getByLabel(/^IBAN/).fill('PT50000201231234567890154');
    await u.getByRole('button', { name: 'Withdraw Funds' }).click();
    const success = u.getByRole('alertdialog');
    await seen(success.getByText('Success!'));
    await seen(success.getByText(/\$100\.00.*pending review/));
    await shot(u, 'user-cashout-success');
    await success.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(success);
    await u.getByLabel(/Amount/).fill('50');
    await u.getByLabel(/Withdrawal method/).selectOption({ label: 'PayPal' });
    await u.getByLabel(/PayPal Email/).fill('margaret@example.com');
    await u.getByRole('button', { name: 'Withdraw Funds' }).click();
    await seen(u.getByRole('alertdialog').getByText(/\$50\.00.*pending review/));
    await u.getByRole('alertdialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expectBalance(u, '$150.00');

    // An admin who took no part in crediting the member (#27) approves the $100 one and rejects the $50 one
    // (with a reason).
    const payerPage = await env().newPage({ label: 'payer-admin' });
    await env().signInByApi(payerPage, (await payerAdmin()).email);
    const p = payerPage.page;
    await p.goto('/dashboard/money-desk?tab=withdrawals');
    const w100 = p.getByRole('row').filter({ hasText: customer.email }).filter({ hasText: '$100.00' });
    const w50 = p.getByRole('row').filter({ hasText: customer.email }).filter({ hasText: '$50.00' });
    await seen(w100);
    await seen(w50);
    await shot(p, 'admin-money-desk-withdrawals');
    await w100.getByRole('button', { name: 'Approve' }).click();
    let dialog = p.getByRole('alertdialog').or(p.getByRole('dialog'));
    await seen(dialog.getByText('Approve this withdrawal?'));
    const payoutRef = dialog.getByLabel(/Payout reference/);
    if ((await payoutRef.count()) > 0) await payoutRef.fill('E2E-PAYOUT-1');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(notice(p, 'Withdrawal approved'));
    await gone(w100.getByRole('button', { name: 'Approve' }));

    await w50.getByRole('button', { name: 'Reject' }).click();
    dialog = p.getByRole('alertdialog').or(p.getByRole('dialog'));
    await seen(dialog.getByText('Reject this withdrawal?'));
    await dialog.getByLabel(/Reason/).fill('E2E: PayPal account not verified');
    await dialog.getByRole('button', { name: 'Reject and return funds' }).click();
    await seen(notice(p, 'Withdrawal rejected'));
    await gone(w50.getByRole('button', { name: 'Reject' }));

    // Rejected funds come back: 150 + 50.
    await expectBalance(u, '$200.00');
    await u.goto('/dashboard/cashout');
    const history = u.getByRole('region', { name: /withdrawals/i });
    await seen(history.getByRole('row').filter({ hasText: '$100.00' }).getByText(/paid/i));
    await seen(
      history
        .getByRole('row')
        .filter({ hasText: '$50.00' })
        .getByText(/rejected/i),
    );
    await shot(u, 'user-cashout-history');

    // The user's transaction history explains the balance.
    await u.goto('/dashboard/transactions');
    await seen(u.getByRole('heading', { name: 'Transactions', level: 1 }));
    const ledger = u.getByRole('main').getByRole('table').first();
    // Newest first or oldest first, the four entries that explain $200.00 are all there.
    for (const [kind, amount] of [
      ['Deposit', '+$300.00'],
      ['Withdrawal hold', '-$100.00'],
      ['Withdrawal hold', '-$50.00'],
      ['Withdrawal returned', '+$50.00'],
    ]) {
      await seen(ledger.getByRole('row').filter({ hasText: kind }).filter({ hasText: amount }));
    }
    await seen(u.getByRole('main').getByText('$200.00').first());
    await shot(u, 'user-transactions-history');
  });

  test('the audit log shows every admin action with who did it', async () => {
    const { page } = await adminPage('audit');
    await page.goto('/dashboard/money-desk?tab=audit');
    const table = page.getByRole('table');
    // In words, not action codes.
    for (const action of [
      'Plan created',
      'Plan changed',
      'Plan deleted',
      'User edited',
      'Deposit account record changed',
      'Deposit confirmed',
      'Withdrawal approved as paid',
      'Withdrawal rejected',
    ]) {
      const row = table.getByRole('row').filter({ hasText: action });
      await seen(row);
      // What a second administrator approved is recorded as theirs (#27).
      const by = ['Deposit account record changed', 'Deposit confirmed'].includes(action)
        ? (await secondAdmin()).email
        : ['Withdrawal approved as paid', 'Withdrawal rejected'].includes(action)
          ? (await payerAdmin()).email
          : env().admin.email;
      await seen(row.first().getByText(by));
    }
    await shot(page, 'admin-audit-log');
  });
});
