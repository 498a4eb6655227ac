/**
 * Four eyes on roles (issue 17) in the browser: admin A asks to make a member an admin in User Management
 * ("Request sent: another administrator must approve it"), cannot approve it on the Overview, and admin B
 * approves it there: only then is the account an admin.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  atPath,
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  gone,
  poll,
  seen,
  shot,
  type TrackedPage,
  useE2E,
} from './harness.ts';

const env = useE2E();

async function signedIn(label: string, email: string, path: string): Promise<TrackedPage> {
  const tp = await env().newPage({ label });
  await env().signInByApi(tp, email);
  await tp.page.goto(path);
  return tp;
}

function notice(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

describeBrowser('four eyes on roles', () => {
  test('A asks for a promotion, cannot approve it; B approves on the Overview and the account becomes admin', async () => {
    const b = await env().createUser({ accountType: 'admin', firstName: 'Bea', email: 'bea.admin@vestora.test' });
    const member = await env().createUser({ firstName: 'Sam', email: 'sam.sock@example.org' });
    const role = async () =>
      (await env().db.selectFrom('users').select('account_type').where('id', '=', member.id).executeTakeFirstOrThrow())
        .account_type;

    const a = (await signedIn('four-eyes-a', env().admin.email, '/dashboard/user')).page;
    await atPath(a, '/dashboard/user');
    const row = a.getByRole('row').filter({ hasText: member.email });
    await seen(row);
    await row.getByRole('button', { name: /Edit/ }).click();
    const panel = a.getByRole('dialog');
    await seen(panel.getByText('Edit User'));
    await panel.getByLabel(/Account type/i).selectOption('admin');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    // The request is sent only after a confirmation naming the person and the change (#34); Cancel sends nothing.
    const ask = a.getByRole('alertdialog', { name: 'Ask another administrator to make Sam User an admin?' });
    await seen(ask);
    let violations = await axeViolations(a);
    expect(violations.length, `axe on the role change confirmation:\n${formatAxeViolations(violations)}`).toBe(0);
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await gone(ask);
    const requests = async () =>
      (await env().db.selectFrom('role_requests').select('id').where('user_id', '=', member.id).execute()).length;
    expect(await requests()).toBe(0);
    await seen(panel.getByText('Edit User'));
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(ask);
    await ask.getByRole('button', { name: 'Send the request', exact: true }).click();
    await seen(notice(a, 'Request sent: another administrator must approve it'));
    expect(await requests()).toBe(1);
    await gone(panel);
    expect(await role()).toBe('user');

    // A sees the request on the Overview but may not approve it.
    await a.goto('/dashboard/overview');
    const section = a.getByRole('region', { name: 'Role requests' });
    const mine = section.getByRole('listitem').filter({ hasText: member.email });
    await seen(mine.getByText('Make administrator'));
    await seen(mine.getByText('You asked for this: another administrator must approve it.'));
    expect(await mine.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await shot(a, 'four-eyes-requester');
    violations = await axeViolations(a);
    expect(violations.length, `axe on the Overview with a request:\n${formatAxeViolations(violations)}`).toBe(0);

    // B approves it.
    const bPage = (await signedIn('four-eyes-b', b.email, '/dashboard/overview')).page;
    const theirs = bPage
      .getByRole('region', { name: 'Role requests' })
      .getByRole('listitem')
      .filter({ hasText: member.email });
    await seen(theirs.getByText(env().admin.email));
    const approve = theirs.getByRole('button', { name: 'Approve' });
    expect(await approve.isDisabled()).toBe(false);
    // Approving asks first, naming the person and the change; Cancel leaves the request waiting.
    await approve.click();
    const confirm = bPage.getByRole('alertdialog', { name: 'Make Sam User an admin?' });
    await seen(confirm.getByText(`Asked by ${env().admin.email}.`, { exact: false }));
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await gone(confirm);
    expect(await role()).toBe('user');
    await seen(theirs);
    await approve.click();
    await seen(confirm);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(notice(bPage, 'Request approved'));
    await seen(bPage.getByText('No role requests wait for a second administrator.'));
    await poll(role).toBe('admin');
    await shot(bPage, 'four-eyes-approved');
  });
});
