/**
 * Identity tiers (#33) in the browser: a tier-0 member is told on Cashout that they cannot withdraw (no form the
 * server would refuse), uploads an identity document (a small PNG this test writes) and applies for tier 1 on
 * Verification & limits at 390 px; admin A approves on Identity reviews and is told a second administrator must
 * approve, admin B approves; the member then holds tier 1 with its limits and a withdrawal is accepted, which the
 * limits count. axe-clean on the member's page and the review page.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  atPath,
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  gone,
  seen,
  shot,
  type TrackedPage,
  uniqueEmail,
  useE2E,
} from './harness.ts';

const env = useE2E();

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG, made by hand: `size`×`size` pixels of one colour (8-bit RGB, no metadata). */
function handMadePng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [20, 150, 140]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn(label: string, email: string, path: string): Promise<TrackedPage> {
  const tp = await env().newPage({ label });
  await env().signInByApi(tp, email);
  await tp.page.goto(path);
  return tp;
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe on ${where}:\n${formatAxeViolations(violations)}`).toBe(0);
}

/** The application of `email` in the admins' queue, opened. */
async function openReview(page: Page, email: string): Promise<void> {
  await page.goto('/dashboard/identity-reviews');
  const entry = page.getByRole('listitem').filter({ hasText: email });
  await seen(entry);
  await entry.getByRole('link', { name: `Review the application of ${email}` }).click();
  await seen(page.getByRole('heading', { name: /^Identity review: Kim/, level: 1 }));
}

describeBrowser('identity tiers', () => {
  test('a tier-0 member verifies, two admins approve, and the member withdraws within the tier-1 limits', async () => {
    const member = await env().createUser({ firstName: 'Kim', email: uniqueEmail('kim-kyc'), balanceCents: 50_000 });
    const second = await env().createUser({ accountType: 'admin', firstName: 'Bea', email: uniqueEmail('bea-kyc') });

    // Tier 0 on Cashout: told why and where to verify, with no withdrawal form.
    const mp = await signedIn('kyc-member', member.email, '/dashboard/cashout');
    const m = mp.page;
    await m.setViewportSize({ width: 390, height: 844 });
    const gate = m.getByTestId('kyc-cannot-withdraw');
    await seen(gate.getByText('Verify your identity to withdraw'));
    await seen(m.getByTestId('kyc-tier-line').getByText('Tier 0: email verified'));
    expect(await m.getByRole('button', { name: 'Withdraw Funds' }).count()).toBe(0);
    await gate.getByRole('link', { name: 'Verify your identity' }).click();
    await atPath(m, '/dashboard/verification');

    // The page says the tier, that nothing may leave yet, and what tier 1 brings and needs.
    await seen(m.getByRole('heading', { name: 'Verification & limits', level: 1 }));
    await seen(m.getByTestId('kyc-no-withdrawals'));
    await seen(m.getByText('Withdraw up to $2,000.00 a day and $10,000.00 in 30 days.'));
    const form = m.getByRole('region', { name: 'Apply for Tier 1: verified identity' });
    await seen(form.getByText('PNG, JPEG or PDF, at most 10 MB.', { exact: false }));
    await form.getByLabel(/^Legal name/).fill('Kim Example Park');
    await form.getByLabel(/^Date of birth/).fill('1990-04-21');
    await form.getByLabel(/^Address/).fill('12 Rua Augusta, 1100-053 Lisboa, Portugal');

    // Sending without the document: the form asks for it and sends nothing.
    await form.getByRole('button', { name: 'Send for review' }).click();
    await seen(form.getByText('Upload this document.'));
    // A file of another type is refused before it is sent.
    const file = form.getByLabel(/^Identity document/);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a scan') });
    await seen(form.getByText('This file is not a PNG, JPEG or PDF.'));
    await file.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: handMadePng(24) });
    await form.getByLabel('Expiry date of the document').fill('2031-06-30');
    await form.getByRole('button', { name: 'Upload Identity document' }).click();
    await seen(form.getByText('Uploaded: passport.png'));
    await expectAxeClean(m, 'Verification & limits with the form filled in');
    expect(await m.evaluate(() => document.documentElement.scrollWidth), 'page width at 390 px').toBeLessThanOrEqual(
      390,
    );
    await form.getByRole('button', { name: 'Send for review' }).click();
    await seen(m.getByText('Sent for review').first());
    await seen(m.getByTestId('kyc-in-review').getByText('In review: Tier 1: verified identity'));
    await seen(m.getByTestId('kyc-item-identity').getByText('In review'));
    await gone(form);
    await shot(m, 'kyc-member-in-review');

    // Admin A approves: one approval is not enough.
    const a = (await signedIn('kyc-admin-a', env().admin.email, '/dashboard/identity-reviews')).page;
    await seen(a.getByRole('heading', { name: 'Identity reviews', level: 1 }));
    await openReview(a, member.email);
    await seen(a.getByText('Kim Example Park'));
    const reviewDoc = a.getByTestId('kyc-review-document');
    await seen(reviewDoc.getByText('Identity document'));
    await seen(reviewDoc.getByRole('link', { name: 'Open Identity document in a new tab' }));
    // The image is shown inline, loaded through its link.
    const image = reviewDoc.getByRole('img', { name: 'Identity document sent by the member' });
    await seen(image);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBe(24);
    await a.getByLabel('Note for administrators').fill('Photo and name match.');
    await a.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(a.getByText('Approved once: another administrator must approve').first());
    await seen(a.getByTestId('kyc-review-status').getByText('Approved once: another administrator must approve'));
    await seen(a.getByText('Note for administrators: Photo and name match.'));
    await expectAxeClean(a, 'an identity review approved once');
    await shot(a, 'kyc-review-approved-once');

    // Admin B sees who approved, and approves.
    const b = (await signedIn('kyc-admin-b', second.email, '/dashboard/identity-reviews')).page;
    await seen(b.getByRole('listitem').filter({ hasText: member.email }).getByText(`Approved by ${env().admin.email}`));
    await openReview(b, member.email);
    await b.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(b.getByTestId('kyc-review-status').getByText('Approved', { exact: true }));
    await seen(b.getByText('No application waits for review').or(b.getByText('This application is decided')));

    // The member holds tier 1, with its limits, and a withdrawal is accepted; the limits count it.
    await m.reload();
    await seen(m.getByTestId('kyc-tier').getByText('Tier 1: verified identity'));
    await seen(m.getByText('$0.00 used of $2,000.00'));
    await seen(m.getByTestId('kyc-item-identity').getByText('Accepted'));
    await m.goto('/dashboard/cashout');
    const line = m.getByTestId('kyc-tier-line');
    await seen(line.getByText('Left to withdraw: $2,000.00 today, $10,000.00 in 30 days', { exact: false }));
    await m.getByLabel(/Amount/).fill('150');
    await m.getByLabel(/Withdrawal method/).selectOption({ label: 'PayPal' });
    await m.getByLabel(/PayPal Email/).fill('kim@example.com');
    await m.getByRole('button', { name: 'Withdraw Funds' }).click();
    const success = m.getByRole('alertdialog');
    await seen(success.getByText('Success!'));
    await success.getByRole('button', { name: 'Close', exact: true }).click();
    await seen(line.getByText('Left to withdraw: $1,850.00 today, $9,850.00 in 30 days', { exact: false }));
    await shot(m, 'kyc-member-withdrew');
  });
});
