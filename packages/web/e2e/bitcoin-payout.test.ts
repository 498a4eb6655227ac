/**
 * Issue #32 in the browser, Bitcoin out: a member withdraws BTC through the Cashout form, one admin approves it, a
 * second builds a payout batch on the Money desk, downloads its PSBT, signs it offline (here: the BIP84 test vector's
 * seed in Node, as the operator's wallet would) and uploads it; the server checks and broadcasts it, and the chain's
 * confirmations make it paid for the admin and the member. The Reserves tab lists the coins we hold and declares a
 * coin's reserves and publishes the month's root. The e2e server runs no background jobs: the test drives the fake
 * chain and ticks the watcher as the server's timer would.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { KEY_ORIGIN, signPsbt } from '../../server/test/bitcoin-wallet.ts';
import { startFakeEsplora, type FakeEsplora } from '../../server/src/test/fake-esplora.ts';
import { createBitcoinWatcher, type BitcoinWatcher } from '../../server/src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../../server/src/modules/bitcoin/esplora.client.ts';
import { marketPriceSource } from '../../server/src/modules/bitcoin/bitcoin.start.ts';
import { callerAs, type TestUser } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  dismissToasts,
  formatAxeViolations,
  gone,
  poll,
  seen,
  shot,
  uniqueEmail,
  useE2E,
  type TrackedPage,
} from './harness.ts';

/** BIP84's test vector account key ("abandon ... about", m/84'/0'/0'). */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

let esplora: FakeEsplora | undefined;
let shared: BitcoinWatcher | undefined;
beforeAll(async () => {
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await shared?.stop();
  await esplora?.close();
});

const env = useE2E({
  settings: () => ({
    BTC_XPUB: ZPUB,
    BTC_NETWORK: 'mainnet',
    ESPLORA_URL: esplora!.url,
    BTC_CONFIRMATIONS: '2',
    BTC_KEY_ORIGIN: KEY_ORIGIN,
    BTC_WITHDRAWALS_OPEN: 'true',
    BTC_MAX_FEE_RATE: '50',
  }),
});

// Fresh prices: a Bitcoin withdrawal is valued at the market's BTC price for the member's limits (#33), and the
// feed's own time for each coin is now (the market cache fetches on first use, after this).
beforeAll(() => {
  const e = env();
  const now = new Date().toISOString();
  e.feed.server.coins = e.feed.server.coins.map((c) => ({ ...c, last_updated: now }));
});

/** One watcher pass (the server's timer would run it), which must succeed. */
async function tick(): Promise<void> {
  const e = env();
  shared ??= createBitcoinWatcher({
    db: e.db,
    config: e.config,
    clock: e.clock,
    log: e.deps.log,
    esplora: createEsploraClient(e.config.ESPLORA_URL),
    price: marketPriceSource(e.deps.market),
  });
  expect((await shared.tick()).error).toBeNull();
}

/** Text as shown, without the bidi isolation marks the formatter puts around figures. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '').trim();

async function adminPage(label: string, email: string, viewport: 'desktop' | 'phone'): Promise<TrackedPage> {
  const tp = await env().newPage({ label, viewport });
  await env().signInByApi(tp, email);
  return tp;
}

/** The member's deposit address (deposit.instructions derives it) and its script. */
async function depositAddress(member: TestUser) {
  await callerAs(env().deps, member).deposit.instructions();
  return env()
    .db.selectFrom('bitcoin_addresses')
    .select(['address', 'script_hex'])
    .where('user_id', '=', member.id)
    .executeTakeFirstOrThrow();
}

