/**
 * Browser-test harness: the real server in-process (a fresh database: PostgreSQL when the run has one, else in-memory PGlite; the fake market feed, the built
 * web app from packages/web/dist) and Debian's Chromium driven by playwright-core.
 *
 * Every page a test opens is watched: console errors, uncaught page errors and 5xx answers from our
 * server fail the test in `afterEach`. The only tolerated noise is a resource on another host that
 * cannot load offline (coin images, the map iframe, web fonts), decided by the resource's URL host.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, type TestContext } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { type Config, loadConfig } from '../../server/src/config.ts';
import type { Database, DbHandle } from '../../server/src/db/create-db.ts';
import type { TestUser } from '../../server/src/test/factories.ts';
import { seedIfEmpty } from '../../server/src/db/seed.ts';
import { insertUser, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { ManualClock } from '../../server/src/test/manual-clock.ts';
import { createTestDb } from '../../server/src/test/test-db.ts';
import { type FakeFeed, startFeed } from './feed.ts';
import type {} from './global-setup.ts'; // declares the type of inject('e2eWebDir')

export { TEST_PASSWORD };

/** How long a UI expectation may take to come true on a loaded 2-core machine. */
export const UI_TIMEOUT = 15_000;

/** Waits until the locator is visible (fails the test with the locator in the message otherwise). */
export async function seen(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until no element matches the locator, or none is visible. */
export async function gone(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await expect.poll(() => visibleCount(locator), { timeout, interval: 100 }).toBe(0);
}

/** Number of matching elements that are visible. */
export async function visibleCount(locator: Locator): Promise<number> {
  const all = await locator.all();
  let n = 0;
  for (const l of all) if (await l.isVisible()) n += 1;
  return n;
}

/** expect.poll with a timeout fit for the browser: `await poll(() => page.url()).toMatch(/x/)`. */
export function poll<T>(fn: () => T | Promise<T>, timeout = UI_TIMEOUT) {
  return expect.poll(fn, { timeout, interval: 100 });
}

/**
 * Watches the page for a text that may show only briefly (e.g. 'Login successful!' before the 1 s
 * redirect): a MutationObserver in the page records it the moment it is rendered, so a busy machine
 * cannot make the test miss it. Returns a check that waits until the text has appeared.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<void>> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __e2eSeen?: string[] };
    w.__e2eSeen ??= [];
    const check = () => {
      if (document.body.innerText.includes(wanted) && !w.__e2eSeen!.includes(wanted)) w.__e2eSeen!.push(wanted);
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  }, text);
  return async () => {
    await poll(() =>
      page.evaluate(
        (wanted) => ((window as unknown as { __e2eSeen?: string[] }).__e2eSeen ?? []).includes(wanted),
        text,
      ),
    ).toBe(true);
  };
}

/**
 * Waits until the page is live: a pre-rendered page shows its HTML at once but keeps its buttons and fields
 * disabled until React has taken it over (see InteractiveWhenHydrated in src/app.tsx). Clicks and fills wait
 * for that by themselves; a test that focuses a field or types with the keyboard first waits here.
 */
export async function whenLive(page: Page, timeout = UI_TIMEOUT): Promise<void> {
  await page.locator('#root > fieldset:not([disabled])').waitFor({ state: 'attached', timeout });
}

/**
 * Closes every toast on the page. On a phone they sit over the bottom of the page, and a pointer resting on one
 * (as Playwright's does when it aims at a button underneath) keeps it open, so a click there never lands.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  for (let i = 0; i < 10 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined); // it may have closed itself meanwhile
  }
  await close.first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}

/** Waits for the page's pathname to equal `pathname`. */
export async function atPath(page: Page, pathname: string, timeout = UI_TIMEOUT): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '.artifacts');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;
export type ViewportName = 'desktop' | 'phone';
const VIEWPORTS: Record<ViewportName, { width: number; height: number }> = { desktop: DESKTOP, phone: PHONE };

