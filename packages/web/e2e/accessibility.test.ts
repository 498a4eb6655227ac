/**
 * axe-core on the pages Lighthouse and people use most: the public pages (at phone and desktop width, with
 * their data loaded) and, signed in, the dashboard. Zero violations of WCAG 2.x A/AA and axe's best practices
 * (colour contrast and heading order among them); a failure lists each rule and the elements that break it.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callerAs } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  poll,
  seen,
  uniqueEmail,
  useE2E,
  type ViewportName,
  whenLive,
} from './harness.ts';

const env = useE2E();

/** Waits until the page is live (hydrated: its controls enabled) and what `ready` names has loaded. */
async function loaded(page: Page, ready: string[]): Promise<void> {
  await whenLive(page);
  for (const text of ready) await seen(page.getByText(text, { exact: false }).filter({ visible: true }));
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe found violations on ${where}:\n${formatAxeViolations(violations)}`).toBe(0);
}

/**
 * The WCAG contrast ratio of an element's text against the first opaque background behind it (colours as the
 * browser computes them: rgb()/rgba(), or color(srgb ...) for mixed colours).
 */
async function textContrast(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const parse = (c: string): [number, number, number, number] => {
      const nums = (c.match(/[\d.]+/g) ?? []).map(Number);
      if (c.startsWith('color(srgb')) return [nums[0]! * 255, nums[1]! * 255, nums[2]! * 255, nums[3] ?? 1];
      return [nums[0]!, nums[1]!, nums[2]!, nums[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const ch = (v: number) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r!) + 0.7152 * ch(g!) + 0.0722 * ch(b!);
    };
    // The backgrounds from the element up to the first opaque one, then painted back down (a hovered button's
    // background is its colour at 90% over what is behind it).
    const layers: [number, number, number, number][] = [];
    for (let e: Element | null = node; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    let bg: [number, number, number, number] = [255, 255, 255, 1];
    for (const c of layers.reverse())
      bg = [0, 1, 2].map((i) => c[i]! * c[3] + bg[i]! * (1 - c[3])).concat(1) as typeof bg;
    const fg = parse(getComputedStyle(node).color);
    const mixed = [0, 1, 2].map((i) => fg[i]! * fg[3] + bg[i]! * (1 - fg[3]));
    const [a, b] = [lum(mixed), lum(bg)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

const PUBLIC_PAGES: { path: string; ready: string[] }[] = [
  { path: '/', ready: ['Showing 10 of', 'Invest Now'] },
  { path: '/login', ready: ['Welcome Back'] },
  { path: '/create-account', ready: ['Create Your Account'] },
  { path: '/about', ready: ['Frequently asked questions'] },
  { path: '/contact', ready: ['Send Message'] },
];

describeBrowser('accessibility (axe-core)', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    test(`public pages have no violations at ${viewport} width`, async () => {
      const { page } = await env().newPage({ viewport, label: `axe-${viewport}` });
      for (const { path, ready } of PUBLIC_PAGES) {
        await page.goto(path);
        await loaded(page, ready);
        await expectNoViolations(page, `${path} (${viewport})`);
      }
    });
  }

  test('the dashboard has no violations, signed in', async () => {
    const user = await env().createUser({ firstName: 'Axel', email: `axe-${Date.now()}@example.com` });
    for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
      const tp = await env().newPage({ viewport, label: `axe-dashboard-${viewport}` });
      await env().signInByApi(tp, user.email);
      await tp.page.goto('/dashboard');
      await loaded(tp.page, ['Invest Now']);
      await expectNoViolations(tp.page, `/dashboard (${viewport})`);
    }
  });

  // #34: the shared review dialog's error text was 3.76:1 and its hovered red button 4.3:1 (red.600); the theme's
  // red.700 (and red.300 for errors in the dark theme) keeps both over WCAG AA's 4.5:1.
  for (const theme of ['light', 'dark'] as const) {
    test(`the review dialog with its error shown and its red button hovered passes contrast (${theme})`, async () => {
      const member = await env().createUser({ email: uniqueEmail(`contrast-${theme}`), emailVerified: true });
      await callerAs(env().deps, member).deposit.request({
        amount: 43.21,
        reference: `CONTRAST-${theme}`,
        idempotencyKey: randomUUID(),
      });
      // An admin of their own with the theme saved on the account (and the theme menu's cookie), on a system of
      // the same preference.
      const admin = await env().createUser({ accountType: 'admin', email: uniqueEmail(`contrast-admin-${theme}`) });
      await callerAs(env().deps, admin).user.setTheme({ theme });
      const tp = await env().newPage({ colorScheme: theme, label: `contrast-${theme}` });
      await env().signInByApi(tp, admin.email);
      await tp.context.addCookies([{ name: 'vestora_theme', value: theme, url: env().baseUrl }]);
      const { page } = tp;
      await page.goto('/dashboard/money-desk?tab=deposits');
      await whenLive(page);
      await poll(() => page.evaluate(() => document.documentElement.className)).toContain(theme);
      await page.getByRole('button', { name: `Reject the deposit of $43.21 from ${member.email}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Reject this deposit?' });
      await seen(dialog);
      const reject = dialog.getByRole('button', { name: 'Reject deposit', exact: true });
      await reject.click();
      const error = dialog.getByText('Reason is required.');
      await seen(error);
      await reject.hover();
      await expectNoViolations(page, `the review dialog with its error, red button hovered (${theme})`);
      const ratio = await textContrast(error);
      expect(ratio, `the error text's contrast (${theme})`).toBeGreaterThanOrEqual(4.5);
      const hovered = await textContrast(reject);
      expect(hovered, `the hovered red button's contrast (${theme})`).toBeGreaterThanOrEqual(4.5);
    });
  }
});
