/**
 * The harness's own guarantees: the error watch catches what it must (console errors, uncaught errors,
 * failed requests to our server) and forgives only what it may (resources on other hosts, HTTP errors a
 * test declares). Without this, "no console errors" in every other test would be an untested promise.
 */
import { expect, test } from 'vitest';
import { describeBrowser, seen, useE2E } from './harness.ts';

const env = useE2E();

describeBrowser('the browser error watch', () => {
  test('reports console errors, page errors and refused calls; forgives other hosts and declared errors', async () => {
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
      img.src = 'https://offline-host.example.com/logo.png'; // another host: forgiven
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
    expect(
      texts().some((t) => /offline-host/.test(t)),
      'other hosts are forgiven',
    ).toBe(false);
    expect(
      tp.problems.some((p) => p.url.includes('offline-host.example.com')),
      'but they were seen',
    ).toBe(true);

    tp.allowHttpError('/trpc/user.me', 401);
    expect(
      texts().some((t) => /status of 401/.test(t)),
      'a declared 401 is forgiven',
    ).toBe(false);

    // This test provoked them on purpose: leave the page clean for the after-test check.
    tp.problems.length = 0;
  });
});