// ---- Chromium: present, or a loud skip (locally) / a hard failure (CI) ----

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  const message =
    `Chromium not found at ${CHROMIUM_PATH}. ` +
    'Install it (`apt-get update && apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.';
  if (process.env.CI === 'true') throw new Error(`Browser tests cannot run in CI: ${message}`);
  console.warn(`\n${'!'.repeat(100)}\n!! BROWSER TESTS SKIPPED: ${message}\n${'!'.repeat(100)}\n`);
}

/** `describe` that skips (loudly, see above) when there is no Chromium on this machine. */
export const describeBrowser = describe.skipIf(!hasChromium);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---- console / page error tracking ----

interface PageProblem {
  kind: 'console' | 'pageerror' | 'http5xx';
  text: string;
  /** The URL the problem is about (the failed resource for "Failed to load resource" errors). */
  url: string;
  pageUrl: string;
}

/** An HTTP error answer a test expects (e.g. a wrong password's 401): path prefix on our server + status. */
export interface AllowedHttpError {
  path: string;
  status: number;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : null;
  } catch {
    return null;
  }
}

/** A resource on another host: it cannot load offline, so its failure is not the app's error. */
function isExternalResource(url: string): boolean {
  const host = hostOf(url);
  return host !== null && !LOCAL_HOSTS.has(host);
}

