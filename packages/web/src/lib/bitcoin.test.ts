import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { bitcoinStatusDetail, bitcoinStatusLabel, formatBtc, outpoint, shortTxid } from './bitcoin';

describe('Bitcoin words', () => {
  it('shows satoshis as BTC with exactly 8 decimals, without float rounding', () => {
    expect(formatBtc(0)).toBe('0.00000000 BTC');
    expect(formatBtc(1)).toBe('0.00000001 BTC');
    expect(formatBtc(123_456)).toBe('0.00123456 BTC');
    expect(formatBtc(210_000_000)).toBe('2.10000000 BTC');
    // 0.1 + 0.2 style trouble: 2_099_999_999_999_999 sats is 20,999,999.99999999 BTC, exactly.
    expect(formatBtc(2_099_999_999_999_999)).toBe('20,999,999.99999999 BTC');
    expect(formatBtc(-546)).toBe('-0.00000546 BTC');
    expect(formatBtc(null)).toBe('—');
    expect(formatBtc(1.5)).toBe('—');
  });

  it('shortens a txid to its ends and keeps short strings whole', () => {
    const txid = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
    expect(shortTxid(txid)).toBe('4a5e1e4b…fdeda33b');
    expect(shortTxid('abc')).toBe('abc');
    expect(outpoint(txid, 1)).toBe(`${txid}:1`);
  });

  it('counts confirmations against the number needed, never past it', () => {
    expect(bitcoinStatusLabel('seen', 0, 2)).toBe('Seen, 0 of 2 confirmations');
    expect(bitcoinStatusLabel('seen', 1, 2)).toBe('Seen, 1 of 2 confirmations');
    expect(bitcoinStatusLabel('seen', 5, 2)).toBe('Seen, 2 of 2 confirmations');
    expect(bitcoinStatusLabel('held', 3, 2)).toBe('Waiting for a fresh price');
    expect(bitcoinStatusLabel('confirmed', 2, 2)).toBe('Credited');
  });

  it('says what a deposit waits for', () => {
    expect(bitcoinStatusDetail('seen', 0, 2)).toMatch(/not yet in a block/);
    expect(bitcoinStatusDetail('seen', 1, 3)).toMatch(/credited at 3 confirmations/);
    expect(bitcoinStatusDetail('held', 2, 2)).toMatch(/fresh/);
    // #30: credited as BTC; a credit before #30 was dollars and still says so.
    expect(bitcoinStatusDetail('confirmed', 2, 2, 'BTC')).toMatch(/credited as bitcoin.*dollar balance is unchanged/);
    expect(bitcoinStatusDetail('confirmed', 2, 2, 'USD')).toMatch(/credited in dollars/);
  });
});

describe('Bitcoin words in another language', () => {
  afterAll(() => activateLocale('en'));

  it('uses the reader’s decimal sign and words, with all 8 decimals kept', async () => {
    await activateLocale('de');
    expect(formatBtc(210_000_000)).toBe('2,10000000 BTC');
    expect(formatBtc(2_099_999_999_999_999)).toBe('20.999.999,99999999 BTC');
    expect(bitcoinStatusLabel('seen', 1, 2)).toBe('Erkannt, 1 von 2 Bestätigungen');
    expect(bitcoinStatusLabel('confirmed', 2, 2)).toBe('Gutgeschrieben');
  });
});
