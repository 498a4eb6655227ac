/**
 * Issue #19 in the browser: bank payouts go out in a pain.001 payment file exported from the Money desk, and bank
 * statements are imported by one admin and approved by another, crediting the member whose reference they carry.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { describeBrowser, gone, seen, shot, type TrackedPage, uniqueEmail, useE2E } from './harness.ts';

const env = useE2E();

/** Calls a tRPC procedure over HTTP as the page's signed-in user (setup that is not what the test is about). */
async function api<T = unknown>(tp: TrackedPage, procedure: string, input: unknown, kind: 'query' | 'mutation') {
  const url = `${env().baseUrl}/trpc/${procedure}`;
  const res =
    kind === 'mutation'
      ? await tp.context.request.post(url, { data: input })
      : await tp.context.request.get(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`);
  if (!res.ok()) throw new Error(`${procedure} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

function notice(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

async function withdrawalStatus(id: string): Promise<string> {
  const row = await env().db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

describeBrowser('bank money', () => {
  test('a bank withdrawal approved without a payout reference waits for the payment file, which the admin exports', async () => {
    const member = await env().createUser({ email: uniqueEmail('payout-member'), emailVerified: true });
    await adjustBalance(env().db, member.id, 500_00, 'Opening credit');
    const m = await env().newPage({ label: 'payout-member' });
    await env().signInByApi(m, member.email);
    const w = await api<{ id: string }>(
      m,
      'withdrawal.request',
      { amount: 120.5, method: 'bank', details: 'PT50000201231234567890154', idempotencyKey: randomUUID() },
      'mutation',
    );

    const tp = await env().newPage({ label: 'payout-admin' });
    const a = tp.page;
    await env().signInByApi(tp, env().admin.email);
    await a.goto('/dashboard/money-desk?tab=withdrawals');

    // With nothing approved yet, the export says so.
    await a.getByRole('button', { name: 'Export payment file' }).click();
    await seen(notice(a, 'Nothing to export'));

    const row = a.getByRole('row').filter({ hasText: member.email }).filter({ hasText: '$120.50' });
    await seen(row);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = a.getByRole('alertdialog').or(a.getByRole('dialog'));
    await seen(dialog.getByText('Approve this withdrawal?'));
    await seen(dialog.getByText(/waits for the next payment file/));
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(notice(a, 'Withdrawal approved'));
    await gone(dialog);
    expect(await withdrawalStatus(w.id)).toBe('approved');

    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved: waiting for the payment file' });
    await seen(
      a.getByRole('row').filter({ hasText: member.email }).getByText('Approved: waiting for the payment file'),
    );

    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Export payment file' }).click();
    const file = await download;
    await seen(notice(a, 'Payment file exported'));
    await seen(notice(a, /1 payout of \$120\.50 in total/));
    expect(file.suggestedFilename()).toMatch(/\.xml$/);
    const xml = readFileSync(await file.path(), 'utf8');
    expect(xml).toContain('pain.001');
    expect(xml).toContain('120.50');
    expect(await withdrawalStatus(w.id)).toBe('sent');

    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent to the bank' });
    await seen(a.getByRole('row').filter({ hasText: member.email }).getByText('Sent to the bank'));
    await shot(a, 'bank-payment-file-exported');
  });
});
