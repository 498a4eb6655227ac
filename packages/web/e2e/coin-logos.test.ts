/**
 * #34: coin logos from the feed, fetched and kept by our server. The browser loads every coin image from our own
 * origin (GET /api/market/logo/:coinId), never from the host the feed names, and the images really show.
 */
import { expect, test } from 'vitest';
import { describeBrowser, poll, seen, useE2E, whenLive } from './harness.ts';

const env = useE2E();

describeBrowser('coin logos (#34)', () => {
  test('the coin cards and the market table show logos served by our origin; nothing comes from another host', async () => {
    const { baseUrl, feed } = env();
    const tp = await env().newPage({ label: 'coin-logos' });
    const { page } = tp;
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));

    const logosFromFeedBefore = feed.server.logoRequests;
    await page.goto('/');
    await whenLive(page);
    const images = page.locator('img[src*="/api/market/logo/"]');
    await images.first().waitFor({ state: 'attached' });
    // The images load lazily: bring the cards into view, then they are loaded and decoded (real bitmaps).
    await images.first().scrollIntoViewIfNeeded();
    await poll(() =>
      images.evaluateAll(
        (els) =>
          els.filter((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0).length,
      ),
    ).toBeGreaterThanOrEqual(3);
    const sources = await images.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src));
    expect(sources).toContain(`${baseUrl}/api/market/logo/tether`);
    expect(sources).toContain(`${baseUrl}/api/market/logo/usd-coin`);
    expect(sources.every((src) => src.startsWith(`${baseUrl}/api/market/logo/`))).toBe(true);
    // Our server fetched them from the feed's image host.
    expect(feed.server.logoRequests).toBeGreaterThan(logosFromFeedBefore);

    // The market table of the dashboard, signed in.
    const user = await env().createUser({ firstName: 'Logo', email: `logos-${Date.now()}@example.com` });
    await env().signInByApi(tp, user.email);
    await page.goto('/dashboard/chart');
    await whenLive(page);
    const rowImages = page.locator('table img[src*="/api/market/logo/"]');
    await seen(rowImages.first());
    await poll(() => rowImages.first().evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Every request of the browser went to our origin: no image (nor anything else) from a third-party host.
    const foreign = requested.filter((url) => !url.startsWith(`${baseUrl}/`) && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
  });
});
