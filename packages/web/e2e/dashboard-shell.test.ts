/**
 * #34: a cold dashboard was a blank page for 1.3-2 s, then a checklist pushed the content down. Now its frame
 * (sidebar, header, content area) paints while the data is still on the way, and the checklist's place is kept,
 * so nothing moves when the data arrives: cumulative layout shift (the browser's own 'layout-shift' entries)
 * stays below 0.1.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { describeBrowser, poll, seen, type ViewportName, useE2E } from './harness.ts';

const env = useE2E();

/** Sums the page's layout shifts from its very start (not those right after input, as CLS does). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: Array<{ node?: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 90) ?? '?');
        w.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // When the frame and the checklist first show (for the figures this test prints).
    const mark = (name: string, selector: string) => {
      const look = () => (document.querySelector(selector) ? performance.mark(name) : requestAnimationFrame(look));
      requestAnimationFrame(look);
    };
    mark('frame', '[data-testid="dashboard-frame"]');
    mark('checklist', '[data-testid="member-checklist"]');
  });
}

async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  // Two frames, so the last layout is measured.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

/** The dashboard's index once its data is in: the checklist ticked from real data and the plans listed. */
async function dataShown(page: Page): Promise<void> {
  await seen(page.getByTestId('member-checklist'));
  await seen(page.getByRole('button', { name: /Invest Now/ }).first());
  await poll(() => page.getByTestId('member-checklist-loading').count()).toBe(0);
}

describeBrowser('the dashboard shell (#34)', () => {
  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    test(`${viewport}: the frame paints before any data arrives, and nothing shifts when it does`, async () => {
      const user = await env().createUser({ firstName: 'Cora', email: `cold-${viewport}-${Date.now()}@example.com` });
      const tp = await env().newPage({ viewport, label: `cold-dashboard-${viewport}` });
      await env().signInByApi(tp, user.email);
      const { page } = tp;
      await watchLayoutShifts(page);
      // Every API answer waits until the frame has been seen.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      await page.route(
        (url) => url.pathname.startsWith('/trpc/'),
        async (route) => {
          held += 1;
          await gate;
          await route.continue();
        },
      );
      await page.goto('/dashboard', { waitUntil: 'commit' });
      const frame = page.getByTestId('dashboard-frame');
      await seen(frame);
      await poll(() => held).toBeGreaterThan(0);
      expect(await frame.getAttribute('data-state')).toBe('loading');
      // Its header, and on a wide screen its sidebar, are on screen: not a blank page, not a lone spinner.
      await seen(frame.locator('header'));
      if (viewport === 'desktop') await seen(frame.locator('aside'));
      release();

      await dataShown(page);
      expect(await frame.getAttribute('data-state')).toBe('ready');
      const { cls, shifts } = await layoutShift(page);
      expect(cls, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.1);
    });
  }

  test('on a 4x slower CPU, a cold dashboard: the frame first, then the data, and no shift', async () => {
    const user = await env().createUser({ firstName: 'Ivo', email: `slow-cpu-${Date.now()}@example.com` });
    const tp = await env().newPage({ label: 'cold-dashboard-slow-cpu' });
    await env().signInByApi(tp, user.email);
    const { page } = tp;
    const cdp = await tp.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await watchLayoutShifts(page);
    await page.goto('/dashboard');
    await dataShown(page);
    const { cls, shifts } = await layoutShift(page);
    const times = await page.evaluate(() => {
      const at = (name: string, type: string) =>
        Math.round(performance.getEntriesByName(name, type)[0]?.startTime ?? Number.NaN);
      return {
        firstContentfulPaint: at('first-contentful-paint', 'paint'),
        frame: at('frame', 'mark'),
        checklist: at('checklist', 'mark'),
      };
    });
    // The figures (ms from navigation) for the record; what is asserted is the order and the shift, not the times.
    console.info(`cold dashboard, CPU 4x slower: ${JSON.stringify({ ...times, cls: Number(cls.toFixed(4)) })}`);
    expect(times.frame).toBeLessThan(times.checklist);
    expect(cls, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.1);
  });
});
