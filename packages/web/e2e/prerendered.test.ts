/**
 * Pages that paint before their JavaScript runs, and the way the build's files travel:
 * - with JavaScript off, `/` and `/login` still show their real content (headings, the sign-in form's labels),
 *   with their data-backed parts as placeholders (no figure is baked into the HTML);
 * - with JavaScript on, React takes the pre-rendered page over without replacing it (same DOM nodes) and the
 *   query string reaches the page once it is live;
 * - over a real socket, JS, CSS and HTML come brotli or gzip compressed as the client accepts, with the
 *   caching headers that fit each (immutable hashed assets, no-cache HTML).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
// The site's copy is Lingui messages (src/features/public/site.ts, compiled by the app's build): its English texts here.
const site = {
  brand: { name: 'Vestora' },
  hero: { title: 'Invest with a clear view of your money', primaryCta: 'Start Investing Now' },
  plansSection: { title: 'Investment plans' },
  featuresSection: { title: 'What you get with Vestora' },
  figuresSection: { items: [{ stat: 'accounts' }, { stat: 'activeInvestors' }, { stat: 'amountInvested' }] },
};
import { describeBrowser, poll, seen, useE2E, whenLive } from './harness.ts';

const env = useE2E();

/** A GET over a real socket, body left as sent (no decompression), with the headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(res: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

describeBrowser('pre-rendered public pages', () => {
  test('with JavaScript off, the home page shows its content, and placeholders where data comes later', async () => {
    const { page } = await env().newPage({ javaScriptEnabled: false, label: 'nojs-home' });
    await page.goto('/');
    await seen(page.getByRole('heading', { level: 1, name: site.hero.title }));
    await seen(page.getByRole('heading', { name: site.plansSection.title }));
    await seen(page.getByRole('heading', { name: site.featuresSection.title }));
    await seen(page.getByRole('link', { name: site.hero.primaryCta }));
    expect(await page.title()).toContain(site.brand.name);
    // Plans and coins are placeholders until the server answers; the figures are never baked in.
    expect(await page.getByText('Loading investment plans...').count()).toBe(1);
    expect(await page.getByText('Loading market data...').count()).toBe(1);
    for (const stat of site.figuresSection.items.map((f) => f.stat)) {
      expect(await page.getByTestId(`home-figure-${stat}`).count(), stat).toBe(0);
    }
    expect(await page.getByRole('button', { name: /Invest Now/ }).count()).toBe(0);
  });

  test('with JavaScript off, the sign-in page shows its form, labelled', async () => {
    const { page } = await env().newPage({ javaScriptEnabled: false, label: 'nojs-login' });
    await page.goto('/login');
    await seen(page.getByRole('heading', { level: 1, name: 'Welcome Back' }));
    await seen(page.getByLabel('Email'));
    await seen(page.getByLabel('Password'));
    await seen(page.getByRole('button', { name: 'Sign In' }));
    expect(await page.title()).toBe(`Sign in · ${site.brand.name}`);
    // Without its code the form cannot work: it is disabled rather than submitting natively.
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
  });

  test('with JavaScript on, React takes the page over (same nodes) and then sees the query string', async () => {
    const tp = await env().newPage({ label: 'hydrate-login' });
    const { page } = tp;
    tp.allowHttpError('/trpc/user.login', 401);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __heading?: Element | null }).__heading = document.querySelector('h1');
      });
    });
    await page.goto('/login?next=%2Fdashboard%2Fdeposit');
    await whenLive(page);
    expect(
      await page.evaluate(
        () => (window as unknown as { __heading?: Element | null }).__heading === document.querySelector('h1'),
      ),
      'the pre-rendered <h1> is still in the page: hydrated, not rendered again',
    ).toBe(true);
    // Rendered for /login alone at build time; once live, the page reads ?next= (its Sign Up link keeps it).
    await poll(() => page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/create-account?next=%2Fdashboard%2Fdeposit',
    );
    // The page works: a wrong password gets the server's answer.
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await seen(page.getByRole('alert'));
  });

  test('JS, CSS and HTML travel compressed as the client accepts, with the caching each needs', async () => {
    const { baseUrl } = env();
    const home = await rawGet(`${baseUrl}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.vary).toMatch(/accept-encoding/i);
    const html = decode(home);
    expect(html).toContain(site.hero.title);

    // The page's own code: the loader and the modules it names.
    const scripts = [
      ...[...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]!),
      ...(/<meta name="app-modules" content="([^"]+)"/.exec(html)?.[1] ?? '').split(' '),
    ].filter(Boolean);
    expect(scripts.length).toBeGreaterThan(3);
    const biggest = { url: '', size: 0 };
    for (const url of scripts) {
      const plain = await rawGet(`${baseUrl}${url}`);
      expect(plain.status, url).toBe(200);
      expect(plain.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      if (plain.body.length > biggest.size) Object.assign(biggest, { url, size: plain.body.length });
    }
    // What a visitor's browser downloads before the home page comes to life (#28): at most 160 KB brotli. The plan
    // and coin cards, the forms' schemas (zod) and the app's screens load later, or never on this page.
    let firstLoadBrotli = 0;
    for (const url of scripts)
      firstLoadBrotli += (await rawGet(`${baseUrl}${url}`, { 'accept-encoding': 'br' })).body.length;
    expect(firstLoadBrotli).toBeLessThanOrEqual(160 * 1024);
    const identity = await rawGet(`${baseUrl}${biggest.url}`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const br = await rawGet(`${baseUrl}${biggest.url}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(identity.body.length / 2);
    expect(decode(br)).toBe(identity.body.toString('utf8'));
    const gz = await rawGet(`${baseUrl}${biggest.url}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(identity.body.toString('utf8'));

    // Another route: the app shell, compressed and no-cache; a stale chunk is a 404, not the app.
    const shell = await rawGet(`${baseUrl}/dashboard/deposit`, { 'accept-encoding': 'gzip' });
    expect(shell.status).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(decode(shell)).toContain('<div id="root"></div>');
    const stale = await rawGet(`${baseUrl}/assets/index-0ld0ld0.js`, { 'accept-encoding': 'br' });
    expect(stale.status).toBe(404);
  });
});
