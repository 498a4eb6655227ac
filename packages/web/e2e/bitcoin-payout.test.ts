/**
 * Issue #32 in the browser, the admin's side of Bitcoin: the Money desk's Reserves tab lists the coins we hold
 * (confirmed or not) and declares a coin's reserves and publishes the month's root. The e2e server runs no background
 * jobs: the test drives the fake chain and ticks the watcher as the server's timer would.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeEsplora, type FakeEsplora } from '../../server/src/test/fake-esplora.ts';
import { createBitcoinWatcher, type BitcoinWatcher } from '../../server/src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../../server/src/modules/bitcoin/esplora.client.ts';
import { marketPriceSource } from '../../server/src/modules/bitcoin/bitcoin.start.ts';
import { callerAs, type TestUser } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
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
  settings: () => ({ BTC_XPUB: ZPUB, BTC_NETWORK: 'mainnet', ESPLORA_URL: esplora!.url, BTC_CONFIRMATIONS: '2' }),
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
});
