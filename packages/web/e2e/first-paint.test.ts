/**
 * #34: what a page shows before its scripts have run. The saved theme paints at once on every page (a public page
 * pre-rendered at build time and the app's shell alike), the theme menu already names it, and a member on a new
 * device (no cookie yet) gets the theme saved on the account.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { describeBrowser, type TrackedPage, useE2E } from './harness.ts';

const env = useE2E();

/** The relative luminance (0 black .. 1 white) of the page's background as painted. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });
}

/** What every theme menu on the page reads (its selected option's text), scripts or not. */
async function themeMenuLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLSelectElement>('select[data-theme-menu]')].map(
      (select) => select.selectedOptions[0]?.textContent ?? '',
    ),
  );
}

async function setCookie(tp: TrackedPage, name: string, value: string): Promise<void> {
  await tp.context.addCookies([{ name, value, url: env().baseUrl }]);
}

describeBrowser('the first paint before any script (#34)', () => {
  test('a saved theme paints at once on every page, and the theme menu names it', async () => {
    for (const [theme, system] of [
      ['dark', 'light'],
      ['light', 'dark'],
    ] as const) {
      const tp = await env().newPage({ javaScriptEnabled: false, colorScheme: system, label: `nojs-${theme}` });
      await setCookie(tp, 'vestora_theme', theme);
      // Pre-rendered public pages in two languages, and the app's shell (the dashboard, not pre-rendered).
      for (const pagePath of ['/', '/about', '/de/login', '/ar/', '/dashboard']) {
        await tp.page.goto(pagePath);
        const luminance = await backgroundLuminance(tp.page);
        if (theme === 'dark') expect(luminance, `${pagePath} (${theme})`).toBeLessThan(0.05);
        else expect(luminance, `${pagePath} (${theme})`).toBeGreaterThan(0.8);
      }
      // The menu reads the theme the page is in, not "System theme" (English and German).
      await tp.page.goto('/about');
      const labels = await themeMenuLabels(tp.page);
      expect(labels.length).toBeGreaterThan(0);
      expect(labels, `/about (${theme})`).toEqual(labels.map(() => (theme === 'dark' ? 'Dark' : 'Light')));
      await tp.page.goto('/de/');
      expect(await themeMenuLabels(tp.page), `/de/ (${theme})`).toEqual(
        labels.map(() => (theme === 'dark' ? 'Dunkel' : 'Hell')),
      );
    }

    // Nothing chosen: the system's theme, and the menu says so.
    const system = await env().newPage({ javaScriptEnabled: false, colorScheme: 'dark', label: 'nojs-system' });
    await system.page.goto('/about');
    expect(await backgroundLuminance(system.page)).toBeLessThan(0.05);
    expect(new Set(await themeMenuLabels(system.page))).toEqual(new Set(['System theme']));
  });

  test("a member on a new device: the first page is in the account's theme, before any script", async () => {
    const user = await env().createUser({ firstName: 'Nadia', email: `new-device-${Date.now()}@example.com` });
    await env().db.updateTable('users').set({ theme: 'dark' }).where('id', '=', user.id).execute();
    const tp = await env().newPage({ javaScriptEnabled: false, colorScheme: 'light', label: 'new-device' });
    await env().signInByApi(tp, user.email);
    for (const pagePath of ['/dashboard', '/about']) {
      await tp.page.goto(pagePath);
      expect(await backgroundLuminance(tp.page), pagePath).toBeLessThan(0.05);
    }
    expect(new Set(await themeMenuLabels(tp.page))).toEqual(new Set(['Dark']));
  });
});
