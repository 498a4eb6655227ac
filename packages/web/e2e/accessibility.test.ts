/**
 * axe-core on the pages Lighthouse and people use most: the public pages (at phone and desktop width, with
 * their data loaded) and, signed in, the dashboard. Zero violations of WCAG 2.x A/AA and axe's best practices
 * (colour contrast and heading order among them); a failure lists each rule and the elements that break it.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  seen,
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
});
