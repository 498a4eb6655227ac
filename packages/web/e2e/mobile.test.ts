/**
 * Phone width (375 px): the public navigation collapses behind a toggle (hamburger / close, aria-expanded,
 * a 0.4 s height and opacity animation, closing on navigation); the dashboard's mobile header opens the
 * sidebar menu in a drawer; and no screen scrolls sideways on a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  atPath,
  describeBrowser,
  gone,
  poll,
  seen,
  shot,
  uniqueEmail,
  useE2E,
  visibleCount,
  whenLive,
} from './harness.ts';

const env = useE2E();

/** The page is no wider than the screen (nothing forces a sideways scroll). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} is wider than the ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

describeBrowser('phone width', () => {
  test('the navbar links hide behind a toggle that opens, closes on navigation, and animates over 0.4 s', async () => {
    const { page } = await env().newPage({ viewport: 'phone', label: 'mobile-nav' });
    await page.goto('/');
    await seen(page.getByRole('link', { name: 'Login to continue' }));

    // The desktop links are hidden; only the toggle shows.
    const desktopNav = page.getByRole('navigation', { name: 'Main', exact: true });
    expect(await visibleCount(desktopNav.getByRole('link'))).toBe(0);
    const toggle = page.getByRole('button', { name: /menu/i, expanded: false });
    await seen(toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const closedIcon = await toggle.locator('svg').innerHTML();

    // The panel's links are not visible (nor reachable) while closed.
    const panelLinks = page.getByRole('link', { name: 'About', exact: true });
    expect(await visibleCount(panelLinks)).toBe(0);

    await toggle.click();
    const openToggle = page.getByRole('button', { name: /menu/i, expanded: true });
    await seen(openToggle);
    expect(await openToggle.getAttribute('aria-expanded')).toBe('true');
    expect(await openToggle.getAttribute('aria-label')).toMatch(/close/i);
    expect(await openToggle.locator('svg').innerHTML(), 'the icon changes to a close icon').not.toBe(closedIcon);
    await seen(panelLinks);
    // Height and opacity animate over 0.4 s.
    const panelId = await openToggle.getAttribute('aria-controls');
    expect(panelId, 'the toggle names the panel it controls').toBeTruthy();
    const transition = await page.locator(`#${panelId}`).evaluate((el) => {
      const s = getComputedStyle(el);
      return s.transitionProperty
        .split(',')
        .map((p, i) => `${p.trim()} ${s.transitionDuration.split(',')[i]?.trim() ?? s.transitionDuration}`);
    });
    expect(transition).toEqual(expect.arrayContaining(['height 0.4s', 'opacity 0.4s']));
    // Wait for the opening animation to finish before the screenshot.
    await poll(() => page.locator(`#${panelId}`).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot(page, 'mobile-nav-open');

    // A link navigates and the menu closes.
    await panelLinks.first().click();
    await atPath(page, '/about');
    await seen(page.getByRole('button', { name: /menu/i, expanded: false }));
    await gone(page.getByRole('link', { name: 'Privacy', exact: true }));
    await seen(page.getByText(/What is Bitcoin/).first());

    // Toggling twice closes it again without navigating.
    const t = page.getByRole('button', { name: /menu/i });
    await t.click();
    await seen(page.getByRole('button', { name: /menu/i, expanded: true }));
    await t.click();
    await seen(page.getByRole('button', { name: /menu/i, expanded: false }));
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  test('the mobile menu works from the keyboard, and its hidden links are not reachable with Tab', async () => {
    const { page } = await env().newPage({ viewport: 'phone', label: 'mobile-nav-keyboard' });
    await page.goto('/');
    // The pre-rendered page's controls only answer once React has taken it over.
    await whenLive(page);
    const toggle = page.getByRole('button', { name: /menu/i, expanded: false });
    await seen(toggle);
    const panelId = (await toggle.getAttribute('aria-controls'))!;
    const focusInPanel = () => page.evaluate((id) => !!document.activeElement?.closest(`#${CSS.escape(id)}`), panelId);

    // Closed: Tab from the toggle skips the hidden links.
    await toggle.focus();
    await page.keyboard.press('Tab');
    expect(await focusInPanel(), 'a closed menu must not take focus').toBe(false);

    // Open it with Enter; Tab moves into its links; Enter on one navigates and closes the menu.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await seen(page.getByRole('button', { name: /menu/i, expanded: true }));
    await poll(async () => {
      await page.getByRole('button', { name: /menu/i, expanded: true }).focus();
      await page.keyboard.press('Tab');
      return focusInPanel();
    }).toBe(true);
    let focusedText = await page.evaluate(() => document.activeElement?.textContent?.trim());
    while (focusedText !== 'About') {
      await page.keyboard.press('Tab');
      expect(await focusInPanel(), 'Tab walks through the menu links').toBe(true);
      focusedText = await page.evaluate(() => document.activeElement?.textContent?.trim());
    }
    await page.keyboard.press('Enter');
    await atPath(page, '/about');
    await seen(page.getByRole('button', { name: /menu/i, expanded: false }));
  });

  test('the dashboard header toggle opens the sidebar menu; choosing an entry navigates and closes it', async () => {
    const user = await env().createUser({ firstName: 'Ada', email: uniqueEmail('ada-phone') });
    const tp = await env().newPage({ viewport: 'phone', label: 'mobile-dashboard' });
    const { page } = tp;
    await env().signInByApi(tp, user.email);
    await page.goto('/dashboard');
    // The desktop sidebar is hidden at this width.
    await seen(page.getByText('Starter', { exact: true }));
    expect(await visibleCount(page.locator('aside'))).toBe(0);
    const open = page.getByRole('button', { name: /menu/i }).first();
    await seen(open);
    await shot(page, 'mobile-dashboard');
    await open.click();
    const drawer = page.getByRole('dialog');
    await seen(drawer.getByText('Ada User', { exact: true }));
    await seen(drawer.getByText('Account: $0.00', { exact: true }));
    await seen(drawer.getByRole('button', { name: 'Logout' }));
    await poll(async () => (await drawer.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await shot(page, 'mobile-dashboard-menu-open');
    await drawer.getByRole('link', { name: 'Chart', exact: true }).click();
    await atPath(page, '/dashboard/chart');
    await gone(page.getByRole('dialog'));
    await seen(page.getByRole('heading', { name: /Top \d+ Cryptocurrencies/ }));
  });

  test('no public or dashboard screen scrolls sideways on a 360 px phone', async () => {
    const user = await env().createUser({ email: uniqueEmail('narrow') });
    const tp = await env().newPage({ viewport: 'phone', label: 'narrow' });
    // An unknown path answers 404 (and shows the app's Page Not Found).
    tp.allowHttpError('/no-such-page', 404);
    const { page } = tp;
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, text] of [
      ['/', 'Login to continue'],
      ['/about', 'What is Bitcoin?'],
      ['/contact', 'Send Message'],
      ['/privacy', '2 December 2026'],
      ['/no-such-page', 'Page Not Found'],
      ['/create-account', 'Create Your Account'],
    ] as const) {
      await page.goto(path);
      await seen(page.getByText(text).first());
      await expectNoSidewaysScroll(page, path);
    }
    await env().signInByApi(tp, user.email);
    for (const [path, text] of [
      ['/dashboard', 'Starter'],
      ['/dashboard/chart', 'Price Trends (USD)'],
      ['/dashboard/rewards', 'Early Adopter'],
      ['/dashboard/deposit', 'Copy Account Number'],
      // Tier 0 (#33): Cashout says how to verify instead of showing a form the server would refuse.
      ['/dashboard/cashout', 'Verify your identity to withdraw'],
      ['/dashboard/referral', 'Invite friends and earn rewards'],
      ['/dashboard/settings', 'Money movements'],
      ['/dashboard/transactions', 'Transactions'],
    ] as const) {
      await page.goto(path);
      await seen(page.getByRole('main').getByText(text).first());
      await expectNoSidewaysScroll(page, path);
    }
  });
});
