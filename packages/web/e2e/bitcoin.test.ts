/**
 * Issue #20 in the browser: a member pays in Bitcoin to their own address. The server runs with a watch-only key
 * (the BIP84 test vector's zpub) and the fake Esplora server as its block source; the test drives the fake chain
 * and ticks the chain watcher by hand (the e2e server starts no background jobs), as the server's timer would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeEsplora, type FakeEsplora } from '../../server/src/test/fake-esplora.ts';
import { createBitcoinWatcher, type BitcoinWatcher } from '../../server/src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../../server/src/modules/bitcoin/esplora.client.ts';
import { marketPriceSource } from '../../server/src/modules/bitcoin/bitcoin.start.ts';
import { createPayoutChecker } from '../../server/src/modules/bitcoin/bitcoin.payouts.ts';
import { adjustBalance, callerAs } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  poll,
  seen,
  shot,
  uniqueEmail,
  useE2E,
  UI_TIMEOUT,
} from './harness.ts';
import { balanceCentsColumn } from '@vestora/server/bench';

/** BIP84's test vector account key (m/84'/0'/0'): its addresses are the ones the BIP lists. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

/** The deposit list refreshes itself every 10 s while the server takes Bitcoin; a change shows within this. */
const LIST_TIMEOUT = 10_000 + UI_TIMEOUT;

let esplora: FakeEsplora | undefined;
beforeAll(async () => {
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await esplora?.close();
});

const env = useE2E({
  settings: () => ({
    BTC_XPUB: ZPUB,
    BTC_NETWORK: 'mainnet',
    ESPLORA_URL: esplora!.url,
    BTC_CONFIRMATIONS: '2',
    BTC_DUST_SATS: '546',
  }),
});

let shared: BitcoinWatcher | undefined;
afterAll(async () => {
  await shared?.stop();
});

/**
 * The watcher the server's timer would run, on the server's database, clock and market data: one for the file (a
 * second instance would wait for the first one's scan lease, as a second server does).
 */
function watcher(): BitcoinWatcher {
  const e = env();
  return (shared ??= createBitcoinWatcher({
    db: e.db,
    config: e.config,
    clock: e.clock,
    log: e.deps.log,
    esplora: createEsploraClient(e.config.ESPLORA_URL),
    price: marketPriceSource(e.deps.market),
  }));
}

/** One watcher pass that must succeed. */
async function tick(w: BitcoinWatcher): Promise<void> {
  const outcome = await w.tick();
  expect(outcome.error).toBeNull();
  expect(outcome.skipped).toBe(false);
}

