// A PSBT crosses the air gap as a file or as pasted text (#32). Wallets write it either way: Sparrow saves a signed
// PSBT as binary by default (BIP174's bytes, starting "psbt" 0xff), Electrum and Sparrow's "Copy" give base64 text.
// The server takes base64, so both are read into base64 here; anything else is refused before it is sent.

/** BIP174's magic bytes: "psbt" then 0xff. */
const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff] as const;
/** The base64 of a PSBT always starts with these characters (the magic bytes' encoding). */
const BASE64_PREFIX = 'cHNidP';

/** Why a file or text is not a PSBT. */
export type PsbtReadProblem = 'empty' | 'not_psbt';

export type PsbtRead = { ok: true; base64: string } | { ok: false; problem: PsbtReadProblem };

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Pasted or file text as a PSBT's base64: whitespace (line breaks of a wrapped paste) removed, the prefix checked. */
export function psbtFromText(text: string): PsbtRead {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return { ok: false, problem: 'empty' };
  if (!compact.startsWith(BASE64_PREFIX) || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    return { ok: false, problem: 'not_psbt' };
  }
  return { ok: true, base64: compact };
}

/** A file's bytes as a PSBT's base64: a binary PSBT encoded, a text one (base64) read as text. */
export function psbtFromBytes(bytes: Uint8Array): PsbtRead {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (MAGIC.every((b, i) => bytes[i] === b)) return { ok: true, base64: bytesToBase64(bytes) };
  return psbtFromText(new TextDecoder().decode(bytes));
}

/** The file name a batch's unsigned PSBT downloads as (the batch's first 8 characters tell batches apart). */
export const psbtFileName = (batchId: string) => `vestora-payout-${batchId.slice(0, 8)}.psbt`;
