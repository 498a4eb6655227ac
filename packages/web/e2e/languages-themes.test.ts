/**
 * #22: the product in the member's language and light. Pre-rendered pages per language (lang, dir, hreflang,
 * the visitor sent to their language), the main screens in German and Arabic (no missing translation: the app
 * logs one as a console error, which fails the test; nothing wider than a 390 px phone), the theme saved and
 * applied, axe clean in both themes, and the first paint of a pre-rendered page already dark (scripts off).
 * Expected texts come from the catalogs (src/locales), not from this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  poll,
  seen,
  type TrackedPage,
  useE2E,
  whenLive,
} from './harness.ts';

const env = useE2E();

const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/locales');

/** The translation of an English text in `locale`'s catalogs (the first catalog that has it). */
function translated(locale: string, english: string): string {
  const dir = path.join(LOCALES_DIR, locale);
  for (const file of fs.readdirSync(dir)) {
    const po = fs.readFileSync(path.join(dir, file), 'utf8');
    const quoted = JSON.stringify(english);
    const at = po.indexOf(`msgid ${quoted}\nmsgstr `);
    if (at < 0) continue;
    const line = po.slice(at + `msgid ${quoted}\nmsgstr `.length).split('\n')[0] ?? '';
    const text = JSON.parse(line) as string;
    if (text) return text;
  }
  throw new Error(`no ${locale} translation of "${english}" in ${dir}`);
}

/** Nothing on the page is wider than the window (a horizontal scrollbar on a phone). */
async function expectNoOverflow(page: Page, where: string): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${where}: the page is ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

/**
 * axe finds nothing. `ignore`: rules about the page as a whole, for a check while a modal dialog hides the page
 * from assistive technology (its main landmark and h1 were checked without the dialog).
 */
async function expectAxeClean(page: Page, where: string, ignore: string[] = []): Promise<void> {
  const violations = (await axeViolations(page)).filter((v) => !ignore.includes(v.id));
  expect(violations.length, `axe on ${where}:\n${formatAxeViolations(violations)}`).toBe(0);
}

/** The relative luminance (0 black .. 1 white) of the page's background as painted. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });
}

/** The (first visible) language or theme select, by its label in the page's language. */
const languageSelect = (page: Page, label: string) =>
  page.getByRole('combobox', { name: label, exact: true }).filter({ visible: true }).first();

/** On a phone the dashboard's language and theme selects sit in its menu: opens it (labelled in `locale`). */
async function openMenuOnPhone(page: Page, locale: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return;
  const label = locale === 'en' ? 'Open dashboard menu' : translated(locale, 'Open dashboard menu');
  const button = await seen(page.getByRole('button', { name: label }));
  await button.click();
}

/** Chooses a language, then a theme, with the dashboard's selects (as a member would), from English. */
async function choose(page: Page, locale: string, theme: string): Promise<void> {
  await openMenuOnPhone(page, 'en');
  await languageSelect(page, 'Language').selectOption(locale);
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  await chooseTheme(page, locale, theme);
}

async function chooseTheme(page: Page, locale: string, theme: string): Promise<void> {
  // Choosing a language renders the app afresh: the menu is closed again.
  await openMenuOnPhone(page, locale);
  await languageSelect(page, translated(locale, 'Theme')).selectOption(theme);
  await poll(() => page.evaluate(() => document.documentElement.className)).toContain(theme);
  await page.keyboard.press('Escape');
}

async function setCookie(tp: TrackedPage, name: string, value: string): Promise<void> {
  await tp.context.addCookies([{ name, value, url: env().baseUrl }]);
}

