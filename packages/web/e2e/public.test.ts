/**
 * A visitor's tour of the public pages: Home (hero, highlights, plans, top cryptocurrencies with search
 * and Show More), About with its FAQ, Contact, Privacy and terms, the not-found page, and the navigation
 * bar's highlight of the current route.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { atPath, describeBrowser, gone, poll, seen, shot, useE2E, visibleCount } from './harness.ts';

const env = useE2E();

/** The desktop navigation bar (the one labelled "Main"). */
function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

/** The cards of the top-cryptocurrencies section, counted by their 'Trade Now' links (to the trade ticket). */
function tradeButtons(page: Page): Locator {
  return page.getByRole('link', { name: /Trade Now/ });
}

/** Same rule as the spec: name or symbol contains the text, case-insensitive. */
function expectedMatches(search: string): string[] {
  const needle = search.toLowerCase();
  return env()
    .feed.coins.filter((c) => c.name.toLowerCase().includes(needle) || c.symbol.toLowerCase().includes(needle))
    .map((c) => c.name);
}

/** Parses 'rgb(r, g, b)' / 'rgba(...)'. */
function rgb(color: string): [number, number, number] {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!m) throw new Error(`not an rgb colour: ${color}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The current route's link is highlighted: aria-current="page" and a look of its own. */
async function expectNavHighlight(page: Page, current: string): Promise<void> {
  const nav = mainNav(page);
  await seen(nav.getByRole('link', { name: current, exact: true }));
  await poll(() => nav.getByRole('link', { name: current, exact: true }).getAttribute('aria-current')).toBe('page');
  const others = ['Home', 'About', 'Dashboard', 'Contact', 'Privacy'].filter((l) => l !== current);
  for (const label of others) {
    expect(
      await nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current'),
      `${label} on ${current}`,
    ).not.toBe('page');
  }
  const style = (label: string) =>
    nav.getByRole('link', { name: label, exact: true }).evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.backgroundColor}|${s.color}|${s.fontWeight}`;
    });
  expect(await style(current), `the ${current} link looks different from the ${others[0]} link`).not.toBe(
    await style(others[0]!),
  );
}

