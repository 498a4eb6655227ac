/**
 * The harness's own guarantees: the error watch catches what it must (console errors, uncaught errors,
 * failed requests to our server) and forgives only what it may (resources on other hosts, HTTP errors a
 * test declares). Without this, "no console errors" in every other test would be an untested promise.
 */
import { expect, test } from 'vitest';
import { describeBrowser, seen, useE2E } from './harness.ts';

const env = useE2E();

describeBrowser('the browser error watch', () => {
  test('reports console errors, page errors, refused calls and CSP refusals; forgives other hosts and declared errors', async () => {
    const tp = await env().newPage({ label: 'watch' });
    const { page } = tp;
    await page.goto('/about');
    await seen(page.getByText(/What is Bitcoin/).first());

    await page.evaluate(async () => {
      console.error('e2e: a console error');
      setTimeout(() => {
        throw new Error('e2e: an uncaught error');
      }, 0);
      const img = new Image();
      // Another host: the CSP refuses it (img-src 'self' data:, #34), and that refusal is reported.
      img.src = 'https://offline-host.example.com/logo.png';
      await new Promise((resolve) => {
        img.onerror = resolve;
        img.onload = resolve;
      });
      await fetch('/trpc/user.me'); // 401 from our server: an error unless declared
    });
    await expect.poll(() => tp.problems.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

    const texts = () => tp.unexpectedProblems().map((p) => p.text);
    expect(texts()).toEqual(
      expect.arrayContaining([
        'e2e: a console error',
        expect.stringContaining('e2e: an uncaught error'),
        expect.stringContaining('status of 401'),
      ]),
    );
    // The app loads no image from another host: a try is refused by the CSP and reported.
    await expect
      .poll(() => texts().some((t) => /offline-host\.example\.com/.test(t) && /Content Security Policy/.test(t)))
      .toBe(true);
    // What fails on another host (the map frame the CSP allows, say, offline) is not the app's fault: forgiven.
    tp.problems.push({
      kind: 'console',
      text: 'Failed to load resource: net::ERR_NAME_NOT_RESOLVED',
      url: 'https://www.openstreetmap.org/export/embed.html',
      pageUrl: page.url(),
    });
    expect(
      texts().some((t) => /ERR_NAME_NOT_RESOLVED/.test(t)),
      'other hosts are forgiven',
    ).toBe(false);

    tp.allowHttpError('/trpc/user.me', 401);
    expect(
      texts().some((t) => /status of 401/.test(t)),
      'a declared 401 is forgiven',
    ).toBe(false);

    // This test provoked them on purpose: leave the page clean for the after-test check.
    tp.problems.length = 0;
  });
});
