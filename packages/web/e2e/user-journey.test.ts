/**
 * A new user's journey: sign-up (mismatched passwords never reach the server), sign-in, the dashboard
 * shell, every user screen from the menu, a reported deposit, a refused cashout, the admin-only route,
 * and logout.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { verifyMember } from '../../server/src/test/factories.ts';
import {
  atPath,
  countRequests,
  describeBrowser,
  gone,
  poll,
  seen,
  shot,
  TEST_PASSWORD,
  uniqueEmail,
  useE2E,
  watchForText,
  whenLive,
} from './harness.ts';

const env = useE2E();

/** The dashboard sidebar's menu (desktop width). */
function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' }).first();
}

/** The sidebar card with the name and the balance. */
async function expectSidebar(page: Page, name: string, balance: string): Promise<void> {
  const sidebar = page.locator('aside').first();
  await seen(sidebar.getByText(name, { exact: true }));
  await seen(sidebar.getByText(`Account: ${balance}`, { exact: true }));
}

/** Clicks a menu entry and waits for its page. */
async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await menu(page).getByRole('link', { name: label, exact: true }).click();
  await atPath(page, path);
  await poll(() => menu(page).getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe(
    'page',
  );
}

const newUser = {
  firstName: 'Grace',
  lastName: 'Hopper',
  country: 'United States',
  city: 'Arlington',
  email: uniqueEmail('grace'),
  password: 'a long enough password',
};

/** Fills the sign-up form by its labels. */
async function fillSignup(page: Page, confirm: string): Promise<void> {
  await page.getByLabel('First name').fill(newUser.firstName);
  await page.getByLabel('Last name').fill(newUser.lastName);
  await page.getByLabel('Country').fill(newUser.country);
  await page.getByLabel('City').fill(newUser.city);
  await page.getByLabel('Email').fill(newUser.email);
  await page.getByLabel(/^Password/).fill(newUser.password);
  await page.getByLabel('Confirm password').fill(confirm);
}