/** A page plus everything that went wrong on it. */
export class TrackedPage {
  readonly problems: PageProblem[] = [];
  /** The app's last requests (time, method, path, answer), written beside the screenshot when a test fails. */
  readonly requestLog: string[] = [];
  private readonly allowed: AllowedHttpError[] = [];

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    readonly label: string,
  ) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      this.problems.push({ kind: 'console', text: msg.text(), url: msg.location().url ?? '', pageUrl: page.url() });
    });
    page.on('pageerror', (err) => {
      this.problems.push({ kind: 'pageerror', text: `${err.name}: ${err.message}`, url: '', pageUrl: page.url() });
    });
    const started = Date.now();
    const log = (line: string) => {
      this.requestLog.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
      if (this.requestLog.length > 300) this.requestLog.shift();
    };
    page.on('requestfailed', (req) => {
      if (!isExternalResource(req.url()))
        log(`${req.method()} ${new URL(req.url()).pathname} FAILED ${req.failure()?.errorText ?? ''}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) log(`navigated to ${frame.url()}`);
    });
    page.on('response', (res) => {
      if (!isExternalResource(res.url()))
        log(`${res.request().method()} ${new URL(res.url()).pathname} ${res.status()}`);
      if (res.status() >= 500 && !isExternalResource(res.url())) {
        this.problems.push({
          kind: 'http5xx',
          text: `HTTP ${res.status()} ${res.request().method()} ${res.url()}`,
          url: res.url(),
          pageUrl: page.url(),
        });
      }
    });
  }

  /** Declare an HTTP error answer this test provokes on purpose (Chromium logs those as console errors). */
  allowHttpError(path: string, status: number): void {
    this.allowed.push({ path, status });
  }

  /** Problems that are the app's fault (external resources and declared HTTP errors removed). */
  unexpectedProblems(): PageProblem[] {
    return this.problems.filter((p) => {
      if (p.kind !== 'console') return true;
      // "Failed to load resource" style errors carry the resource's URL as their location.
      if (isExternalResource(p.url)) return false;
      const statusMatch = /the server responded with a status of (\d{3})/.exec(p.text);
      if (statusMatch && p.url) {
        const status = Number(statusMatch[1]);
        const pathname = new URL(p.url).pathname;
        if (this.allowed.some((a) => a.status === status && pathname.startsWith(a.path))) return false;
      }
      return true;
    });
  }
}

// ---- the environment one test file shares ----

export interface E2E {
  baseUrl: string;
  handle: DbHandle;
  db: Database;
  admin: TestUser;
  feed: FakeFeed;
  browser: Browser;
  /**
   * The server's clock: starts at the real time and moves only when a test moves it (forward only).
   * The payout runner is not started; after moving it, pay what is due with
   * `payDuePeriods(env.db, { now: env.clock.now(), config: env.config })`.
   */
  clock: ManualClock;
  /** The server's settings. */
  config: Config;
  /** A fresh browser context (own cookies and storage) with one watched page. */
  newPage(opts?: {
    viewport?: ViewportName;
    label?: string;
    javaScriptEnabled?: boolean;
    /** The system's colour scheme the page sees (`prefers-color-scheme`). */
    colorScheme?: 'light' | 'dark';
    /** The browser's language (navigator.language and Accept-Language), e.g. 'de-DE'. */
    locale?: string;
  }): Promise<TrackedPage>;
  /** Signs in through the API inside the page's context (fast path for setup; the UI path has its own test). */
  signInByApi(tp: TrackedPage, email: string, password?: string): Promise<void>;
  /** Creates a user straight in the database. */
  createUser(opts?: Parameters<typeof insertUser>[1]): Promise<TestUser>;
  /** The running server's dependencies (db, config, clock, market), for tests that drive a background job. */
  deps: FastifyInstance['deps'];
}

/** What a test file changes in the e2e server. */
export interface E2EOptions {
  /**
   * Settings added to the server's environment, read in the harness's beforeAll: a file's own beforeAll
   * registered before useE2E() has run by then (e.g. to start a fake and name its URL here).
   */
  settings?: () => Record<string, string>;
}

/** Picks a free TCP port on 127.0.0.1 (the server's PUBLIC_URL must name the port before buildApp). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Registers the hooks of a browser test file: server + browser once per file, a problem check after
 * every test (and a screenshot of each open page when the test failed). Returns a getter.
 */
export function useE2E(options: E2EOptions = {}): () => E2E {
  let env: E2E | undefined;
  let teardown: (() => Promise<void>) | undefined;
  let openPages: TrackedPage[] = [];
  const unavailable = () => {
    throw new Error('The e2e environment did not start (see the beforeAll error).');
  };
  // No Chromium (and not CI, or the import above would have thrown): the describeBrowser blocks are
  // skipped, so start nothing.
  if (!hasChromium) return unavailable;

  beforeAll(async () => {
    // global-setup.ts checked the build and copied it (a rebuild during the run cannot touch the copy).
    const webDir = inject('e2eWebDir');
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });

    const feed = await startFeed();
    // PostgreSQL when the run has a server (the browser project's VESTORA_TEST_DB), else in-memory PGlite.
    const handle = await createTestDb();
    await seedIfEmpty(handle.db);
    // The first start seeds a placeholder deposit account (members are told deposits are not open until an
    // admin sets one): the browser tests run on an installation whose admin has set it.
    await handle.db
      .updateTable('deposit_account')
      .set({ bank_name: 'E2E Test Bank', account_number: 'PT50000201231234567890154', account_holder: 'Vestora Ltd' })
      .execute();
    const admin = await insertUser(handle.db, { accountType: 'admin', firstName: 'Ada', email: 'admin@vestora.test' });

    // The generated APP_SECRET is kept under DATA_DIR: give it a throwaway directory.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-e2e-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: baseUrl,
      MARKET_FEED_URL: feed.url,
      WEB_DIST_DIR: webDir,
      DATA_DIR: dataDir,
      // Every test signs in from one address; the sign-in limit is not what these tests are about.
      AUTH_RATE_LIMIT_PER_MIN: '10000',
      // No 503s for event-loop delay on a loaded test machine (an in-process server, Chromium beside it).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.settings?.(),
    });
    // Starts now (session cookies and the market cache compare against real time) and moves by hand.
    const clock = new ManualClock(new Date());
    const app = await buildApp({ config, db: handle, logger: false, clock });
    await app.listen({ host: '127.0.0.1', port });

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

    let pageCounter = 0;
    env = {
      baseUrl,
      handle,
      db: handle.db,
      config,
      admin,
      feed,
      browser,
      clock,
      async newPage(opts = {}) {
        const context = await browser.newContext({
          viewport: VIEWPORTS[opts.viewport ?? 'desktop'],
          baseURL: baseUrl,
          // 'Copy' buttons use the async clipboard; headless Chromium needs the permission granted.
          permissions: ['clipboard-read', 'clipboard-write'],
          javaScriptEnabled: opts.javaScriptEnabled ?? true,
          colorScheme: opts.colorScheme ?? 'light',
          ...(opts.locale ? { locale: opts.locale } : {}),
        });
        context.setDefaultTimeout(15_000);
        context.setDefaultNavigationTimeout(30_000);
        const page = await context.newPage();
        const tp = new TrackedPage(page, context, opts.label ?? `page${++pageCounter}`);
        openPages.push(tp);
        return tp;
      },
      async signInByApi(tp, email, password = TEST_PASSWORD) {
        const res = await tp.context.request.post(`${baseUrl}/trpc/user.login`, { data: { email, password } });
        if (!res.ok()) throw new Error(`API sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
      },
      createUser: (opts) => insertUser(handle.db, opts),
      deps: app.deps,
    };
    teardown = async () => {
      await browser.close().catch(() => {});
      await app.close();
      await handle.close();
      await feed.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });

  afterEach(async (ctx: TestContext) => {
    const pages = openPages;
    openPages = [];
    if (ctx.task.result?.state === 'fail') {
      const dir = path.join(ARTIFACTS_DIR, 'failures');
      fs.mkdirSync(dir, { recursive: true });
      const base = ctx.task.name
        .replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase()
        .slice(0, 80);
      for (const tp of pages) {
        await tp.page.screenshot({ path: path.join(dir, `${base}-${tp.label}.png`), fullPage: true }).catch(() => {});
        fs.writeFileSync(path.join(dir, `${base}-${tp.label}.requests.txt`), `${tp.requestLog.join('\n')}\n`);
      }
    }
    const report: string[] = [];
    for (const tp of pages) {
      for (const p of tp.unexpectedProblems()) {
        report.push(
          `[${tp.label}] ${p.kind} on ${p.pageUrl}: ${p.text}${p.url && p.kind === 'console' ? ` (at ${p.url})` : ''}`,
        );
      }
      await tp.context.close().catch(() => {});
    }
    if (report.length > 0) throw new Error(`The browser reported errors during this test:\n${report.join('\n')}`);
  });

  afterAll(async () => {
    await teardown?.();
  });

  return () => {
    if (!env) throw new Error('The e2e environment did not start (see the beforeAll error).');
    return env;
  };
}

