/**
 * #34, admin screens: on the admin plan grid names broke mid-word at 1280 px (three narrow columns beside the
 * sidebar), and a paused plan's name read one letter per line (its badge and buttons squeezed the heading). Each
 * name now keeps its words whole, at 1280 and at 390 px. The plan is changed through the harness's database handle
 * (query builder only: the e2e package cannot import kysely itself).
 */
import { expect, test } from 'vitest';
import { describeBrowser, seen, shot, useE2E, whenLive } from './harness.ts';

const env = useE2E();

describeBrowser('plan names on the admin plan grid (issue 34)', () => {
  test('a paused plan with a long name and every other name keep their words whole on a desktop and a phone', async () => {
    const long = 'Internationalisation Opportunities';
    const renamed = await env()
      .db.updateTable('plans')
      .set({ status: 'paused', open_for_investing: false, investment_plan_name: long })
      .where('investment_plan_name', '=', 'Platinum')
      .returning('id')
      .execute();
    expect(renamed).toHaveLength(1);
    try {
      for (const width of [1280, 390]) {
        const tp = await env().newPage({ label: `plan-names-${width}` });
        await tp.page.setViewportSize({ width, height: 900 });
        await env().signInByApi(tp, env().admin.email);
        const { page } = tp;
        await page.goto('/dashboard/investments');
        await whenLive(page);
        const card = page.getByRole('article', { name: `${long} plan` });
        await seen(card.getByText('Paused', { exact: true }));
        await seen(card.getByRole('button', { name: `Resume ${long}` }));
        await shot(page, `admin-plan-names-${width}`);
        const headings = await page.locator('article h3').all();
        expect(headings.length).toBeGreaterThanOrEqual(6);
        for (const heading of headings) {
          const name = (await heading.innerText()).trim();
          // The heading's rendered lines, read character by character with Range.getClientRects(): a word cut in
          // two would have its characters on two lines.
          const lines = await heading.evaluate((el) => {
            const text = el.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return [];
            const range = document.createRange();
            const content = text.textContent ?? '';
            const byTop = new Map<number, string>();
            for (let i = 0; i < content.length; i++) {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect) continue;
              const top = Math.round(rect.top);
              byTop.set(top, (byTop.get(top) ?? '') + content[i]);
            }
            return [...byTop.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => line.trim());
          });
          const words = name.split(/\s+/);
          const where = `${name} at ${width}px: ${JSON.stringify(lines)}`;
          // Every line holds whole words, in order, and no more lines than words.
          expect(lines.join(' ').split(/\s+/), where).toEqual(words);
          for (const line of lines) for (const w of line.split(/\s+/)) expect(words, where).toContain(w);
          expect(lines.length, where).toBeLessThanOrEqual(words.length);
        }
        // The paused plan's name is two words on at most two lines, never a letter a line.
        const pausedLines = await card.locator('h3').evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(pausedLines, `${long} at ${width}px`).toBeLessThanOrEqual(2);
        // The page itself does not scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    } finally {
      await env()
        .db.updateTable('plans')
        .set({ status: 'active', open_for_investing: true, investment_plan_name: 'Platinum' })
        .where('id', '=', renamed[0]!.id)
        .execute();
    }
  });
});
