import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { deriveAddress, parseAccountKey } from '../src/modules/bitcoin/bitcoin.derive.ts';

// The official vectors for the mnemonic "abandon abandon ... about" (BIP84, BIP49, BIP44 account 0).
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP49_UPUB =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';
const BIP44_XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

describe('Bitcoin address derivation', () => {
  it('derives the BIP84 vectors (native SegWit from a zpub)', () => {
    const key = parseAccountKey(BIP84_ZPUB, 'mainnet');
    expect(key.kind).toBe('p2wpkh');
    expect(deriveAddress(key, 0)).toEqual({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      scriptHex: '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2',
    });
    expect(deriveAddress(key, 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the BIP49 vector (wrapped SegWit from a testnet upub)', () => {
    const key = parseAccountKey(BIP49_UPUB, 'testnet');
    expect(key.kind).toBe('p2sh-p2wpkh');
    expect(deriveAddress(key, 0).address).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
  });

  it('derives the BIP44 vector (legacy from an xpub)', () => {
    const key = parseAccountKey(BIP44_XPUB, 'mainnet');
    expect(key.kind).toBe('p2pkh');
    expect(deriveAddress(key, 0).address).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('refuses a key for another network, a private key and a broken key', () => {
    expect(() => parseAccountKey(BIP84_ZPUB, 'testnet')).toThrow(/mainnet key .* BTC_NETWORK is testnet/);
    expect(() => parseAccountKey(BIP49_UPUB, 'mainnet')).toThrow(/testnet\/regtest key/);
    expect(() =>
      parseAccountKey(
        'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu',
        'mainnet',
      ),
    ).toThrow(/must start with/);
    expect(() => parseAccountKey(BIP84_ZPUB.slice(0, -1) + 't', 'mainnet')).toThrow(/not a valid extended public key/);
  });

  it('settings: off by default; a key for another network or a private key stops the start with a message', () => {
    const base = { LOG_LEVEL: 'silent' };
    expect(loadConfig(base).BTC_XPUB).toBeUndefined();
    expect(loadConfig(base)).toMatchObject({
      BTC_NETWORK: 'mainnet',
      ESPLORA_URL: 'https://mempool.space/api',
      BTC_CONFIRMATIONS: 2,
      BTC_POLL_MS: 30_000,
      BTC_DUST_SATS: 546,
      BTC_PAYOUT_WINDOW_HOURS: 24,
    });
    expect(() => loadConfig({ ...base, BTC_PAYOUT_WINDOW_HOURS: '0' })).toThrow(/BTC_PAYOUT_WINDOW_HOURS/);
    expect(loadConfig({ ...base, BTC_XPUB: BIP84_ZPUB }).BTC_XPUB).toBe(BIP84_ZPUB);
    expect(() => loadConfig({ ...base, BTC_XPUB: BIP84_ZPUB, BTC_NETWORK: 'regtest' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, BTC_XPUB: BIP84_ZPUB, BTC_NETWORK: 'regtest' })).toThrow(
      /BTC_XPUB: BTC_XPUB is a mainnet key/,
    );
    expect(() =>
      loadConfig({
        ...base,
        BTC_XPUB:
          'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu',
      }),
    ).toThrow(/never a private key/);
  });
});