// ---- screenshots ----

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Full-page screenshots of the current screen at desktop (1280x800) and phone (375x740) width, into
 * e2e/.artifacts/<name>-desktop.png and <name>-phone.png; the page's own viewport is restored after.
 */
export async function shot(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize();
  const files: string[] = [];
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Full-page shots stitch the page from the top: scroll there so sticky headers sit where they belong.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page);
    // Widgets that measure themselves (the price chart) re-layout a little after a resize: give them a
    // moment to fit the new width. If the page still overflows, the shot shows it, which is the point.
    await page
      .waitForFunction((width) => document.documentElement.scrollWidth <= width, size.width, { timeout: 3000 })
      .catch(() => {});
    const file = path.join(ARTIFACTS_DIR, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    files.push(file);
  }
  if (original) {
    await page.setViewportSize(original);
    await nextFrames(page);
  }
  return files;
}

/** Counts the requests a page sends whose path starts with `pathPrefix` (e.g. '/trpc/user.signup'). */
export function countRequests(page: Page, pathPrefix: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith(pathPrefix)) counter.count += 1;
  });
  return counter;
}

// ---- accessibility (axe-core) ----

let axeSource: string | undefined;

/** One axe rule broken on a page, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe-core in the page (injected with `page.evaluate`, which the page's CSP does not block, unlike an
 * inline script tag) on the whole document: WCAG 2.x A and AA rules plus axe's best practices (heading order
 * among them), the rule set Lighthouse's accessibility score is built from. Returns the violations.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Colours are judged at rest: a button fading in after hydration or a toast sliding in is measured half-way
  // otherwise (on a loaded machine that is often). Finite animations and transitions finish first; endless ones
  // (spinners, skeletons) are left alone.
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    }
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 200),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
      })),
    }));
  });
}

/** The violations as a readable list, for a failure message. */
export function formatAxeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target} ${n.html}: ${n.summary.slice(0, 300)}`)
          .join('\n') +
        (v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : ''),
    )
    .join('\n');
}

/** An email address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}
