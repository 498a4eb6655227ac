/**
 * #34, admin screens: a paused plan's name read one letter per line (its badge and buttons squeezed the heading),
 * and names broke mid-word on the plan grid. Each name now keeps its words whole, at 1280 and at 390 px.
 */
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { describeBrowser, seen, shot, useE2E, whenLive } from './harness.ts';

const env = useE2E();

describeBrowser('plan names on the admin plan grid (issue 34)', () => {
  test('a paused plan and a long name keep their words whole on a desktop and on a phone', async () => {
    const long = 'Internationalisation Opportunities';
    const plan = await sql<{ id: string }>`update plans set status = 'paused', open_for_investing = false,
        investment_plan_name = ${long}
      where id = (select id from plans where investment_plan_name = 'Platinum') returning id`.execute(env().db);
    expect(plan.rows).toHaveLength(1);
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
        await shot(page, `admin-plan-names-${width}`);
        for (const heading of await page.locator('article h3').all()) {
          const name = (await heading.innerText()).trim();
          // The rendered lines of the heading, word by word: a word cut in two would appear on two lines.
          const lines = await heading.evaluate((el) => {
            const range = document.createRange();
            const text = el.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return [];
            const tops = new Map<number, string>();
            const content = text.textContent ?? '';
            for (let i = 0; i < content.length; i++) {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              tops.set(top, (tops.get(top) ?? '') + content[i]);
            }
            return [...tops.values()].map((l) => l.trim());
          });
          const words = name.split(/\s+/);
          expect(lines.join(' ').split(/\s+/), `${name} at ${width}px: ${JSON.stringify(lines)}`).toEqual(words);
          expect(lines.length, `${name} at ${width}px`).toBeLessThanOrEqual(words.length);
        }
      }
    } finally {
      await sql`update plans set status = 'active', open_for_investing = true, investment_plan_name = 'Platinum'
        where id = ${plan.rows[0]!.id}`.execute(env().db);
    }
  });
});