describeBrowser('a user signs up, signs in and visits every screen', () => {
  /** The account the signed-in tests use: the one the sign-up test created. */
  let userEmail = '';
  let userPassword = newUser.password;
  let userName = `${newUser.firstName} ${newUser.lastName}`;

  test('sign-up with mismatched passwords says so and sends nothing', async () => {
    const { page } = await env().newPage({ label: 'signup-mismatch' });
    const signups = countRequests(page, '/trpc/user.signup');
    await page.goto('/create-account');
    await seen(page.getByText('Create Your Account'));
    await fillSignup(page, `${newUser.password}-typo`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await seen(page.getByText('Passwords do not match!'));
    await shot(page, 'user-signup-mismatch');
    // Give a wrongly sent request every chance to show up before counting.
    await page.waitForLoadState('networkidle');
    expect(signups.count).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/create-account');
  });

  test('sign-up → Registration successful! → sign-in → Login successful! → dashboard', async () => {
    const tp = await env().newPage({ label: 'signup' });
    const { page } = tp;
    const signups = countRequests(page, '/trpc/user.signup');
    // Landing on /login signed out, the page asks the server whether someone is signed in: refused.
    await page.goto('/create-account');
    await fillSignup(page, newUser.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await atPath(page, '/login');
    await seen(page.getByText('Registration successful!'));
    expect(signups.count).toBe(1);
    await shot(page, 'user-login-registered');

    // A wrong password first: the error in red, no redirect.
    tp.allowHttpError('/trpc/user.login', 401);
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failure = page.getByRole('alert').filter({ hasText: /incorrect|failed|invalid/i });
    await seen(failure);
    const [r, g] = (
      await failure
        .getByText(/incorrect|failed|invalid/i)
        .first()
        .evaluate((el) => getComputedStyle(el).color)
    )
      .match(/\d+/g)!
      .map(Number);
    expect(r, 'the sign-in error is shown in red').toBeGreaterThan(g!);
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Password').fill(newUser.password);
    const loginSuccessShown = await watchForText(page, 'Login successful!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await loginSuccessShown();
    // Then, after about a second, the dashboard.
    await atPath(page, '/dashboard');
    await expectSidebar(page, `${newUser.firstName} ${newUser.lastName}`, '$0.00');
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
    await shot(page, 'user-dashboard-investments');
    userEmail = newUser.email;

    // Signed in: the sign-in page sends you on to the dashboard.
    await page.goto('/login');
    await atPath(page, '/dashboard');
  });

  describeBrowser('signed in', () => {
    beforeAll(async () => {
      // Run on their own (-t) or after a failed sign-up, these tests still get a fresh user.
      if (userEmail) return;
      const u = await env().createUser({ firstName: newUser.firstName, email: uniqueEmail('grace-db') });
      userEmail = u.email;
      userPassword = TEST_PASSWORD;
      userName = `${u.first_name} ${u.last_name}`;
    });

    /** A page signed in as the new user, on the dashboard. */
    async function signedIn(label: string): Promise<Page> {
      const tp = await env().newPage({ label });
      await env().signInByApi(tp, userEmail, userPassword);
      await tp.page.goto('/dashboard');
      await expectSidebar(tp.page, userName, '$0.00');
      return tp.page;
    }

    test('the menu reaches every user screen', async () => {
      const page = await signedIn('menu-tour');
      const labels = await menu(page).getByRole('link').allInnerTexts();
      const names = labels.map((l) => l.trim());
      for (const entry of [
        'Rewards',
        'Investments',
        'Chart',
        'Deposit',
        'Cashout',
        'Settings',
        'Referral',
        'Transactions',
      ]) {
        expect(names, `menu entry ${entry}`).toContain(entry);
      }
      expect(names, 'a user has no User management entry').not.toContain('User');
      // The spec's order for users: Rewards, Investments, Chart, Deposit, Cashout, Settings.
      const specOrder = ['Rewards', 'Investments', 'Chart', 'Deposit', 'Cashout', 'Settings'];
      expect(names.filter((n) => specOrder.includes(n))).toEqual(specOrder);

      await openFromMenu(page, 'Rewards', '/dashboard/rewards');
      for (const badge of ['Early Adopter', 'High Roller', 'Diverse Portfolio'])
        await seen(page.getByText(badge, { exact: true }).first());
      await seen(page.getByText(/single transaction over \$10,000/i).first());
      await shot(page, 'user-rewards');

      await openFromMenu(page, 'Investments', '/dashboard/investments');
      for (const plan of ['Starter', 'Gold']) await seen(page.getByText(plan, { exact: true }));
      // No admin controls for a user.
      expect(
        await page
          .getByRole('link', { name: /Create Plan/ })
          .or(page.getByRole('button', { name: /Create Plan/ }))
          .count(),
      ).toBe(0);
      await shot(page, 'user-investments');
      // 'Invest Now' opens the invest dialog; with no balance it leads to the deposit page, the missing
      // amount filled in.
      await page
        .getByRole('article', { name: /^Starter\b/ })
        .getByRole('button', { name: /Invest Now/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Invest in Starter' });
      await seen(dialog.getByText('Not enough balance: $100.00 missing'));
      await dialog.getByRole('link', { name: 'Deposit $100.00' }).click();
      await atPath(page, '/dashboard/deposit');
      await seen(page.getByRole('region', { name: 'My Account' }));
      await poll(() => page.getByLabel(/Amount \(USD\)/).inputValue()).toBe('100.00');

      await openFromMenu(page, 'Chart', '/dashboard/chart');
      await seen(page.getByRole('heading', { name: 'Top 25 Cryptocurrencies' }));
      const table = page.getByRole('table');
      // (Playwright's role engine reports these <th> as cells; the browser's tree has them as column headers.)
      const headers = table.locator('thead th');
      await seen(headers);
      expect((await headers.allInnerTexts()).map((t) => t.trim())).toEqual([
        '#',
        'Coin',
        'Price (USD)',
        'Market Cap',
        '24h Volume',
        '24h Change (%)',
      ]);
      const rows = table.locator('tbody tr');
      await poll(() => rows.count()).toBe(25);
      await seen(page.getByText('Price Trends (USD)'));
      await shot(page, 'user-chart');
      const coins = env().feed.coins.length;
      const showMore = page.getByRole('button', { name: 'Show More' });
      await showMore.click();
      await seen(page.getByRole('heading', { name: `Top ${Math.min(50, coins)} Cryptocurrencies` }));
      await poll(() => rows.count()).toBe(Math.min(50, coins));
      while ((await showMore.count()) > 0) await showMore.click();
      await poll(() => rows.count()).toBe(coins);
      await seen(page.getByRole('heading', { name: `Top ${coins} Cryptocurrencies` }));

      await openFromMenu(page, 'Referral', '/dashboard/referral');
      await seen(page.getByText('Invite friends and earn rewards'));
      const code = page.getByLabel(/referral code/i);
      const link = page.getByLabel(/referral link/i);
      await seen(code);
      await poll(() => code.inputValue()).toMatch(/\S/);
      expect(await code.isEditable(), 'the code is read-only').toBe(false);
      expect(await link.isEditable(), 'the link is read-only').toBe(false);
      const codeValue = await code.inputValue();
      expect(await link.inputValue()).toContain(codeValue);
      expect(await link.inputValue()).toContain(env().baseUrl);
      await seen(
        page.getByRole('button', { name: /Share on Twitter/ }).or(page.getByRole('link', { name: /Share on Twitter/ })),
      );
      await seen(
        page
          .getByRole('button', { name: /Share on Facebook/ })
          .or(page.getByRole('link', { name: /Share on Facebook/ })),
      );
      await shot(page, 'user-referral');

      await openFromMenu(page, 'Settings', '/dashboard/settings');
      // The notification preferences are loaded from the server (investment e-mail on by default).
      await seen(page.getByRole('checkbox', { name: /By e-mail \(Investments\)/ }));
      await poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(userEmail);
      await poll(() => page.getByRole('checkbox', { name: /By e-mail \(Investments\)/ }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: /Two-factor/ }).isChecked()).toBe(false);
      await shot(page, 'user-settings');

      await openFromMenu(page, 'Transactions', '/dashboard/transactions');
      await seen(page.getByRole('heading', { name: 'Transactions', level: 1 }));
      // A new account has no history yet: an empty state, not an error.
      await page.waitForLoadState('networkidle');
      await gone(page.getByRole('main').getByText(/could not be loaded/i));
      await seen(
        page
          .getByRole('main')
          .getByText(/no balance changes yet/i)
          .first(),
      );
      await shot(page, 'user-transactions');
    });

    test('Deposit: My Account read-only with a QR code, Copy Account Number, a reported transfer is pending', async () => {
      const page = await signedIn('deposit');
      await openFromMenu(page, 'Deposit', '/dashboard/deposit');
      const myAccount = page.getByRole('region', { name: 'My Account' });
      await seen(myAccount);
      const account = await env().db.selectFrom('deposit_account').selectAll().executeTakeFirstOrThrow();
      await seen(myAccount.getByText(account.account_number, { exact: true }));
      await seen(myAccount.getByText(account.bank_name, { exact: true }));
      await seen(myAccount.getByText(account.account_holder, { exact: true }));
      // This server has no BTC_XPUB: nothing Bitcoin is offered (bitcoin.test.ts runs one that has).
      await seen(page.getByRole('region', { name: 'How to deposit' }));
      expect(await page.getByText(/bitcoin/i).count()).toBe(0);
      // QR code of the account number, 150 px.
      const qr = myAccount.locator('svg:has(title)').first();
      await seen(qr);
      const box = await qr.boundingBox();
      expect(Math.round(box!.width)).toBe(150);
      // Read-only for a user: no edit control, no editable field.
      expect(await myAccount.getByRole('button', { name: /Edit/ }).count()).toBe(0);
      expect(await myAccount.getByRole('textbox').count()).toBe(0);

      const copy = myAccount.getByRole('button', { name: 'Copy Account Number' });
      await copy.click();
      await seen(myAccount.getByRole('button', { name: 'Copied!' }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.account_number);
      await shot(page, 'user-deposit');
      // The label comes back (after 2 s).
      await seen(myAccount.getByRole('button', { name: 'Copy Account Number' }), 10_000);

      // Report a transfer: pending, and the balance does not move.
      const form = page.getByRole('region', { name: 'I have sent a transfer' });
      await form.getByLabel(/Amount/).fill('125.50');
      await form.getByLabel(/Transfer reference/).fill('E2E-REF-001');
      await form.getByRole('button', { name: 'Report transfer' }).click();
      await seen(page.getByText(/\$125\.50.*pending review/));
      const recent = page.getByRole('region', { name: /recent deposits/i });
      const row = recent.getByRole('row').filter({ hasText: 'E2E-REF-001' });
      await seen(row);
      await seen(row.getByText(/pending/i));
      await expectSidebar(page, userName, '$0.00');
      await shot(page, 'user-deposit-reported');
    });

    test('Cashout: the details field follows the method; more than the balance is refused without a success dialog', async () => {
      const tp = await env().newPage({ label: 'cashout' });
      const { page } = tp;
      // The form is for a verified member (#33: at tier 0 Cashout says how to verify instead; kyc.test.ts).
      const { id } = await env()
        .db.selectFrom('users')
        .select('id')
        .where('email', '=', userEmail)
        .executeTakeFirstOrThrow();
      await verifyMember(env().db, id, 1);
      await env().signInByApi(tp, userEmail, userPassword);
      await page.goto('/dashboard');
      await openFromMenu(page, 'Cashout', '/dashboard/cashout');
      await seen(page.getByRole('heading', { name: 'Cashout', level: 1 }));

      // The form comes once the member's tier and limits have loaded (the heading is there before it): the
      // options are read when they are there (a run read them too early, as none).
      const method = page.getByLabel(/Withdrawal method/);
      const optionsOf = async (select: typeof method) =>
        (await select.locator('option').allInnerTexts()).map((o) => o.trim());
      await poll(() => optionsOf(method)).toEqual(['Bank Transfer', 'PayPal', 'Cryptocurrency']);
      // A bank payout names its account (#34): an IBAN with its BIC, or a US routing and account number.
      const bankKind = page.getByLabel(/^Bank account/);
      await poll(() => optionsOf(bankKind)).toEqual([
        'IBAN (Europe and most countries)',
        'United States: routing and account number',
      ]);
      await seen(page.getByLabel(/^IBAN/));
      await seen(page.getByLabel(/^BIC \(SWIFT code\)/));
      await method.selectOption({ label: 'PayPal' });
      const paypal = page.getByLabel(/PayPal Email/);
      await seen(paypal);
      expect(await paypal.getAttribute('placeholder')).toMatch(/PayPal email/i);
      await method.selectOption({ label: 'Cryptocurrency' });
      const wallet = page.getByLabel(/Crypto Wallet Address/);
      await seen(wallet);
      expect(await wallet.getAttribute('placeholder')).toMatch(/wallet address/i);
      await method.selectOption({ label: 'Bank Transfer' });

      // The balance is $0.00: asking for $50 is refused by the form itself, before any code or request (issue 18).
      const requests = countRequests(page, '/trpc/withdrawal.request');
      await page.getByLabel(/Amount/).fill('50');
      // A mistyped IBAN (one digit off), BIC or routing number is refused by the form, with what to check.
      await page.getByLabel(/^IBAN/).fill('PT50 0002 0123 1234 5678 9015 5');
      await page.getByLabel(/^BIC/).fill('BANK-PT');
      await page.getByRole('button', { name: 'Withdraw Funds' }).click();
      await seen(
        page.getByText('This is not a valid IBAN: check each letter and digit (its check digits do not match).'),
      );
      await seen(page.getByText('Enter the BIC (SWIFT code) as 8 or 11 letters and digits, for example COBADEFFXXX.'));
      await bankKind.selectOption({ label: 'United States: routing and account number' });
      await page.getByLabel(/^Routing number \(ABA\)/).fill('011000016');
      await page.getByLabel(/^Account number/).fill('12345678');
      await page.getByRole('button', { name: 'Withdraw Funds' }).click();
      await seen(page.getByText('Enter the 9-digit ABA routing number; this one does not add up (check its digits).'));
      await page.getByLabel(/^Routing number \(ABA\)/).fill('011000015');
      await bankKind.selectOption({ label: 'IBAN (Europe and most countries)' });
      await page.getByLabel(/^IBAN/).fill('PT50 0002 0123 1234 5678 9015 4');
      await page.getByLabel(/^BIC/).fill('BCOMPTPL');
      await page.getByRole('button', { name: 'Withdraw Funds' }).click();
      await seen(page.getByText('Your available balance is $0.00: you can withdraw at most that.'));
      expect(requests.count).toBe(0);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      expect(await page.getByText('Success!').count()).toBe(0);
      await seen(page.getByText('No withdrawals yet'));
      await shot(page, 'user-cashout-refused');
    });

    test('a ?ref=CODE sign-up link carries the referral into the new account', async () => {
      const referrer = await env()
        .db.selectFrom('users')
        .select(['id', 'referral_code'])
        .where('email', '=', userEmail)
        .executeTakeFirstOrThrow();
      const tp = await env().newPage({ label: 'referred-signup' });
      const { page } = tp;
      await page.goto(`/create-account?ref=${referrer.referral_code}`);
      await seen(page.getByText(referrer.referral_code).first());
      const email = uniqueEmail('referred');
      await page.getByLabel('First name').fill('Katherine');
      await page.getByLabel('Last name').fill('Johnson');
      await page.getByLabel('Country').fill('United States');
      await page.getByLabel('City').fill('Hampton');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill('another long password');
      await page.getByLabel('Confirm password').fill('another long password');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await atPath(page, '/login');
      await seen(page.getByText('Registration successful!'));
      const created = await env()
        .db.selectFrom('users')
        .select('referred_by')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(created.referred_by).toBe(referrer.id);
    });

    test("sign-up with an email that is taken shows the server's message in red and stays put", async () => {
      const tp = await env().newPage({ label: 'signup-taken' });
      const { page } = tp;
      tp.allowHttpError('/trpc/user.signup', 409);
      await page.goto('/create-account');
      await fillSignup(page, newUser.password);
      await page.getByLabel('Email').fill(userEmail);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const error = page.getByRole('alert').getByText(/already exists/i);
      await seen(error);
      const [r, g] = (await error.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
      expect(r, 'the error is shown in red').toBeGreaterThan(g!);
      expect(new URL(page.url()).pathname).toBe('/create-account');
      await shot(page, 'user-signup-taken');
    });

    test('signing in works with the keyboard alone', async () => {
      const tp = await env().newPage({ label: 'keyboard-login' });
      const { page } = tp;
      await page.goto('/login');
      await whenLive(page);
      await page.getByLabel('Email').focus();
      await page.keyboard.type(userEmail);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('password');
      await page.keyboard.type(userPassword);
      await page.keyboard.press('Enter');
      await atPath(page, '/dashboard');
      await expectSidebar(page, userName, '$0.00');
    });

    test('a user who opens /dashboard/user is sent to /dashboard', async () => {
      const tp = await env().newPage({ label: 'not-admin' });
      await env().signInByApi(tp, userEmail, userPassword);
      await tp.page.goto('/dashboard/user');
      await atPath(tp.page, '/dashboard');
      await seen(tp.page.getByText('Starter', { exact: true }));
      expect(await tp.page.getByText('User Management').count()).toBe(0);
    });

    test('Logout goes to /login, and the dashboard then sends you to /login', async () => {
      const tp = await env().newPage({ label: 'logout' });
      const { page } = tp;
      await env().signInByApi(tp, userEmail, userPassword);
      await page.goto('/dashboard');
      await expectSidebar(page, userName, '$0.00');
      await page.locator('aside').getByRole('button', { name: 'Logout' }).click();
      await atPath(page, '/login');
      await seen(page.getByText('Welcome Back'));
      expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('false');
      // The session is gone on the server too.
      const me = await tp.context.request.get(`${env().baseUrl}/trpc/user.me`);
      expect(me.status()).toBe(401);

      await page.goto('/dashboard');
      await atPath(page, '/login');
      await seen(page.getByText('Welcome Back'));
    });
  });

  test('a signed-out visit to /dashboard goes to /login', async () => {
    const tp = await env().newPage({ label: 'signed-out' });
    await tp.page.goto('/dashboard/chart');
    await atPath(tp.page, '/login');
    await seen(tp.page.getByText('Welcome Back'));
    await gone(tp.page.getByText('Top 25 Cryptocurrencies'));
  });
});
