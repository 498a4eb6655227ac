/**
 * Issue 18: an admin pauses and resumes a plan on the plans view, and brings an archived plan back with
 * Restore; each says what happened in a toast.
 */
import { test } from 'vitest';
import { describeBrowser, gone, seen, useE2E } from './harness.ts';

const env = useE2E();

describeBrowser('plan status on the admin plans view (issue 18)', () => {
  test('Pause and Resume a plan; Show archived plans lists an archived one and Restore brings it back', async () => {
    // Gold was archived (deleted while it had investments, say).
    await env()
      .db.updateTable('plans')
      .set({ status: 'archived', open_for_investing: false })
      .where('investment_plan_name', '=', 'Gold')
      .execute();
    const tp = await env().newPage({ label: 'plan-status' });
    const { page } = tp;
    await env().signInByApi(tp, env().admin.email);
    await page.goto('/dashboard');
    await seen(page.getByRole('article', { name: 'Starter plan' }));
    await gone(page.getByRole('article', { name: 'Gold plan' }));

    await page.getByRole('button', { name: 'Pause Starter' }).click();
    await seen(page.getByText('Starter is paused.'));
    const starter = page.getByRole('article', { name: 'Starter plan' });
    await seen(starter.getByText('Paused', { exact: true }));
    await starter.getByRole('button', { name: 'Resume Starter' }).click();
    await seen(page.getByText('Starter is open for new investments again.'));
    await seen(starter.getByRole('button', { name: 'Pause Starter' }));

    await page.getByRole('button', { name: 'Show archived plans' }).click();
    const archived = page.getByRole('region', { name: 'Archived plans' });
    await archived.getByRole('button', { name: 'Restore Gold' }).click();
    await seen(page.getByText('Gold was restored.'));
    await seen(page.getByRole('article', { name: 'Gold plan' }));
    await gone(archived.getByRole('button', { name: 'Restore Gold' }));
  });
});
