/**
 * Issue 18, the public and member pages: what a new member reads is true, current and leads somewhere.
 * The tests run in order on one fresh site: first as it is installed (no site settings, no members, no mail
 * server), then after an admin has filled in the Site settings page.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { atPath, describeBrowser, gone, poll, seen, TEST_PASSWORD, uniqueEmail, useE2E, whenLive } from './harness.ts';

/** Dollars as the English pages show them (`$4,400.00`). */
const formatMoney = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

const env = useE2E();

const INVENTED = [/Hong Kong/, /Miami/, /Brickell/, /regulated financial service/, /real person/, /2019/];

/** The visible text of the page's main content. */
async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

describeBrowser('a new member walks the site (issue 18)', () => {
  test('a fresh site states no invented operator facts, and no figure that means nothing', async () => {
    const { page } = await env().newPage({ label: 'fresh' });
    await page.goto('/about');
    await seen(page.getByRole('heading', { name: 'Frequently asked questions' }));
    // Wait until the settings and figures have been asked and answered, then read the page.
    await poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    await page.waitForLoadState('networkidle');
    let text = await mainText(page);
    for (const fact of INVENTED) expect(text, `About says ${fact}`).not.toMatch(fact);
    expect(text).not.toMatch(/Who runs Vestora/);
    // Only the admin has an account: no "Accounts opened", no "0 active investors".
    expect(text).not.toMatch(/Accounts opened|Active investors|Invested in plans/);

    await page.goto('/contact');
    await seen(page.getByRole('heading', { name: 'Send us a message' }));
    await page.waitForLoadState('networkidle');
    text = await mainText(page);
    for (const fact of INVENTED) expect(text, `Contact says ${fact}`).not.toMatch(fact);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByTestId('contact-facts').count()).toBe(0);

    await page.goto('/');
    await seen(page.getByRole('heading', { name: 'What you get with Vestora' }));
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Vestora in numbers' }).count()).toBe(0);
    expect(await mainText(page)).not.toMatch(/real person/);
  });

  test('referral terms on the pages are the ones the server pays', async () => {
    // The server reads its settings from this object: pay 2.5%, at most $40 from now on.
    const config = env().config as { REFERRAL_REWARD_PERCENT: number; REFERRAL_REWARD_MAX: number };
    const before = { percent: config.REFERRAL_REWARD_PERCENT, max: config.REFERRAL_REWARD_MAX };
    config.REFERRAL_REWARD_PERCENT = 2.5;
    config.REFERRAL_REWARD_MAX = 40;
    try {
      const { page } = await env().newPage({ label: 'terms' });
      await page.goto('/');
      await seen(page.getByText('The reward is 2.5%, at most $40.'));
      expect(await page.locator('main').innerText()).not.toMatch(/1%, at most \$100/);

      const member = await env().createUser({ firstName: 'Terms' });
      const tp = await env().newPage({ label: 'referral' });
      await env().signInByApi(tp, member.email);
      await tp.page.goto('/dashboard/referral');
      await seen(tp.page.getByText(/Vestora pays you 2\.5%, at most \$40 of that first investment/));
    } finally {
      config.REFERRAL_REWARD_PERCENT = before.percent;
      config.REFERRAL_REWARD_MAX = before.max;
    }
  });

  test("About's FAQ keeps the three Bitcoin questions and answers this product's own: fees, timing, maturity, exit, taxes, failure", async () => {
    const { page } = await env().newPage({ label: 'faq' });
    await page.goto('/about');
    await seen(page.getByRole('heading', { name: 'Frequently asked questions' }));
    const questions = [
      'What is Bitcoin?',
      'Who developed it?',
      'What is mining?',
      'What does Vestora charge?',
      'When do deposits and cashouts arrive?',
      'What happens when an investment matures?',
      'Can I leave a plan early?',
      'What about taxes?',
      'What if Vestora fails?',
    ];
    for (const q of questions) await seen(page.getByRole('button', { name: q }));
    const answers: Record<string, RegExp[]> = {
      'When do deposits and cashouts arrive?': [/bank statement/, /reference/, /payment file/],
      'What happens when an investment matures?': [/principal/, /balance/],
      'Can I leave a plan early?': [/forfeited/, /allows early exit/],
      'What about taxes?': [/does not withhold/, /CSV/],
      'What if Vestora fails?': [/only as safe as Vestora/, /not covered by any deposit insurance/],
    };
    for (const [q, words] of Object.entries(answers)) {
      const trigger = page.getByRole('button', { name: q });
      await trigger.click();
      const panel = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
      await seen(panel);
      const text = await panel.innerText();
      for (const w of words) expect(text, `${q} answers ${w}`).toMatch(w);
    }
    // No promise the product does not keep.
    expect(await mainText(page)).not.toMatch(/guaranteed returns|fully insured|FDIC|risk-free/i);
  });

  test('an admin sets the operator facts on Site settings; About, Contact and Rewards state them', async () => {
    const tp = await env().newPage({ label: 'admin-settings' });
    await env().signInByApi(tp, env().admin.email);
    const { page } = tp;
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Site settings' })
      .click();
    await atPath(page, '/dashboard/site-settings');
    await page.getByLabel('Company name').fill('Vestora Test Ltd');
    await page.getByLabel('Registration').fill('Company no. 0424242, registered in Testland');
    await page.getByLabel('Address').fill('12 Example Road\nTestville');
    await page.getByLabel('Support email').fill('help@vestora.test');
    await page.getByLabel('Launch date').fill('2020-01-31');
    await page.getByLabel('Map link').fill('http://maps.example/vestora');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await seen(page.getByText('Map link must be a web address starting with https://'));
    await page.getByLabel('Map link').fill('https://www.openstreetmap.org/#map=18/51.5/-0.1');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await seen(page.getByText('Site settings saved'));

    const audit = await env()
      .db.selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'site.update_settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(env().admin.id);

    const visitor = (await env().newPage({ label: 'visitor' })).page;
    await visitor.goto('/about');
    const facts = visitor.getByTestId('operator-facts');
    await seen(facts.getByText('Vestora Test Ltd'));
    await seen(facts.getByText('Company no. 0424242, registered in Testland'));
    // The launch day in the reader's format (Intl), never the ISO form.
    await seen(facts.getByText('January 31, 2020'));
    expect(await facts.getByText('2020-01-31').count()).toBe(0);
    await visitor.goto('/contact');
    await seen(visitor.getByRole('link', { name: 'help@vestora.test' }));
    await seen(visitor.getByTestId('contact-facts').getByText(/12 Example Road/));
    // The map is a link to the operator's map service, never a frame (the content security policy stays shut).
    const map = visitor.getByRole('link', { name: /See us on a map/ });
    await seen(map);
    expect(await map.getAttribute('href')).toBe('https://www.openstreetmap.org/#map=18/51.5/-0.1');
    expect(await visitor.locator('iframe').count()).toBe(0);

    // Launched 2020-01-31: a member who joins now is not an Early Adopter.
    const member = await env().createUser({ firstName: 'Late' });
    const mp = await env().newPage({ label: 'rewards' });
    await env().signInByApi(mp, member.email);
    await mp.page.goto('/dashboard/rewards');
    await seen(mp.page.getByText(/this badge is for accounts opened on or before January 31, 2020/));
    await gone(mp.page.getByText('Joined at launch'));
  });

  test('without a mail server, forgot-password and an email change say no mail will arrive', async () => {
    const { page } = await env().newPage({ label: 'forgot' });
    const member = await env().createUser({ firstName: 'Forgetful' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seen(page.getByText(/Mail is not being sent on this installation/));
    await seen(page.getByText('No email will arrive'));
    expect(await page.getByText('Check your inbox').count()).toBe(0);
    // The page's own subtitle does not promise the email the alert says will not come.
    await seen(page.getByText('This installation sends no mail, so no reset link can reach you by email.'));
    expect(await page.getByText(/We will email you a link/).count()).toBe(0);

    const tp = await env().newPage({ label: 'email-change' });
    await env().signInByApi(tp, member.email);
    await tp.page.goto('/dashboard/settings');
    await tp.page.getByLabel('New email address').fill(`moved-${member.email}`);
    const section = tp.page.getByRole('form', { name: 'Email address' });
    await section.getByLabel('Current password').fill(TEST_PASSWORD);
    await section.getByRole('button', { name: 'Change email' }).click();
    await seen(
      tp.page.getByText(/the confirmation link for moved-.* waits unsent \(nobody else can read it\)/).first(),
    );
    expect(await tp.page.getByText(/We sent a link to|A confirmation link went to/).count()).toBe(0);
  });

  test('after sign-up, /login says Registration successful! with the email filled in and the password focused', async () => {
    const { page } = await env().newPage({ label: 'signup' });
    const email = uniqueEmail('walker');
    await page.goto('/create-account');
    // One word for signing in: "Sign in", never "Log in".
    await seen(page.getByRole('link', { name: 'Sign in', exact: true }));
    expect(await page.getByText(/\bLog in\b/).count()).toBe(0);
    await page.getByLabel('First name').fill('Walker');
    await page.getByLabel('Last name').fill('Newman');
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel('City').fill('Porto');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('a long enough password');
    await page.getByLabel('Confirm password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await atPath(page, '/login');
    await seen(page.getByText('Registration successful!'));
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    );
    // Typing now goes to the password: sign in without touching the email.
    await page.keyboard.type('a long enough password');
    await page.keyboard.press('Enter');
    await atPath(page, '/dashboard');
  });

  test('a taken email offers sign-in and a reset link; a disabled account gets a link to support', async () => {
    const taken = await env().createUser({ firstName: 'Taken' });
    const tp = await env().newPage({ label: 'taken' });
    tp.allowHttpError('/trpc/user.signup', 409);
    const { page } = tp;
    await page.goto('/create-account');
    await page.getByLabel('First name').fill('Second');
    await page.getByLabel('Last name').fill('Try');
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel('City').fill('Porto');
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel(/^Password/).fill('a long enough password');
    await page.getByLabel('Confirm password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /already exists/ });
    await seen(alert.getByRole('link', { name: 'reset your password' }));
    await alert.getByRole('link', { name: 'Sign in' }).click();
    await atPath(page, '/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(taken.email);

    const disabled = await env().createUser({ firstName: 'Disabled' });
    await env().db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute();
    const dp = await env().newPage({ label: 'disabled' });
    dp.allowHttpError('/trpc/user.login', 403);
    await dp.page.goto('/login');
    await dp.page.getByLabel('Email').fill(disabled.email);
    await dp.page.getByLabel('Password').fill(TEST_PASSWORD);
    await dp.page.getByRole('button', { name: 'Sign In' }).click();
    const link = dp.page.getByRole('alert').getByRole('link', { name: 'Contact support' });
    await seen(link);
    await link.click();
    await atPath(dp.page, '/contact');
  });

  test('a malformed investment id says so clearly, with a way back and no useless Try again', async () => {
    const member = await env().createUser({ firstName: 'Typo' });
    const tp = await env().newPage({ label: 'bad-id' });
    await env().signInByApi(tp, member.email);
    await tp.page.goto('/dashboard/investments/not-an-id');
    await seen(tp.page.getByText('Investment not found'));
    await seen(tp.page.getByText(/link is mistyped or cut short/));
    expect(await tp.page.getByText(/must be a valid id/).count()).toBe(0);
    expect(await tp.page.getByRole('button', { name: /Try again/ }).count()).toBe(0);
    await tp.page.getByRole('link', { name: 'Back to my investments' }).click();
    await atPath(tp.page, '/dashboard/investments');
  });

  test('the dashboard index: a checklist for a new member above the plans, a summary once invested', async () => {
    const member = await env().createUser({ firstName: 'Fresh' });
    const tp = await env().newPage({ label: 'index' });
    await env().signInByApi(tp, member.email);
    const { page } = tp;
    await page.goto('/dashboard');
    const checklist = page.getByTestId('member-checklist');
    await seen(checklist.getByText('Verify your email'));
    await seen(checklist.getByText('Deposit money'));
    await seen(checklist.getByText('Invest in a plan'));
    // No mail server: the verify step says who can verify instead of "open the link".
    await seen(checklist.getByText(/an administrator can mark your address verified/));
    // The deposit account is set: send a transfer with the reference, credited from the statement (no "report it").
    await seen(checklist.getByText(/Send a bank transfer with your deposit reference/));
    await seen(checklist.getByRole('link', { name: 'Deposit' }));
    expect(await checklist.getByText(/report it/).count()).toBe(0);
    // While the account is the seeded placeholder, the step says deposits are not open: never "send a transfer".
    const account = await env().db.selectFrom('deposit_account').selectAll().executeTakeFirstOrThrow();
    await env()
      .db.updateTable('deposit_account')
      .set({ bank_name: 'Placeholder Bank (set by an admin)', account_number: '0000000000' })
      .execute();
    try {
      await page.reload();
      await seen(checklist.getByText(/Deposits are not open yet: please send nothing/));
      expect(await checklist.getByText(/Send a bank transfer/).count()).toBe(0);
    } finally {
      await env()
        .db.updateTable('deposit_account')
        .set({ bank_name: account.bank_name, account_number: account.account_number })
        .execute();
    }
    // The plans the specification puts on the index stay, under the checklist.
    await seen(page.getByRole('heading', { name: 'Investment Plans' }));
    await seen(page.getByText('Starter', { exact: true }));

    // Money arrives and the member invests: the index now summarises their money.
    await adjustBalance(env().db, member.id, 500_000, 'test deposit', { at: env().clock.now() });
    const plan = await env()
      .db.selectFrom('plans')
      .select(['id', 'min_amount_cents'])
      .where('investment_plan_name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    const amount = (plan.min_amount_cents ?? 100_000) / 100;
    const res = await tp.context.request.post('/trpc/investment.open', {
      data: { planId: plan.id, amount, idempotencyKey: crypto.randomUUID() },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.reload();
    const summary = page.getByTestId('member-summary');
    await seen(summary.getByText('Available balance'));
    await seen(summary.getByText(formatMoney(5000 - amount)));
    await seen(summary.getByRole('link', { name: 'Starter' }));
    await seen(summary.getByText('Invested', { exact: true }).first());
    await seen(summary.getByRole('link', { name: 'All transactions' }));
    expect(await page.getByTestId('member-checklist').count()).toBe(0);
    await seen(page.getByRole('heading', { name: 'Investment Plans' }));
  });

  test('the invest dialog is a dialog, not red before typing, errors inline while typing, then shows the position', async () => {
    // $50: less than Starter's $100 minimum, which the dialog fills in.
    const member = await env().createUser({ firstName: 'Invy', balanceCents: 5_000 });
    const tp = await env().newPage({ label: 'invest' });
    await env().signInByApi(tp, member.email);
    const { page } = tp;
    await page.goto('/dashboard/investments');
    await page.getByRole('button', { name: 'Invest Now in Starter' }).click();
    let dialog = page.getByRole('dialog', { name: 'Invest in Starter' });
    await seen(dialog);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    let amount = dialog.getByLabel(/Amount \(USD\)/);
    await seen(dialog.getByText(/Not enough balance/));
    // Nothing typed yet: the prefilled amount is not marked invalid, no red error text.
    expect(await amount.getAttribute('aria-invalid')).not.toBe('true');
    expect(await dialog.getByText(/Your available balance is \$50\.00/).count()).toBe(0);
    // While typing: the error shows inline, before any Confirm.
    await amount.fill('12abc');
    await seen(dialog.getByText('Enter an amount in dollars with at most 2 decimals, e.g. 1000.00'));
    await poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);

    await adjustBalance(env().db, member.id, 100_000, 'test deposit', { at: env().clock.now() });
    await page.reload();
    await page.getByRole('button', { name: 'Invest Now in Starter' }).click();
    dialog = page.getByRole('dialog', { name: 'Invest in Starter' });
    amount = dialog.getByLabel(/Amount \(USD\)/);
    await amount.fill('600');
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await gone(dialog);
    await page.getByRole('button', { name: 'View the investment' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/investments\/[0-9a-f-]+$/);
    await seen(page.getByRole('heading', { level: 1, name: /Starter/ }));
  });

  test('a skip link, a visible focus ring, and a pause control on the hero carousel', async () => {
    const { page } = await env().newPage({ label: 'keyboard' });
    // The page's timers run on a clock the test moves (no waiting on the real 3 s rotation).
    await page.clock.install();
    await page.goto('/');
    await whenLive(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await seen(skip);
    // The focused link shows a ring: a real outline, not "none".
    const outline = await skip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    // The carousel moves on its own until paused, and stays put while paused.
    const highlight = page.getByTestId('highlight').getByRole('heading');
    const first = await highlight.textContent();
    await page.clock.runFor(3500);
    await poll(() => highlight.textContent()).not.toBe(first);
    await page.getByRole('button', { name: 'Pause the highlights' }).click();
    const paused = await highlight.textContent();
    await page.clock.runFor(10_000);
    expect(await highlight.textContent()).toBe(paused);
    await page.getByRole('button', { name: 'Play the highlights' }).click();
    await page.clock.runFor(3500);
    await poll(() => highlight.textContent()).not.toBe(paused);
  });

  test('Settings: name, country and city are editable; one password section', async () => {
    const member = await env().createUser({ firstName: 'Before' });
    const tp = await env().newPage({ label: 'profile' });
    await env().signInByApi(tp, member.email);
    const { page } = tp;
    await page.goto('/dashboard/settings');
    const form = page.getByRole('form', { name: 'Your details' });
    await seen(form);
    await poll(() => form.getByLabel('First name').inputValue()).toBe('Before');
    await form.getByLabel('First name').fill('After');
    await form.getByLabel('City').fill('Coimbra');
    await form.getByRole('button', { name: 'Save details' }).click();
    await seen(page.getByText('Your details are saved'));
    await seen(page.locator('aside').getByText(`After ${member.last_name}`, { exact: true }));
    const row = await env()
      .db.selectFrom('users')
      .select(['first_name', 'city'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'After', city: 'Coimbra' });
    expect(await page.getByRole('heading', { name: /password/i }).count()).toBe(1);
  });

  test("Price Trends draws the chosen coin's own price history, fetched by the server from market_chart", async () => {
    const member = await env().createUser({ firstName: 'Chart' });
    const tp = await env().newPage({ label: 'chart' });
    await env().signInByApi(tp, member.email);
    const { page } = tp;
    await page.goto('/dashboard/chart');
    await seen(page.getByText('Price Trends (USD)'));
    const trends = page.getByTestId('price-trends');
    await poll(() => trends.getAttribute('data-coin')).toBe('bitcoin');
    const asked = () => env().feed.server.chartRequests;
    expect(asked()).toContain('bitcoin:30');

    await page.getByLabel('Coin').selectOption('ethereum');
    await page.getByRole('button', { name: '7 days' }).click();
    await poll(() => trends.getAttribute('data-coin')).toBe('ethereum');
    await seen(trends.getByText('Ethereum, last 7 days'));
    await poll(() => asked().includes('ethereum:7')).toBe(true);
    // A line through the coin's own points over time.
    const line = page.locator('.apexcharts-series path.apexcharts-line').first();
    await line.waitFor({ state: 'attached' });
    expect(Number(await line.getAttribute('stroke-width'))).toBeGreaterThan(0);
    expect(await page.locator('.apexcharts-xaxis-label').count()).toBeGreaterThan(1);
  });
});
