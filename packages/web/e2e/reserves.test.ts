/**
 * Issue #32 in the browser: the public Reserves page shows the figures the server computes (the chain's confirmed
 * balance of our addresses, members' holdings, the published root), on a desktop and a phone, axe-clean; a member
 * checks their proof in Settings with the browser's own SHA-256. The e2e server runs no background jobs: the test
 * ticks the chain watcher and publishes the month as the jobs would.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeEsplora, type FakeEsplora } from '../../server/src/test/fake-esplora.ts';
import { createBitcoinWatcher, type BitcoinWatcher } from '../../server/src/modules/bitcoin/bitcoin.watcher.ts';
import { createEsploraClient } from '../../server/src/modules/bitcoin/esplora.client.ts';
import { marketPriceSource } from '../../server/src/modules/bitcoin/bitcoin.start.ts';
import { callerAs } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  seen,
  shot,
  uniqueEmail,
  useE2E,
  whenLive,
} from './harness.ts';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

let esplora: FakeEsplora | undefined;
let watcher: BitcoinWatcher | undefined;
beforeAll(async () => {
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await watcher?.stop();
  await esplora?.close();
});

const env = useE2E({
  settings: () => ({ BTC_XPUB: ZPUB, BTC_NETWORK: 'mainnet', ESPLORA_URL: esplora!.url, BTC_CONFIRMATIONS: '2' }),
});

/** Text as shown, without the bidi isolation marks the formatter puts around figures. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '').trim();

describeBrowser('Reserves', () => {
  test('the public page shows the server’s figures; a member verifies their proof in Settings', async () => {
    const e = env();
    watcher = createBitcoinWatcher({
      db: e.db,
      config: e.config,
      clock: e.clock,
      log: e.deps.log,
      esplora: createEsploraClient(e.config.ESPLORA_URL),
      price: marketPriceSource(e.deps.market),
    });
    expect((await watcher.tick()).error).toBeNull();

    // A member receives 0.6 BTC on chain; two confirmations credit it.
    const member = await e.createUser({ email: uniqueEmail('reserves-member'), emailVerified: true });
    const ins = await callerAs(e.deps, member).deposit.instructions();
    const stored = await e.db
      .selectFrom('bitcoin_addresses')
      .select(['address', 'script_hex'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(ins.bitcoin?.address).toBe(stored.address);
    const tx = esplora!.tx({ scriptHex: stored.script_hex, address: stored.address, sats: 60_000_000 });
    esplora!.addBlock([tx]);
    esplora!.addBlock();
    expect((await watcher.tick()).error).toBeNull();
    expect((await watcher.tick()).credited).toBe(0); // credited on the tick before
    const published = await callerAs(e.deps, e.admin).reserves.publish();
    expect(published.published).toBe(true);

    const summary = await callerAs(e.deps, null).reserves.summary();
    const btc = summary.assets.find((a) => a.asset === 'BTC')!;
    expect(btc.reserves).toBe('0.60000000');
    expect(btc.addresses).toEqual([{ address: stored.address, amount: '0.60000000' }]);

    for (const viewport of ['desktop', 'phone'] as const) {
      const tp = await e.newPage({ label: `reserves-${viewport}`, viewport });
      const page = tp.page;
      await page.goto('/');
      // Linked from the public footer. A link clicked while React takes over the pre-rendered page can be lost
      // (a CI run's page stayed on /), so the click waits until the page is live.
      await whenLive(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Reserves' }).click();
      // The page's first visit loads its code and the summary cold: on a loaded 2-core machine that has taken
      // more than the usual 15 s, so this one wait is given twice as long.
      await seen(page.getByRole('heading', { name: 'What members hold, and what backs it' }), 30_000);
      const scope = page.getByTestId(viewport === 'desktop' ? 'reserve-row-BTC' : 'reserve-card-BTC');
      await seen(scope);
      for (const a of summary.assets) {
        const box = page.getByTestId(viewport === 'desktop' ? `reserve-row-${a.asset}` : `reserve-card-${a.asset}`);
        expect(plain(await box.getByTestId('reserve-liabilities').textContent())).toContain(
          a.asset === 'USD' ? `$${a.liabilities}` : `${a.liabilities} ${a.asset}`,
        );
      }
      expect(plain(await scope.getByTestId('reserve-reserves').textContent())).toBe(`${btc.reserves} BTC`);
      expect(plain(await scope.getByTestId('reserve-ratio').textContent())).toBe('100.00%');
      const address = page.getByTestId('reserve-address');
      await expect.poll(() => address.count()).toBe(1);
      expect(plain(await address.textContent())).toContain(stored.address);
      expect(plain(await address.getByTestId('reserve-address-amount').textContent())).toBe('0.60000000 BTC');
      expect(await page.getByTestId('reserve-root-hash').textContent()).toBe(summary.root!.hash);
      expect(plain(await page.getByTestId('reserve-root-sum-BTC').textContent())).toBe(`${summary.root!.sums.BTC} BTC`);
      await seen(page.getByTestId(`reserve-history-${published.month}-BTC`));
      // Nothing wider than the phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const violations = await axeViolations(page);
      expect(violations.length, formatAxeViolations(violations)).toBe(0);
      await shot(page, `reserves-${viewport}`);
    }

    // The member checks their leaf in Settings with the browser's own SHA-256.
    const proof = await callerAs(e.deps, member).reserves.proof();
    const tp = await e.newPage({ label: 'reserves-member' });
    await e.signInByApi(tp, member.email);
    await tp.page.goto('/dashboard/settings');
    const section = tp.page.locator('#reserves-proof');
    await seen(section.getByTestId('proof-leaf-id'));
    expect(await section.getByTestId('proof-leaf-id').textContent()).toBe(proof.leaf.leafId);
    expect(await section.getByTestId('proof-root-hash').textContent()).toBe(summary.root!.hash);
    await section.getByRole('button', { name: 'Check it in this browser' }).click();
    const result = await seen(section.getByTestId('proof-result'));
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toMatch(/^OK: your balance is in the published tree/);
    const violations = await axeViolations(tp.page);
    expect(violations.length, formatAxeViolations(violations)).toBe(0);
    await shot(tp.page, 'reserves-proof');
  });
});
