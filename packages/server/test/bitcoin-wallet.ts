// The signing side of the BIP84 test vector (#32): the seed of "abandon ... about", from which ZPUB is m/84'/0'/0'.
// Tests sign payout PSBTs with it as the operator's wallet would (by the PSBT's bip32Derivation, from the master).
import { HDKey } from '@scure/bip32';
import { base64 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** BIP39: the seed is PBKDF2-HMAC-SHA512 of the mnemonic, salt "mnemonic", 2048 rounds. */
const seed = pbkdf2(sha512, new TextEncoder().encode(MNEMONIC), new TextEncoder().encode('mnemonic'), {
  c: 2048,
  dkLen: 64,
});

/** The wallet's master key (fingerprint 73c5da0a). */
export const MASTER = HDKey.fromMasterSeed(seed);

/** BTC_KEY_ORIGIN of ZPUB: the master fingerprint and the account path. */
export const KEY_ORIGIN = "73c5da0a/84'/0'/0'";

/** A PSBT (base64) as a signing wallet returns it: every input it can sign signed (not finalised). */
export function signPsbt(psbt: string, key: HDKey = MASTER): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt));
  // @scure/bip32's HDKey has the shape btc-signer signs with (its privateKey typed as possibly null).
  tx.sign(key as Parameters<Transaction['sign']>[0]);
  return base64.encode(tx.toPSBT());
}

/** The PSBT changed by `edit` (before signing: a tampered batch), as base64. */
export function editPsbt(psbt: string, edit: (tx: Transaction) => void): string {
  const tx = Transaction.fromPSBT(base64.decode(psbt));
  edit(tx);
  return base64.encode(tx.toPSBT());
}

/** The unsigned PSBT's transaction. */
export const readPsbt = (psbt: string) => Transaction.fromPSBT(base64.decode(psbt));