describeBrowser('languages and themes (#22)', () => {
  test('public pages are pre-rendered per language with lang, dir and hreflang; a visitor is sent to theirs', async () => {
    const { baseUrl } = env();
    for (const [pagePath, lang, dir] of [
      ['/de/', 'de', 'ltr'],
      ['/es/about', 'es', 'ltr'],
      ['/pt-br/login', 'pt-BR', 'ltr'],
      ['/ar/', 'ar', 'rtl'],
    ] as const) {
      const res = await fetch(`${baseUrl}${pagePath}`, { redirect: 'manual' });
      expect(res.status, pagePath).toBe(200);
      const html = await res.text();
      expect(html, pagePath).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(html, pagePath).toContain('hreflang="x-default"');
      expect(html, pagePath).toContain(`hreflang="de" href="/de${pagePath.replace(/^\/[a-z-]+/, '')}"`);
    }

    // Before any script: the German sign-in page is German (scripts off).
    const noJs = await env().newPage({ viewport: 'phone', javaScriptEnabled: false, label: 'de-nojs' });
    await noJs.page.goto('/de/login');
    await seen(noJs.page.getByRole('heading', { name: translated('de', 'Welcome Back') }));

    // A browser that prefers Spanish lands on the Spanish home page; choosing English there is remembered.
    const { page } = await env().newPage({ locale: 'es-ES', label: 'es-visitor' });
    await page.goto('/');
    await poll(() => new URL(page.url()).pathname).toBe('/es/');
    await whenLive(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await languageSelect(page, translated('es', 'Language')).selectOption('en');
    await poll(() => new URL(page.url()).pathname).toBe('/');
    await seen(languageSelect(page, 'Language'));
    await page.goto('/about');
    await poll(() => new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test("the first paint of a pre-rendered page is in the visitor's theme, without a script", async () => {
    // The system says dark, nothing chosen: dark.
    const system = await env().newPage({ javaScriptEnabled: false, colorScheme: 'dark', label: 'system-dark' });
    for (const pagePath of ['/', '/de/']) {
      await system.page.goto(pagePath);
      expect(await backgroundLuminance(system.page), pagePath).toBeLessThan(0.05);
    }
    // Chosen dark on a light system (the cookie the theme menu writes): dark; chosen light on a dark system: light.
    const chosenDark = await env().newPage({ javaScriptEnabled: false, colorScheme: 'light', label: 'chosen-dark' });
    await setCookie(chosenDark, 'vestora_theme', 'dark');
    await chosenDark.page.goto('/de/');
    expect(await backgroundLuminance(chosenDark.page)).toBeLessThan(0.05);
    const chosenLight = await env().newPage({ javaScriptEnabled: false, colorScheme: 'dark', label: 'chosen-light' });
    await setCookie(chosenLight, 'vestora_theme', 'light');
    await chosenLight.page.goto('/');
    expect(await backgroundLuminance(chosenLight.page)).toBeGreaterThan(0.8);
  });

  test('a member switches to Arabic and dark: saved on the account, right-to-left, nothing overflows, axe clean', async () => {
    const user = await env().createUser({ firstName: 'Layla', email: `rtl-${Date.now()}@example.com` });
    const tp = await env().newPage({ viewport: 'phone', label: 'member-ar' });
    await env().signInByApi(tp, user.email);
    const { page } = tp;
    await page.goto('/dashboard');
    await whenLive(page);
    await choose(page, 'ar', 'dark');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // Saved on the account: user.me answers them.
    const me = await tp.context.request.get(`${env().baseUrl}/trpc/user.me`);
    const body = (await me.json()) as { result: { data: { locale: string; theme: string } } };
    expect(body.result.data).toMatchObject({ locale: 'ar', theme: 'dark' });

    // The main screens in Arabic, dark, at phone width: no overflow, axe clean (missing translations log errors).
    for (const screen of ['/dashboard', '/dashboard/deposit', '/dashboard/transactions', '/dashboard/settings']) {
      await page.goto(screen);
      await whenLive(page);
      await seen(page.getByRole('heading', { level: 1 }).filter({ visible: true }).first());
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ar',
        'rtl',
      ]);
      await expectNoOverflow(page, `${screen} (ar)`);
      await expectAxeClean(page, `${screen} (ar, dark)`);
    }

    // A new device: the account's choices apply without any cookie.
    const fresh = await env().newPage({ viewport: 'phone', label: 'member-ar-new-device' });
    await env().signInByApi(fresh, user.email);
    await fresh.page.goto('/dashboard');
    await whenLive(fresh.page);
    await poll(() => fresh.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await poll(() => fresh.page.evaluate(() => document.documentElement.className)).toContain('dark');
  });

  test('German, both themes: public home, the invest dialog and the admin overview are axe clean and fit a phone', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const visitor = await env().newPage({ viewport: 'phone', label: `de-home-${theme}` });
      await setCookie(visitor, 'vestora_theme', theme);
      await visitor.page.goto('/de/');
      await whenLive(visitor.page);
      await seen(visitor.page.getByText(translated('de', 'Invest Now'), { exact: false }).first());
      await expectNoOverflow(visitor.page, `/de/ (${theme})`);
      await expectAxeClean(visitor.page, `/de/ (${theme})`);

      const user = await env().createUser({ firstName: 'Greta', email: `de-${theme}-${Date.now()}@example.com` });
      const member = await env().newPage({ viewport: 'phone', label: `de-member-${theme}` });
      await env().signInByApi(member, user.email);
      await member.page.goto('/dashboard');
      await whenLive(member.page);
      await choose(member.page, 'de', theme);
      const invest = member.page.getByRole('button', { name: translated('de', 'Invest Now'), exact: false }).first();
      await seen(invest);
      await expectAxeClean(member.page, `/dashboard (de, ${theme})`);
      await invest.click();
      const dialog = await seen(member.page.getByRole('dialog'));
      await expectNoOverflow(member.page, `invest dialog (de, ${theme})`);
      await expectAxeClean(member.page, `invest dialog (de, ${theme})`, ['landmark-one-main', 'page-has-heading-one']);
      await dialog.press('Escape');

      const admin = await env().newPage({ viewport: 'phone', label: `de-admin-${theme}` });
      await env().signInByApi(admin, env().admin.email);
      await admin.page.goto('/dashboard/overview');
      await whenLive(admin.page);
      // The admin's language was saved in the first round.
      if (theme === 'light') await choose(admin.page, 'de', theme);
      else await chooseTheme(admin.page, 'de', theme);
      await seen(admin.page.getByRole('heading', { level: 1 }).filter({ visible: true }).first());
      await expectNoOverflow(admin.page, `/dashboard/overview (de, ${theme})`);
      await expectAxeClean(admin.page, `/dashboard/overview (de, ${theme})`);
    }
  });

  test('the Arabic privacy and terms page: the page runs right to left, its English legal text left to right (#34)', async () => {
    for (const scripts of [false, true]) {
      const tp = await env().newPage({ javaScriptEnabled: scripts, label: `ar-legal-${scripts ? 'js' : 'nojs'}` });
      const { page } = tp;
      await page.goto('/ar/privacy');
      if (scripts) await whenLive(page);
      const how = scripts ? 'with scripts' : 'pre-rendered, scripts off';
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction), how).toBe('rtl');
      expect(await page.evaluate(() => document.documentElement.lang), how).toBe('ar');
      // The note that the English text applies is Arabic, right to left.
      const note = page.getByTestId('legal-english-note');
      await seen(note);
      expect(await note.evaluate((el) => getComputedStyle(el).direction), how).toBe('rtl');
      // The legal text: English, laid out left to right, and so is every paragraph and heading inside it (the
      // privacy notice and the terms of use), so full stops end its lines rather than start them.
      const legal = page.getByTestId('legal-text');
      await seen(legal);
      expect(await legal.getAttribute('lang'), how).toBe('en');
      const directions = await legal.evaluate((el) => {
        const blocks = [...el.querySelectorAll('h2, h3, p, li')];
        return {
          own: getComputedStyle(el).direction,
          blocks: blocks.length,
          notLtr: blocks.filter((b) => getComputedStyle(b).direction !== 'ltr').map((b) => b.textContent),
          sections: el.querySelectorAll('section').length,
        };
      });
      expect(directions.own, how).toBe('ltr');
      expect(directions.blocks, how).toBeGreaterThan(10);
      expect(directions.sections, how).toBeGreaterThanOrEqual(2);
      expect(directions.notLtr, how).toEqual([]);
      // A paragraph's text starts at its left edge (a right-to-left run would push a short line to the right).
      const first = legal.locator('p').first();
      const [box, inner] = await Promise.all([
        first.boundingBox(),
        first.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getClientRects()[0]?.left ?? null;
        }),
      ]);
      expect(box, how).not.toBeNull();
      expect(inner, how).not.toBeNull();
      expect(Math.abs(inner! - box!.x), `${how}: the first line starts at the left`).toBeLessThan(2);
    }
  });
});
