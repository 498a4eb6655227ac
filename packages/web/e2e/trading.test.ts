/**
 * Issue #30 in the browser: from "Trade Now" on the home page a member buys Bitcoin with dollars, sells some back
 * and converts Bitcoin into ether, reading each firm quote's numbers (what is given and got, the feed price, the
 * spread and the fee) against what the server filled, then the portfolio. On a 390 px phone in Arabic and at
 * 1280 px in English; axe finds nothing on the ticket (with a quote shown) or on the portfolio.
 *
 * Trading needs a live price no older than TRADE_MAX_PRICE_AGE_S: the fake feed's coins are stamped with the time
 * the file starts (the e2e clock stays there), and the treasury is funded as a server operator does
 * (fundTreasuryFromCli, `pnpm cli treasury:fund`).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { fundTreasuryFromCli } from '../../server/src/modules/trade/trade.treasury.ts';
import { adjustBalance } from '../../server/src/test/factories.ts';
import {
  atPath,
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  poll,
  seen,
  shot,
  useE2E,
  whenLive,
} from './harness.ts';

const env = useE2E();

beforeAll(async () => {
  const e = env();
  // Fresh prices: the feed's own time for each coin is now (the market cache fetches on first use, after this).
  const now = new Date().toISOString();
  e.feed.server.coins = e.feed.server.coins.map((c) => ({ ...c, last_updated: now }));
  for (const [asset, amount] of [
    ['BTC', '5'],
    ['ETH', '10'],
    ['USD', '100000'],
  ] as const)
    await fundTreasuryFromCli(
      e.db,
      { asset, amount, reason: 'e2e: coins the operator holds', refId: randomUUID() },
      e.clock.now(),
    );
});

/** The words the test clicks, in each language it runs in (the catalogs' translations). */
const WORDS = {
  en: {
    sell: 'Sell',
    convert: 'Convert',
    getQuote: 'Get quote',
    confirm: 'Confirm',
    done: 'Trade done',
    fresh: 'Get a fresh quote',
  },
  ar: {
    sell: 'بيع',
    convert: 'تحويل',
    getQuote: 'احصل على عرض سعر',
    confirm: 'تأكيد',
    done: 'تمت الصفقة',
    fresh: 'احصل على عرض سعر جديد',
  },
} as const;

/** A figure as shown (any digits, separators, currency, isolates) as a plain decimal: "١٠٠٫٠٠ US$" → "100.00". */
function plain(text: string): string {
  return text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[^0-9.]/g, '')
    .replace(/^\.+|\.+$/g, '');
}

/** Decimal strings compared as numbers of the same digits ("0.00165000" is "0.00165"). */
function same(a: string): string {
  const [whole = '0', fraction = ''] = a.split('.');
  const f = fraction.replace(/0+$/, '');
  return `${whole.replace(/^0+(?=\d)/, '')}${f ? `.${f}` : ''}`;
}

async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).trim();
}

/** The quote shown now, read off the ticket. */
async function shownQuote(page: Page, coins: string[]) {
  await seen(page.getByTestId('trade-quote'));
  const prices: Record<string, string> = {};
  for (const c of coins) prices[c] = same(plain(await textOf(page, `quote-price-${c}`)));
  return {
    give: same(plain(await textOf(page, 'quote-give'))),
    get: same(plain(await textOf(page, 'quote-get'))),
    spread: same(plain(await textOf(page, 'quote-spread'))),
    fee: same(plain(await textOf(page, 'quote-fee'))),
    prices,
  };
}

async function latestTrade(userId: string) {
  const row = await env()
    .db.selectFrom('trades')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return row;
}

/** Expects the quote on screen to be exactly what the server filled (amounts in each asset's unit, cents). */
async function expectFilledAsShown(
  userId: string,
  shown: Awaited<ReturnType<typeof shownQuote>>,
  scales: { from: number; to: number },
) {
  const t = await latestTrade(userId);
  const decimal = (units: string, scale: number) => {
    const s = units.padStart(scale + 1, '0');
    return same(scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s);
  };
  expect(shown.give).toBe(decimal(String(t.from_amount), scales.from));
  expect(shown.get).toBe(decimal(String(t.to_amount), scales.to));
  expect(shown.spread).toBe(decimal(String(t.spread_cents), 2));
  expect(shown.fee).toBe(decimal(String(t.fee_cents), 2));
  const prices = t.prices as { asset: string; priceUsd: string }[];
  for (const p of prices) expect(shown.prices[p.asset], `feed price of ${p.asset}`).toBe(same(p.priceUsd));
  return t;
}

