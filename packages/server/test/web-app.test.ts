import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { sessionFor } from './support/http.ts';
import { IMMUTABLE_CACHE } from '../src/web-app.ts';

/**
 * The web app's serving rules on a small build of our own (what packages/web's build writes: index.html,
 * pre-rendered pages under pages/, hashed assets with .br and .gz copies beside them).
 */
const CHUNK = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
const SHELL = '<!doctype html><html><head><title>Vestora</title></head><body><div id="root"></div></body></html>';
const HOME = '<!doctype html><html><body><div id="root"><h1>Pre-rendered home</h1></div></body></html>';
const LOGIN = '<!doctype html><html><body><div id="root"><h1>Welcome Back</h1></div></body></html>';
const HOME_DE = '<!doctype html><html lang="de"><body><div id="root"><h1>Startseite</h1></div></body></html>';

function write(dir: string, file: string, content: string, compressed = true) {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  if (!compressed) return;
  fs.writeFileSync(`${full}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${full}.gz`, gzipSync(content));
}

describe('the web app: compressed files, caching, pre-rendered pages', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-web-dist-'));
    write(dist, 'index.html', SHELL);
    write(dist, 'pages/index.html', HOME);
    write(dist, 'pages/login.html', LOGIN);
    write(dist, 'pages/index.dark.html', HOME.replace('<html>', '<html class="dark">'));
    write(dist, 'pages/de/index.html', HOME_DE);
    write(dist, 'pages/de/login.html', LOGIN.replace('Welcome Back', 'Willkommen zurück'));
    write(dist, 'index.dark.html', SHELL.replace('<html>', '<html class="dark">'));
    write(dist, 'assets/index-Ab12Cd34.js', CHUNK);
    write(dist, 'assets/style-Zz99Yy88.css', 'body{color:red}'.repeat(50));
    // A file the build left uncompressed (too small to gain): sent as it is, never compressed on the fly.
    write(dist, 'assets/tiny-Qq11Ww22.js', CHUNK, false);
    t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('GET /metrics without METRICS_TOKEN is a 404, not the web page with 200', async () => {
    const res = await get('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
    expect(res.json().err).toMatch(/No such endpoint/);
  });

  it('sends the brotli copy to a browser that accepts br, with immutable caching', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 5);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/style-Zz99Yy88.css', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(gunzipSync(res.rawPayload).toString()).toBe('body{color:red}'.repeat(50));
  });

  it('sends the file as it is to a client that accepts no compression, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(CHUNK);
    }
  });

  it('never compresses per request: a file without a compressed copy goes out as it is', async () => {
    const res = await get('/assets/tiny-Qq11Ww22.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(CHUNK);
  });

  it('answers 404 (not the app) for a missing asset', async () => {
    for (const url of ['/assets/index-OLDHASH.js', '/assets/nope.css', '/favicon.png']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/plain/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves the pre-rendered home page at /, compressed, with no-cache', async () => {
    const br = await get('/', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HOME);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HOME);
  });

  it('serves a pre-rendered page for its path whatever the query string', async () => {
    for (const url of ['/login', '/login?next=%2Fdashboard%2Fdeposit']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(LOGIN);
    }
  });

  it('answers other page routes with index.html (200, no-cache, compressed): the app routes in the browser', async () => {
    for (const url of ['/dashboard', '/dashboard/deposit?tab=history', '/Dashboard/Investments/abc/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const plain = await get('/dashboard');
    expect(plain.body).toBe(SHELL);
  });

  it('answers a path that is no page of the app with 404, still the app (it shows its Page Not Found)', async () => {
    for (const url of ['/about-us', '/no/such/page?x=1', '/dashboard/nope', '/dashboard/investments/a/b']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/about-us' });
    expect(head.statusCode).toBe(404);
  });

  it('revalidates HTML with its ETag: 304 when unchanged', async () => {
    const first = await get('/login', 'br');
    expect(first.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD for pages as for GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });

  it('keeps API misses JSON 404s', async () => {
    const res = await get('/api/v1/nope', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ err: expect.stringMatching(/No such endpoint/) });
  });
  const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('serves each language at its own path (/de, /de/, /de/login), and varies on cookie and language', async () => {
    for (const url of ['/de', '/de/']) {
      const res = await page(url, {});
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HOME_DE);
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.headers.vary, url).toMatch(/accept-language/i);
    }
    expect((await page('/de/login', {})).body).toContain('Willkommen zurück');
  });

  it("sends an English page's visitor to their language: saved choice first, then the browser's", async () => {
    const byBrowser = await page('/login?next=%2Fdashboard', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(byBrowser.statusCode).toBe(302);
    expect(byBrowser.headers.location).toBe('/de/login?next=%2Fdashboard');
    const home = await page('/', { 'accept-language': 'ar' });
    expect(home.headers.location).toBe('/ar/');
    // English chosen on purpose beats the browser; German chosen beats an English browser.
    const chosenEnglish = await page('/', { 'accept-language': 'de', cookie: 'vestora_locale=en' });
    expect(chosenEnglish.statusCode).toBe(200);
    expect(chosenEnglish.body).toBe(HOME);
    expect(
      (await page('/', { 'accept-language': 'en-US', cookie: 'a=1; vestora_locale=pt-BR' })).headers.location,
    ).toBe('/pt-br/');
    // Languages we do not have, the dashboard and unknown paths stay where they are.
    expect((await page('/', { 'accept-language': 'fr-FR,fr' })).statusCode).toBe(200);
    expect((await page('/dashboard', { 'accept-language': 'de' })).statusCode).toBe(200);
    expect((await page('/no-such-page', { 'accept-language': 'de' })).statusCode).toBe(404);
  });

  it("sends the page in the visitor's theme (cookie), so its first paint is already right", async () => {
    const dark = await page('/', { cookie: 'vestora_theme=dark' });
    expect(dark.statusCode).toBe(200);
    expect(dark.body).toContain('<html class="dark">');
    const shell = await page('/dashboard', { cookie: 'vestora_theme=dark' });
    expect(shell.body).toContain('<html class="dark">');
    expect(shell.body).toContain('<div id="root"></div>');
    // No forced copy written (the login page here): the page as it is, which follows the system.
    expect((await page('/login', { cookie: 'vestora_theme=dark' })).body).toBe(LOGIN);
    // Light, system or nonsense: the page as it is.
    for (const theme of ['light', 'system', '%ZZ', 'purple']) {
      expect((await page('/', { cookie: `vestora_theme=${theme}` })).body, theme).toBe(HOME);
    }
  });

  it("a member on a new device (no theme cookie) gets the page in their account's theme; the cookie still wins", async () => {
    const member = await insertUser(t.handle.db);
    await t.handle.db.updateTable('users').set({ theme: 'dark' }).where('id', '=', member.id).execute();
    const session = await sessionFor(t, member);
    const shell = await page('/dashboard', { cookie: session });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<html class="dark">');
    expect((await page('/', { cookie: session })).body).toContain('<html class="dark">');
    // The theme chosen on this browser beats the account's (the menu saves both, the cookie first).
    expect((await page('/', { cookie: `${session}; vestora_theme=light` })).body).toBe(HOME);
    // A session that ended (signed out) or a made-up one: the page as it is.
    expect((await page('/', { cookie: 'vestora_session=not-a-session' })).body).toBe(HOME);
    await t.handle.db.updateTable('users').set({ theme: 'system' }).where('id', '=', member.id).execute();
    expect((await page('/', { cookie: session })).body).toBe(HOME);
  });
});

describe('the web app without pre-rendered pages', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-web-dist-'));
    write(dist, 'index.html', SHELL);
    t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers / and every other page route with index.html', async () => {
    for (const url of ['/', '/login', '/about']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
  });
});