describeBrowser('Bitcoin custody (admin)', () => {
  test('at 390 px the Reserves tab lists the coins we hold; an admin declares a coin and publishes the month', async () => {
    const e = env();
    const chain = esplora!;
    await tick();
    const member = await e.createUser({ email: uniqueEmail('custody-member'), emailVerified: true });
    const to = await depositAddress(member);
    // 0.6 BTC confirmed twice, and 0.01 BTC still in the mempool.
    chain.addBlock([chain.tx({ scriptHex: to.script_hex, address: to.address, sats: 60_000_000 })]);
    chain.addBlock();
    chain.addToMempool(chain.tx({ scriptHex: to.script_hex, address: to.address, sats: 1_000_000 }));
    await tick();

    const { page } = await adminPage('custody-reserves', e.admin.email, 'phone');
    await page.goto('/dashboard/money-desk?tab=reserves');
    const coins = page.getByRole('region', { name: 'Coins we hold' });
    await seen(coins.getByTestId('coin-row').first());
    expect(plain(await coins.getByTestId('coins-confirmed').textContent())).toBe('0.60000000 BTC');
    expect(plain(await coins.getByTestId('coins-unconfirmed').textContent())).toBe('0.01000000 BTC');
    expect(await coins.getByTestId('coin-row').count()).toBe(2);
    await seen(coins.getByTestId('coin-row').filter({ hasText: '0.60000000 BTC' }).getByText('Spendable'));
    await seen(
      coins.getByTestId('coin-row').filter({ hasText: '0.01000000 BTC' }).getByText('Unconfirmed: not spendable yet'),
    );

    // Declare what the operator holds of ETH (the server cannot read it): the Reserves page shows it as declared.
    const declare = page.getByRole('form', { name: "Declare a coin's reserves" });
    await declare.getByLabel('Asset').selectOption('ETH');
    await declare.getByLabel(/Amount held \(ETH\)/).fill('2.5.1');
    await declare.getByRole('button', { name: 'Declare' }).click();
    await seen(declare.getByText(/decimal/i));
    await declare.getByLabel(/Amount held \(ETH\)/).fill('2.5');
    await declare.getByLabel(/Note/).fill('Cold wallet, multisig');
    await declare.getByRole('button', { name: 'Declare' }).click();
    await seen(page.getByText('Reserves declared').first());
    await seen(declare.getByTestId('declared-now').getByText(/Declared now: 2\.500000000000000000 ETH/));
    const summary = await callerAs(e.deps, null).reserves.summary();
    expect(summary.assets.find((a) => a.asset === 'ETH')?.reserves).toBe('2.500000000000000000');

    // Publish last month's root: the result names it; a second publish changes nothing.
    const publish = page.getByRole('region', { name: "Publish the month's liabilities" });
    await publish.getByRole('button', { name: "Publish last month's root" }).click();
    const result = await seen(publish.getByTestId('publish-result'));
    const tree = await e.db.selectFrom('liability_trees').selectAll().executeTakeFirstOrThrow();
    expect(await result.getByTestId('publish-root-hash').textContent()).toBe(tree.root_hash);
    await seen(result.getByText(`${tree.month} published: the tree holds ${tree.leaf_count} members' balances.`));
    await publish.getByRole('button', { name: "Publish last month's root" }).click();
    await seen(result.getByText(/was already published .*nothing changed\./));

    await poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    const violations = await axeViolations(page);
    expect(violations.length, formatAxeViolations(violations)).toBe(0);
    await shot(page, 'custody-reserves-390');
  });

  test('a member withdraws BTC; one admin approves it, another sends it in a batch signed offline; confirmed, it is paid', async () => {
    const e = env();
    const chain = esplora!;
    const payTo = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    await tick();
    // Tier 2: a member who withdraws needs an identity tier (#33), and 0.1 BTC at the feed's price is more than
    // tier 1's $2,000 a day.
    const member = await e.createUser({ email: uniqueEmail('payout-member'), emailVerified: true, tier: 2 });
    const to = await depositAddress(member);
    chain.addBlock([chain.tx({ scriptHex: to.script_hex, address: to.address, sats: 50_000_000 })]);
    chain.addBlock();
    await tick();

    // The member asks for 0.1 BTC to their address; the fee on top is shown before they confirm.
    const mp = await e.newPage({ label: 'payout-member' });
    await e.signInByApi(mp, member.email);
    await mp.page.goto('/dashboard/cashout');
    const form = mp.page.getByRole('region', { name: 'Withdraw Bitcoin (BTC)' });
    await form.getByLabel(/Amount \(BTC\)/).fill('0.1');
    await form.getByLabel(/Bitcoin address/).fill(payTo);
    await form.getByRole('button', { name: 'Review Bitcoin withdrawal' }).click();
    await form.getByRole('button', { name: 'Confirm Bitcoin withdrawal' }).click();
    const done = mp.page.getByRole('alertdialog', { name: 'Success!' });
    await seen(done);
    await done.getByRole('button', { name: 'Close', exact: true }).click();
    const w = await e.db
      .selectFrom('withdrawals')
      .select(['id', 'status', 'sats'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(w).toMatchObject({ status: 'pending', sats: 10_000_000 });

    // Admin A approves it on the Withdrawals tab.
    const a = (await adminPage('payout-approver', e.admin.email, 'desktop')).page;
    await a.goto('/dashboard/money-desk?tab=withdrawals');
    const row = a.getByRole('row').filter({ hasText: member.email });
    await row.getByRole('button', { name: 'Approve' }).click();
    const review = a.getByRole('alertdialog').or(a.getByRole('dialog'));
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(a.getByText('Withdrawal approved').first());
    await poll(
      async () =>
        (await e.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status,
    ).toBe('approved');

    // Admin B, on a phone, builds the batch: a fee rate above the cap is refused and says so.
    const bAdmin = await e.createUser({ accountType: 'admin', email: uniqueEmail('payout-sender') });
    const bp = await adminPage('payout-sender', bAdmin.email, 'phone');
    // The refusals below are the server's 400s, shown to the admin: expected, not errors of the page.
    bp.allowHttpError('/trpc/bitcoin.payoutBatch.build', 400);
    bp.allowHttpError('/trpc/bitcoin.payoutBatch.submit', 400);
    const b = bp.page;
    await b.setViewportSize({ width: 390, height: 844 });
    await b.goto('/dashboard/money-desk?tab=bitcoin');
    const waiting = b.getByRole('region', { name: 'Waiting for a batch' });
    await seen(waiting.getByTestId('waiting-withdrawal').filter({ hasText: member.email }));
    await waiting.getByLabel(/Fee rate/).fill('500');
    await waiting.getByRole('button', { name: /Build batch/ }).click();
    await seen(waiting.getByRole('alert').filter({ hasText: 'The batch was not built' }).getByText(/50/));
    // Built, then cancelled after a confirmation: the withdrawal waits again; built again at 4 sat/vB.
    await waiting.getByLabel(/Fee rate/).fill('4');
    await waiting.getByRole('button', { name: /Build batch/ }).click();
    const open = b.getByTestId('open-batch');
    await open.getByRole('button', { name: 'Cancel batch' }).click();
    const confirm = b.getByRole('alertdialog', { name: 'Cancel this payout batch?' });
    await confirm.getByRole('button', { name: 'Cancel the batch' }).click();
    await seen(b.getByText('Batch cancelled').first());
    await gone(open);
    await seen(b.getByTestId('batch-row').filter({ hasText: 'Cancelled' }));
    await waiting.getByLabel(/Fee rate/).fill('4');
    await waiting.getByRole('button', { name: /Build batch/ }).click();
    await seen(b.getByText('Batch built').first());
    await seen(open.getByTestId('batch-output').filter({ hasText: payTo }));
    expect(plain(await open.getByTestId('batch-output-amount').textContent())).toBe('0.10000000 BTC');
    expect(await open.getByTestId('batch-input').count()).toBe(1);
    await seen(open.getByTestId('batch-change'));
    expect(plain(await open.getByTestId('batch-fee-rate').textContent())).toBe('4.00 sat/vB');
    const batch = (await callerAs(e.deps, bAdmin).bitcoin.payoutBatch.list()).items.find((x) => x.status === 'built');
    expect(batch).toMatchObject({ status: 'built', feeRate: 4 });
    expect(plain(await open.getByTestId('batch-fee').textContent())).toBe(`${batch!.fee} BTC`);

    // The PSBT downloads as a .psbt file of base64 text.
    const [download] = await Promise.all([
      b.waitForEvent('download'),
      open.getByRole('button', { name: 'Download PSBT' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`vestora-payout-${batch!.id.slice(0, 8)}.psbt`);
    const unsigned = (await readFile(await download.path())).toString('utf8');
    expect(unsigned).toBe(batch!.psbt);

    // The unsigned PSBT pasted back is refused with the server's reason, and nothing is broadcast. (The download's
    // toast is closed first: on a phone it sits over the button.)
    await dismissToasts(b);
    await open.getByLabel(/Or paste the signed PSBT/).fill(unsigned);
    await open.getByRole('button', { name: 'Check and broadcast' }).click();
    await seen(open.getByRole('alert').filter({ hasText: 'The signed PSBT was refused: nothing was sent' }));
    expect(chain.broadcasts).toHaveLength(0);
    await open.getByLabel(/Or paste the signed PSBT/).fill('');

    // Signed offline and uploaded as the binary file a wallet saves: checked, broadcast, sent.
    const signed = Buffer.from(signPsbt(unsigned), 'base64');
    await open.getByLabel('Signed PSBT file').setInputFiles({
      name: 'signed.psbt',
      mimeType: 'application/octet-stream',
      buffer: signed,
    });
    await dismissToasts(b);
    await open.getByRole('button', { name: 'Check and broadcast' }).click();
    await seen(b.getByText('Batch sent').first());
    expect(chain.broadcasts).toHaveLength(1);
    const txid = chain.broadcasts[0]!.txid;
    await seen(b.getByText(new RegExp(`Broadcast as transaction ${txid}`)).first());
    const listed = b.getByTestId('batch-row').filter({ has: b.getByTestId('batch-txid').getByText(txid) });
    await seen(listed.getByText('Sent: waiting for confirmations'));
    await gone(open);
    await poll(() => b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    let violations = await axeViolations(b);
    expect(violations.length, formatAxeViolations(violations)).toBe(0);
    await shot(b, 'payout-batch-sent-390');

    // Mined, then confirmed twice: the watcher marks the batch and its withdrawal paid.
    chain.addBlock([chain.broadcasts[0]!]);
    chain.addBlock();
    await tick();
    await poll(
      async () =>
        (await e.db.selectFrom('withdrawals').select('status').where('id', '=', w.id).executeTakeFirstOrThrow()).status,
    ).toBe('paid');
    await b.reload();
    await seen(b.getByTestId('batch-row').filter({ hasText: txid }).getByText('Paid', { exact: true }));
    await mp.page.goto('/dashboard/transactions?tab=withdrawals');
    await seen(mp.page.getByRole('row').filter({ hasText: '0.10000000 BTC' }).getByText('Paid', { exact: true }));
    violations = await axeViolations(mp.page);
    expect(violations.length, formatAxeViolations(violations)).toBe(0);
    await shot(mp.page, 'payout-member-paid');
  });
});