async function expectAxeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${formatAxeViolations(violations)}`).toEqual([]);
}

const RUNS = [
  { lang: 'ar', viewport: 'phone', width: 390, height: 844 },
  { lang: 'en', viewport: 'desktop', width: 1280, height: 800 },
] as const;

describeBrowser('Trading (issue 30)', () => {
  for (const run of RUNS) {
    test(`buys, sells and converts from Trade Now, then reads the portfolio (${run.lang}, ${run.width} px)`, async () => {
      const e = env();
      const words = WORDS[run.lang];
      const member = await e.createUser({ firstName: run.lang === 'ar' ? 'Layla' : 'Tom' });
      await e.db.updateTable('users').set({ locale: run.lang }).where('id', '=', member.id).execute();
      await adjustBalance(e.db, member.id, 50_000, 'test deposit', { at: e.clock.now() });
      const tp = await e.newPage({ viewport: run.viewport, label: `trade-${run.lang}` });
      const { page } = tp;
      // The page's timers are the test's to move: the quote's 10 s on screen is fast-forwarded, not waited for.
      await page.clock.install();
      await page.setViewportSize({ width: run.width, height: run.height });

      // A visitor not signed in: Trade Now asks them to sign in first, keeping the ticket as where to go next.
      await page.goto(run.lang === 'ar' ? '/ar/' : '/');
      const tradeNow = page.locator('a[href="/dashboard/trade?coin=btc"]');
      await seen(tradeNow);
      await tradeNow.first().click();
      await poll(() => new URL(page.url()).pathname).toMatch(/\/login$/);
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/trade?coin=btc');
      await e.signInByApi(tp, member.email);

      // Signed in, Trade Now opens the ticket with Bitcoin chosen and Buy selected.
      await page.goto(run.lang === 'ar' ? '/ar/' : '/');
      await seen(tradeNow);
      await tradeNow.first().click();
      await atPath(page, '/dashboard/trade');
      await whenLive(page);
      if (run.lang === 'ar') await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await seen(page.getByTestId('trade-amount'));
      const submit = page.locator('form button[type="submit"]');
      const confirm = page.getByRole('button', { name: words.confirm, exact: true });
      const done = async () => {
        await seen(page.getByText(words.done).first());
        await poll(() => page.getByTestId('trade-quote').count()).toBe(0);
      };

      // 1. Buy Bitcoin for $100.
      await page.getByTestId('trade-amount').fill('100');
      await submit.click();
      const buy = await shownQuote(page, ['BTC']);
      expect(buy.give).toBe('100');
      expect(buy.prices.BTC).toBe(same(String(e.feed.coins[0]!.current_price)));
      await seen(page.getByTestId('quote-countdown'));
      await expectAxeClean(page, 'the ticket with a quote');
      await shot(page, `trade-quote-${run.lang}`);
      await confirm.click();
      await done();
      const bought = await expectFilledAsShown(member.id, buy, { from: 2, to: 8 });
      expect(bought.from_asset).toBe('USD');
      expect(bought.to_asset).toBe('BTC');

      // The quote's price holds 10 s on screen; then a fresh quote is offered (English run: once is enough).
      if (run.lang === 'en') {
        await page.getByTestId('trade-amount').fill('20');
        await submit.click();
        await seen(page.getByTestId('trade-quote'));
        await page.clock.fastForward(11_000);
        await seen(page.getByTestId('quote-expired'));
        await page.getByRole('button', { name: words.fresh, exact: true }).click();
        await seen(page.getByTestId('quote-countdown'));
        await page.getByRole('button', { name: 'Change', exact: true }).click();
      }

      // 2. Sell some of it back for dollars: 0.0005 BTC.
      await page.getByRole('button', { name: words.sell, exact: true }).click();
      // By keyboard: Enter in the amount asks for the quote, focus moves to it, Tab Tab Enter confirms.
      await page.getByTestId('trade-amount').fill('0.0005');
      await page.getByTestId('trade-amount').press('Enter');
      const sell = await shownQuote(page, ['BTC']);
      expect(sell.give).toBe('0.0005');
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('trade-quote');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(words.confirm);
      await page.keyboard.press('Enter');
      await done();
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('trade-amount');
      const sold = await expectFilledAsShown(member.id, sell, { from: 8, to: 2 });
      expect([sold.from_asset, sold.to_asset]).toEqual(['BTC', 'USD']);

      // 3. Convert 0.0004 BTC into ether (two feed prices, shown as one trade).
      await page.getByRole('button', { name: words.convert, exact: true }).click();
      await page.getByTestId('trade-to-coin').selectOption('ETH');
      await page.getByTestId('trade-amount').fill('0.0004');
      await submit.click();
      const convert = await shownQuote(page, ['BTC', 'ETH']);
      expect(convert.give).toBe('0.0004');
      await shot(page, `trade-convert-${run.lang}`);
      await confirm.click();
      await done();
      const converted = await expectFilledAsShown(member.id, convert, { from: 8, to: 18 });
      expect([converted.from_asset, converted.to_asset]).toEqual(['BTC', 'ETH']);

      // The portfolio: what the server says is held, as shown; three trades in the history.
      await page.goto('/dashboard/portfolio');
      await whenLive(page);
      const holdings = await e.db
        .selectFrom('trades')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(Number(holdings.n)).toBe(3);
      const kind = run.viewport === 'phone' ? 'card' : 'row';
      const btcHolding = page.getByTestId(`holding-${kind}-BTC`);
      await seen(btcHolding);
      const btcUnits =
        BigInt(String(bought.to_amount)) - BigInt(String(sold.from_amount)) - BigInt(String(converted.from_amount));
      const btcText = btcUnits.toString().padStart(9, '0');
      expect(same(plain(await btcHolding.getByTestId('holding-amount').innerText()))).toBe(
        same(`${btcText.slice(0, -8)}.${btcText.slice(-8)}`),
      );
      const ethHolding = page.getByTestId(`holding-${kind}-ETH`);
      await seen(ethHolding);
      const ethText = String(converted.to_amount).padStart(19, '0');
      expect(same(plain(await ethHolding.getByTestId('holding-amount').innerText()))).toBe(
        same(`${ethText.slice(0, -18)}.${ethText.slice(-18)}`),
      );
      await poll(() => page.getByTestId(`trade-${kind}`).filter({ visible: true }).count()).toBe(3);
      const total = plain(await textOf(page, 'portfolio-total'));
      expect(Number(total)).toBeGreaterThan(0);
      // The sidebar (the drawer's, on a phone) keeps the dollar balance and adds the portfolio's total.
      if (run.viewport === 'desktop') {
        await seen(page.locator('aside').getByTestId('sidebar-portfolio'));
        expect(plain(await page.locator('aside').getByTestId('sidebar-portfolio').innerText())).toBe(total);
      }
      await seen(page.getByTestId('gains-label'));
      await expectAxeClean(page, 'the portfolio');
      await shot(page, `portfolio-${run.lang}`);
      // No page wider than the phone.
      if (run.viewport === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(run.width);
    });
  }

  test("an admin edits a coin's terms after a confirmation, reads the treasury and proposes funding it", async () => {
    const e = env();
    const tp = await e.newPage({ label: 'coins-admin' });
    await e.signInByApi(tp, e.admin.email);
    const { page } = tp;
    await page.goto('/dashboard/coins');
    await whenLive(page);
    await seen(page.getByTestId('coin-row-BTC'));
    // The treasury per asset (funded above, less what the members bought), and the revenue of their trades.
    await seen(page.getByTestId('treasury-row-BTC'));
    await seen(page.getByTestId('treasury-row-ETH'));
    expect(Number(plain(await textOf(page, 'treasury-revenue')))).toBeGreaterThan(0);
    await expectAxeClean(page, 'the Coins page');
    await shot(page, 'admin-coins');

    // Terms: a change is shown before it is saved, and saved only on the second press.
    await page.getByRole('button', { name: 'Edit the terms of BTC', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await seen(dialog);
    await dialog.getByLabel('Spread (basis points)').fill('60');
    await dialog.getByRole('button', { name: 'Review changes', exact: true }).click();
    await seen(dialog.getByTestId('terms-changes'));
    expect(await dialog.getByTestId('terms-changes').innerText()).toMatch(/Spread \(basis points\): 50 → 60/);
    const before = await e.db
      .selectFrom('assets')
      .select('spread_bps')
      .where('code', '=', 'BTC')
      .executeTakeFirstOrThrow();
    expect(before.spread_bps).toBe(50);
    await expectAxeClean(page, 'the terms confirmation');
    await dialog.getByRole('button', { name: 'Save the terms', exact: true }).click();
    await seen(page.getByText('The terms of BTC are saved').first());
    await poll(
      async () =>
        (await e.db.selectFrom('assets').select('spread_bps').where('code', '=', 'BTC').executeTakeFirstOrThrow())
          .spread_bps,
    ).toBe(60);
    await seen(page.getByTestId('coin-row-BTC').getByText(/60 bps/));

    // Funding: a proposal another administrator approves; nothing moves yet.
    await page.getByLabel('Asset', { exact: true }).selectOption('ETH');
    await page.getByLabel(/^Amount \(ETH\)/).fill('1.5');
    await page.getByLabel(/^Reason/).fill('Cold wallet 2');
    await page.getByRole('button', { name: 'Propose the funding', exact: true }).click();
    await seen(page.getByText('Proposed: another administrator must approve it').first());
    const proposal = await e.db
      .selectFrom('approvals')
      .select(['status', 'kind'])
      .where('kind', '=', 'treasury_fund')
      .executeTakeFirstOrThrow();
    expect(proposal.status).toBe('pending');
  });
});