describeBrowser('a visitor tours the public pages', () => {
  test('Home: hero, rotating highlights, plans, figures, footer, and Login to continue', async () => {
    const tp = await env().newPage({ label: 'home' });
    const { page } = tp;
    await page.goto('/');

    await seen(page.getByRole('link', { name: /Start Investing Now/ }));
    const login = page.getByRole('link', { name: 'Login to continue' });
    await seen(login);
    await expectNavHighlight(page, 'Home');

    // The seeded plans.
    for (const name of ['Starter', 'Silver', 'Gold', 'Platinum', 'Steady Growth Plan', 'Balanced Fund']) {
      await seen(page.getByText(name, { exact: true }));
    }
    // Each plan card has an 'Invest Now' button.
    await poll(() =>
      visibleCount(page.getByRole('link', { name: /Invest Now/ }).or(page.getByRole('button', { name: /Invest Now/ }))),
    ).toBe(6);

    // Highlights rotate every 3 s: whichever is shown now, another one follows.
    const highlight = page.getByRole('region', { name: 'Highlights' }).getByRole('heading');
    await seen(highlight);
    const first = await highlight.first().textContent();
    await poll(() => highlight.first().textContent(), 10_000).not.toBe(first);

    // Figures and footer.
    // The figures are counted by the server from the data (members only): the same numbers `overview.home`
    // answers, and a figure that would read 0 is not shown.
    const res = await page.request.get('/trpc/overview.home');
    const stats = ((await res.json()) as { result: { data: { accounts: number; activeInvestors: number } } }).result
      .data;
    for (const stat of ['accounts', 'activeInvestors'] as const) {
      if (stats[stat] > 0)
        await poll(() => page.getByTestId(`home-figure-${stat}`).textContent()).toBe(String(stats[stat]));
      else expect(await page.getByTestId(`home-figure-${stat}`).count(), `${stat} is 0: not shown`).toBe(0);
    }
    // No invented "+" figures.
    for (const figure of ['120+', '50,000+', '10,000+'])
      expect(await page.getByText(figure, { exact: true }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    for (const link of ['Home', 'About Us', 'Contact'])
      await seen(footer.getByRole('link', { name: link, exact: true }));
    await seen(footer.getByRole('textbox', { name: /newsletter|email/i }));
    await seen(footer.getByRole('button', { name: 'Subscribe' }));

    await seen(tradeButtons(page));
    await shot(page, 'public-home');

    // The sign-in page's 'who is this?' check answers null for a visitor: no 401 to forgive.
    await login.click();
    await atPath(page, '/login');
    await seen(page.getByText('Welcome Back'));
  });

  test('Home: top cryptocurrencies from the feed, search by name and symbol, Show More', async () => {
    const { page } = await env().newPage({ label: 'coins' });
    const marketAnswer = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/trpc/market.coins'));
    await page.goto('/');
    // The list comes alone, as the exact URL the server answers from bytes: cacheable (ETag, max-age) and gzip.
    const market = await marketAnswer;
    expect(market.request().method()).toBe('GET');
    expect(market.url()).toBe(`${env().baseUrl}/trpc/market.coins`);
    expect(market.status()).toBe(200);
    const headers = await market.allHeaders();
    expect(headers.etag).toMatch(/^"[\w-]+"$/);
    expect(headers['cache-control']).toBe('public, max-age=30');
    expect(headers['content-encoding']).toBe('gzip');
    const cards = tradeButtons(page);
    await seen(cards);
    await poll(() => cards.count()).toBe(10);

    // Card content: uppercase symbol, 24h change with 2 decimals, coloured by sign.
    const coins = env().feed.coins;
    expect(coins.length).toBeGreaterThan(35);
    await seen(page.getByText('Bitcoin', { exact: true }));
    await seen(page.getByText('BTC', { exact: true }).first());
    const up = coins[0]!.price_change_percentage_24h; // positive in the fake feed
    const downCoin = coins.find((c, i) => i < 10 && c.price_change_percentage_24h < 0)!;
    const upBadge = page.getByText(new RegExp(`\\+?${up.toFixed(2).replace('.', '\\.')}\\s?%`)).first();
    const downBadge = page
      .getByText(
        new RegExp(`[-−]${Math.abs(downCoin.price_change_percentage_24h).toFixed(2).replace('.', '\\.')}\\s?%`),
      )
      .first();
    await seen(upBadge);
    await seen(downBadge);
    const [ur, ug] = rgb(await upBadge.evaluate((el) => getComputedStyle(el).color));
    const [dr, dg] = rgb(await downBadge.evaluate((el) => getComputedStyle(el).color));
    expect(ug, 'a rise is shown in green').toBeGreaterThan(ur);
    expect(dr, 'a fall is shown in red').toBeGreaterThan(dg);
    // Market cap and volume in billions with 2 decimals (Bitcoin: 1,200.00 and 60.00).
    const btcCap = (coins[0]!.market_cap / 1e9).toFixed(2);
    await seen(page.getByText(new RegExp(btcCap.replace(/\B(?=(\d{3})+(?!\d))/g, ',?').replace('.', '\\.'))).first());

    const search = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first();
    // By name, case-insensitive.
    await search.fill('BITCOIN');
    const byName = expectedMatches('bitcoin');
    expect(byName.length).toBeGreaterThan(1);
    await poll(() => cards.count()).toBe(byName.length);
    for (const name of byName) await seen(page.getByText(name, { exact: true }));
    await gone(page.getByText('Ethereum', { exact: true }));
    await shot(page, 'public-home-coin-search');

    // By symbol, case-insensitive: 'xMr' is only Monero's symbol, not in any name.
    await search.fill('xMr');
    expect(expectedMatches('xmr')).toEqual(['Monero']);
    await poll(() => cards.count()).toBe(1);
    await seen(page.getByText('Monero', { exact: true }));

    // No match: no cards and a message.
    await search.fill('zzzz-no-such-coin');
    await poll(() => cards.count()).toBe(0);

    // Show More adds 25 while more remain.
    await search.fill('');
    await poll(() => cards.count()).toBe(10);
    const showMore = page.getByRole('button', { name: 'Show More' });
    await showMore.click();
    await poll(() => cards.count()).toBe(Math.min(35, coins.length));
    if (coins.length > 35) {
      await showMore.click();
      await poll(() => cards.count()).toBe(Math.min(60, coins.length));
    }
    if (coins.length <= 60) await gone(showMore);
  });

  test('About: the FAQ answers its three questions', async () => {
    const { page } = await env().newPage({ label: 'about' });
    await page.goto('/about');
    await expectNavHighlight(page, 'About');
    for (const q of [/What is Bitcoin/, /Who developed it/, /What is mining/]) await seen(page.getByText(q).first());
    // The answers open.
    await page.getByRole('button', { name: /What is mining/ }).click();
    // The site's copy is Lingui messages (src/features/public/site.ts, compiled by the app's build): the English text.
    await seen(page.getByText('Mining is how new Bitcoin transactions'));
    await shot(page, 'public-about');
  });

  test('Contact: labelled form, and no invented address or map before an admin sets one', async () => {
    const { page } = await env().newPage({ label: 'contact' });
    await page.goto('/contact');
    await expectNavHighlight(page, 'Contact');
    await seen(page.getByLabel(/name/i).first());
    await seen(page.getByLabel(/email/i).first());
    await seen(page.getByLabel(/message/i).first());
    await seen(page.getByRole('button', { name: 'Send Message' }));
    expect(await page.getByText(/Miami|Hong Kong/).count()).toBe(0);
    expect(await page.locator('iframe').count(), 'an embedded map of an invented office').toBe(0);
    await shot(page, 'public-contact');
  });

  test('Privacy and terms: last updated when the notice last changed, the terms sections', async () => {
    const { page } = await env().newPage({ label: 'privacy' });
    await page.goto('/privacy');
    await expectNavHighlight(page, 'Privacy');
    // The specification's 07 March 2025 dated the old text; #34 changed the notice (no anti-money-laundering or
    // identity promise, Settings for your data), so its date moved with it.
    await seen(page.getByText(/2 December 2026/).first());
    for (const section of [/client account/i, /deposit/i, /intellectual property/i, /termination/i]) {
      await seen(page.getByRole('heading', { name: section }).first());
    }
    await shot(page, 'public-privacy');
  });

  test('an unknown path answers 404 and shows Page Not Found with a link back home', async () => {
    const tp = await env().newPage({ label: 'not-found' });
    tp.allowHttpError('/no/such/page', 404);
    const { page } = tp;
    const response = await page.goto('/no/such/page');
    expect(response?.status(), 'the HTTP status of an unknown URL').toBe(404);
    await seen(page.getByRole('heading', { name: 'Page Not Found' }));
    await seen(
      page.getByText("Looks like you've followed a broken link or entered a URL that doesn't exist on this site."),
    );
    await shot(page, 'public-not-found');
    await page
      .getByRole('main')
      .getByRole('link', { name: /home/i })
      .or(page.getByRole('link', { name: /back/i }))
      .first()
      .click();
    await atPath(page, '/');
    await seen(page.getByRole('link', { name: 'Login to continue' }));
  });

  test('Sign-up and sign-in pages as a visitor sees them', async () => {
    const tp = await env().newPage({ label: 'auth-pages' });
    const { page } = tp;
    await page.goto('/create-account');
    await seen(page.getByText('Create Your Account'));
    await shot(page, 'public-signup');
    await page.goto('/login');
    await seen(page.getByText('Welcome Back'));
    await seen(page.getByText("Don't have an account?"));
    await shot(page, 'public-login');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await atPath(page, '/create-account');
  });
});
