import { describe, expect, it } from 'vitest';
import { psbtFileName, psbtFromBytes, psbtFromText } from './psbt-file';

// The smallest PSBT shape: magic, an empty global map's separator (not a valid transaction, but the bytes a wallet
// writes start like this).
const BINARY = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00, 0x00]);
const BASE64 = 'cHNidP8BAAA=';

describe('reading a signed PSBT', () => {
  it('encodes a binary file (Sparrow’s default) as base64', () => {
    expect(psbtFromBytes(BINARY)).toEqual({ ok: true, base64: BASE64 });
  });

  it('reads a base64 text file, wrapped lines and a trailing newline included', () => {
    const text = new TextEncoder().encode('cHNidP8B\r\nAAA=\n');
    expect(psbtFromBytes(text)).toEqual({ ok: true, base64: BASE64 });
  });

  it('takes pasted base64 and refuses what is not a PSBT', () => {
    expect(psbtFromText(`  ${BASE64}  `)).toEqual({ ok: true, base64: BASE64 });
    expect(psbtFromText('   ')).toEqual({ ok: false, problem: 'empty' });
    // A raw transaction in hex, a base64 file of something else, base64 with a foreign character.
    expect(psbtFromText('0200000001abcdef')).toEqual({ ok: false, problem: 'not_psbt' });
    expect(psbtFromText('SGVsbG8=')).toEqual({ ok: false, problem: 'not_psbt' });
    expect(psbtFromText('cHNidP8B!AAA=')).toEqual({ ok: false, problem: 'not_psbt' });
    expect(psbtFromBytes(new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
  });

  it('names the download after the batch', () => {
    expect(psbtFileName('0c5e7d2a-1111-4222-8333-444455556666')).toBe('vestora-payout-0c5e7d2a.psbt');
  });
});