async function storedAddress(userId: string) {
  return env()
    .db.selectFrom('bitcoin_addresses')
    .select(['address', 'script_hex'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The member's BTC available balance in satoshis (#30: Bitcoin deposits are credited as BTC). */
async function satsOf(userId: string): Promise<bigint> {
  const row = await env()
    .db.selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'available')
    .where('asset', '=', 'BTC')
    .executeTakeFirst();
  return BigInt(String(row?.balance ?? '0'));
}

async function balanceOf(userId: string): Promise<number> {
  const row = await env()
    .db.selectFrom('users')
    .select(balanceCentsColumn())
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

describeBrowser('Bitcoin deposits', () => {
  test('a member sees their address and QR code, and a payment goes from seen to credited as blocks are mined', async () => {
    const chain = esplora!;
    const w = watcher();
    // The first pass finds the tip: blocks before it hold nothing of ours.
    await tick(w);

    const member = await env().createUser({ email: uniqueEmail('btc-member'), emailVerified: true });
    const tp = await env().newPage({ label: 'btc-member' });
    const page = tp.page;
    await env().signInByApi(tp, member.email);
    await page.goto('/dashboard/deposit');

    // The card: the member's own address (the one stored for them), its QR code and the confirmations needed.
    const card = page.getByRole('region', { name: 'Pay in Bitcoin' });
    await seen(card);
    const shown = (await card.getByTestId('bitcoin-address').textContent())?.trim() ?? '';
    const stored = await storedAddress(member.id);
    expect(shown).toBe(stored.address);
    expect(shown).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    await seen(card.getByRole('img', { name: 'QR code of your Bitcoin deposit address' }));
    await seen(card.getByText('Confirmations needed:'));
    // #30: credited as BTC, not converted.
    await seen(card.getByText(/credited to your holdings as BTC, exactly the amount received/));

    // Copy: a toast says so and the clipboard holds the address.
    await card.getByRole('button', { name: 'Copy your Bitcoin address' }).click();
    await seen(page.getByText('Bitcoin address copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.address);

    const violations = await axeViolations(page);
    expect(violations, formatAxeViolations(violations)).toEqual([]);
    await shot(page, 'bitcoin-deposit-card');

    // The payment reaches the mempool: the list shows it as seen, in BTC, not credited.
    const before = await balanceOf(member.id);
    const tx = chain.tx({ scriptHex: stored.script_hex, address: stored.address, sats: 150_000 });
    chain.addToMempool(tx);
    await tick(w);
    const recent = page.getByRole('region', { name: 'Your recent deposits' });
    const row = recent.getByRole('row').filter({ hasText: 'Bitcoin' });
    await seen(row.getByText('Seen, 0 of 2 confirmations'), LIST_TIMEOUT);
    await seen(row.getByText('0.00150000 BTC'));
    await seen(row.getByText('Not credited yet'));
    expect(await row.getByTestId('bitcoin-txid').getAttribute('title')).toBe(`${tx.txid}:0`);
    await shot(page, 'bitcoin-deposit-seen');

    // In a block: one confirmation, still nothing credited.
    chain.addBlock([tx]);
    await tick(w);
    await seen(row.getByText('Seen, 1 of 2 confirmations'), LIST_TIMEOUT);
    expect(await balanceOf(member.id)).toBe(before);

    // A second block: credited as BTC (#30), exactly the 150,000 sats, once; "≈ $90.00" at the market's BTC price
    // (the fake feed's $60,000) is information only.
    chain.addBlock();
    await tick(w);
    await seen(row.getByText('Credited', { exact: true }), LIST_TIMEOUT);
    await seen(row.getByText('0.00150000 BTC', { exact: true }));
    await seen(row.getByText('≈ $90.00'));
    expect(await satsOf(member.id)).toBe(150_000n);
    expect(await balanceOf(member.id)).toBe(before);
    // The dollar balance in the sidebar is unchanged by a BTC deposit.
    await poll(() => page.getByTestId('sidebar-balance').textContent()).not.toContain('$90.00');
    await shot(page, 'bitcoin-deposit-credited');

    // More blocks and passes credit nothing again.
    chain.addBlocks(2);
    await tick(w);
    expect(await satsOf(member.id)).toBe(150_000n);
    expect(await balanceOf(member.id)).toBe(before);

    // The Transactions page's Deposits tab tells the payment's story.
    await page.goto('/dashboard/transactions?tab=deposits');
    const own = page.getByRole('row').filter({ hasText: '0.00150000 BTC' });
    await seen(own.getByText('Credited', { exact: true }));
    await seen(own.getByText('0.00150000 BTC (≈ $90.00)'));
    await own.getByRole('button', { name: /^Show timeline of the deposit of 0\.00150000 BTC/ }).click();
    await seen(page.getByText('Payment seen on the Bitcoin network'));
    await seen(
      page.getByText(
        '0.00150000 BTC was added to your Bitcoin holdings (worth about $90.00 at $60,000.00 per BTC); your dollar balance is unchanged.',
      ),
    );
  });

  test('the admin Overview shows the watcher and the exceptions, with the member and the amount', async () => {
    const chain = esplora!;
    const w = watcher();
    const member = await env().createUser({ email: uniqueEmail('btc-dust'), emailVerified: true });
    const mp = await env().newPage({ label: 'btc-dust-member' });
    await env().signInByApi(mp, member.email);
    await mp.page.goto('/dashboard/deposit');
    await seen(mp.page.getByRole('region', { name: 'Pay in Bitcoin' }));
    const stored = await storedAddress(member.id);

    // Dust: 300 sats, under the 546 minimum, listed for admins and not credited.
    chain.addBlock([chain.tx({ scriptHex: stored.script_hex, address: stored.address, sats: 300 })]);
    await tick(w);

    const tp = await env().newPage({ label: 'btc-admin' });
    const a = tp.page;
    await env().signInByApi(tp, env().admin.email);
    await a.goto('/dashboard/overview');
    const panel = a.getByRole('region', { name: 'Bitcoin deposits' });
    await seen(panel);
    await poll(() => panel.getByTestId('bitcoin-Scanned height').textContent()).toBe(
      new Intl.NumberFormat('en-US').format(chain.height()),
    );
    await seen(panel.getByText('Following the chain'));
    // The first test's payment, credited today.
    await poll(() => panel.getByTestId('bitcoin-Credited today').textContent()).toBe('0.00150000 BTC');
    const dust = panel.getByRole('row').filter({ hasText: member.email });
    await seen(dust.getByText('Dust: not credited'));
    await seen(dust.getByText('0.00000300 BTC'));
    expect(await balanceOf(member.id)).toBe(0);

    const violations = await axeViolations(a);
    expect(violations, formatAxeViolations(violations)).toEqual([]);
    await shot(a, 'bitcoin-admin-overview');

    // The block source goes down: the next pass records the error and the panel says so.
    chain.outage(true);
    try {
      const outcome = await w.tick();
      expect(outcome.error).not.toBeNull();
    } finally {
      chain.outage(false);
    }
    await a.reload();
    await seen(panel.getByText('Failing'));
    await seen(panel.getByText(/^Last error/));
    await shot(a, 'bitcoin-admin-overview-error');
    await tick(w);
  });

  test('a crypto payout approved with its txid reads “Sent — waiting for the network” until the chain confirms it (#34)', async () => {
    const chain = esplora!;
    const e = env();
    const payTo = {
      address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
      scriptHex: '00149c90f934ea51fa0f6504177043e0908da6929983',
    };
    const member = await e.createUser({ email: uniqueEmail('btc-payout'), emailVerified: true, tier: 1 });
    await adjustBalance(e.db, member.id, 200_00, 'Opening credit');
    const w = await callerAs(e.deps, member).withdrawal.request({
      amount: 75,
      method: 'crypto',
      details: payTo.address,
      idempotencyKey: randomUUID(),
    });
    const tx = chain.tx({ ...payTo, sats: 100_000 });

    const tp = await e.newPage({ label: 'btc-payout-admin' });
    const a = tp.page;
    await e.signInByApi(tp, e.admin.email);
    await a.goto('/dashboard/money-desk?tab=withdrawals');
    const row = a.getByRole('row').filter({ hasText: member.email }).filter({ hasText: '$75.00' });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = a.getByRole('alertdialog').or(a.getByRole('dialog'));
    await seen(dialog.getByText(/Sent — waiting for the network/));
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(dialog.getByText('Bitcoin transaction id is required.'));
    await dialog.getByLabel(/Bitcoin transaction id/).fill(tx.txid);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(dialog.getByText('Satoshis paid to the member is required.'));
    await dialog.getByLabel(/Satoshis paid to the member/).fill('100000');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(a.getByText('Withdrawal sent').first());
    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent, not yet paid' });
    await seen(row.getByText('Sent — waiting for the network'));

    const mp = await e.newPage({ label: 'btc-payout-member' });
    await e.signInByApi(mp, member.email);
    await mp.page.goto('/dashboard/transactions?tab=withdrawals');
    const own = mp.page.getByRole('row').filter({ hasText: '$75.00' });
    await seen(own.getByText('Sent — waiting for the network'));
    await shot(mp.page, 'crypto-payout-sent');

    // Mined with its confirmations: the payout check makes it paid.
    chain.addBlock([tx]);
    chain.addBlock();
    const outcome = await createPayoutChecker({
      db: e.db,
      config: e.config,
      clock: e.clock,
      esplora: createEsploraClient(e.config.ESPLORA_URL),
    }).check();
    expect(outcome.paid).toBe(1);
    await mp.page.reload();
    await seen(own.getByText('Paid', { exact: true }));
    expect(
      (await e.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status,
    ).toBe('paid');
  });

  test('a crypto payout that stays sent is released to the member by two admins (#34)', async () => {
    const e = env();
    const address = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    const member = await e.createUser({ email: uniqueEmail('btc-release'), emailVerified: true, tier: 1 });
    const adminB = await e.createUser({ accountType: 'admin', email: uniqueEmail('btc-release-b') });
    await adjustBalance(e.db, member.id, 100_00, 'Opening credit');
    const w = await callerAs(e.deps, member).withdrawal.request({
      amount: 60,
      method: 'crypto',
      details: address,
      idempotencyKey: randomUUID(),
    });
    // A transaction no chain knows: the payout stays sent. Marked sent by a third admin: the admin who marked it
    // sent may neither propose nor approve its release (#34).
    const sender = await e.createUser({ accountType: 'admin', email: uniqueEmail('btc-release-sender') });
    await callerAs(e.deps, sender).withdrawal.review({
      id: w.id,
      decision: 'approve',
      payoutReference: '5e'.repeat(32),
      payoutSats: 70_000,
    });
    const balance = async () =>
      Number(
        (
          await e.db
            .selectFrom('users')
            .select(balanceCentsColumn())
            .where('id', '=', member.id)
            .executeTakeFirstOrThrow()
        ).balance_cents,
      );
    expect(await balance()).toBe(40_00);

    const tp = await e.newPage({ label: 'btc-release-a' });
    const a = tp.page;
    await e.signInByApi(tp, e.admin.email);
    await a.goto('/dashboard/money-desk?tab=withdrawals');
    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent, not yet paid' });
    const row = a.getByRole('row').filter({ hasText: member.email }).filter({ hasText: '$60.00' });
    await row.getByRole('button', { name: /^Release to member/ }).click();
    const dialog = a.getByRole('alertdialog', { name: 'Release this payout to the member?' });
    await seen(dialog);
    const violations = await axeViolations(a);
    expect(violations.length, `axe on the release dialog:\n${formatAxeViolations(violations)}`).toBe(0);
    await dialog.getByRole('button', { name: 'Propose the release', exact: true }).click();
    await seen(dialog.getByText('Reason is required.'));
    // The shared dialog with its error shown and its red button hovered: contrast holds (red.700, was 3.76:1).
    await dialog.getByRole('button', { name: 'Propose the release', exact: true }).hover();
    const shown = await axeViolations(a);
    expect(shown.length, `axe on the release dialog with its error:\n${formatAxeViolations(shown)}`).toBe(0);
    await dialog.getByLabel(/Reason/).fill('Transaction never broadcast');
    await dialog.getByRole('button', { name: 'Propose the release', exact: true }).click();
    await seen(a.getByText('Proposed: another administrator must approve it').first());
    await seen(row.getByText(/Release to the member proposed/));
    await shot(a, 'crypto-release-proposed');
    // Proposed only: still sent, still held.
    expect(await balance()).toBe(40_00);

    // Admin A cannot approve their own proposal; admin B approves it in Approvals.
    await a.goto('/dashboard/money-desk?tab=approvals');
    const mine = a.getByRole('listitem').filter({ hasText: 'Crypto payout released to the member' });
    await seen(mine.getByText('You proposed this: another administrator must approve it.'));
    const bp = await e.newPage({ label: 'btc-release-b' });
    await e.signInByApi(bp, adminB.email);
    await bp.page.goto('/dashboard/money-desk?tab=approvals');
    const item = bp.page
      .getByRole('listitem')
      .filter({ hasText: 'Crypto payout released to the member' })
      .filter({ hasText: member.email });
    await seen(item.getByText('Transaction never broadcast'));
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(bp.page.getByText('Crypto payout released to the member: done.').first());
    await poll(balance).toBe(100_00);

    const mp = await e.newPage({ label: 'btc-release-member' });
    await e.signInByApi(mp, member.email);
    await mp.page.goto('/dashboard/transactions?tab=withdrawals');
    const own = mp.page.getByRole('row').filter({ hasText: '$60.00' });
    await seen(own.getByText('Released to the member'));
    await shot(mp.page, 'crypto-release-member');
  });

  test('at phone width the Deposit page keeps the address on screen, wrapped', async () => {
    const member = await env().createUser({ email: uniqueEmail('btc-phone'), emailVerified: true });
    const tp = await env().newPage({ viewport: 'phone', label: 'btc-phone' });
    await env().signInByApi(tp, member.email);
    await tp.page.setViewportSize({ width: 390, height: 844 });
    await tp.page.goto('/dashboard/deposit');
    const address = tp.page.getByTestId('bitcoin-address');
    await seen(address);
    const box = await address.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await tp.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
