// Addresses from the operator's watch-only account key (no private key ever reaches the server). SLIP-132
// version bytes say which script the wallet uses: zpub/vpub native SegWit (BIP84), ypub/upub wrapped SegWit
// (BIP49), xpub/tpub legacy (BIP44). A member's address is the key's external chain at their index: m/0/index.
import { HDKey } from '@scure/bip32';
import { bech32, createBase58check, hex } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';
/** p2wpkh (BIP84), p2sh-p2wpkh (BIP49), p2pkh (BIP44). */
export type ScriptKind = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2pkh';

const base58check = createBase58check(sha256);

/** SLIP-132 public version bytes: prefix, script kind and whether the key is for mainnet. */
const VERSIONS: Record<string, { version: number; kind: ScriptKind; mainnet: boolean }> = {
  xpub: { version: 0x0488b21e, kind: 'p2pkh', mainnet: true },
  ypub: { version: 0x049d7cb2, kind: 'p2sh-p2wpkh', mainnet: true },
  zpub: { version: 0x04b24746, kind: 'p2wpkh', mainnet: true },
  tpub: { version: 0x043587cf, kind: 'p2pkh', mainnet: false },
  upub: { version: 0x044a5262, kind: 'p2sh-p2wpkh', mainnet: false },
  vpub: { version: 0x045f1cf6, kind: 'p2wpkh', mainnet: false },
};

const NETWORKS: Record<BitcoinNetwork, { hrp: string; p2pkh: number; p2sh: number }> = {
  mainnet: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  testnet: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 },
};

/** A parsed account key, ready to derive member addresses. */
export interface AccountKey {
  kind: ScriptKind;
  network: BitcoinNetwork;
  /** The external chain (m/0) of the account. */
  external: HDKey;
  /** The change chain (m/1) of the account (#32: our own change, watched as coins we hold). */
  change: HDKey;
  /** The account key's own fingerprint (#32: a payout PSBT's key origin when BTC_KEY_ORIGIN is unset). */
  accountFingerprint: number;
}

/** Parses an account-level extended public key; throws an Error with a readable message. */
export function parseAccountKey(extendedKey: string, network: BitcoinNetwork): AccountKey {
  const key = extendedKey.trim();
  const prefix = key.slice(0, 4);
  const v = VERSIONS[prefix];
  if (!v) throw new Error(`BTC_XPUB must start with xpub, ypub, zpub, tpub, upub or vpub (it starts with "${prefix}")`);
  if (v.mainnet !== (network === 'mainnet')) {
    throw new Error(
      `BTC_XPUB is a ${v.mainnet ? 'mainnet' : 'testnet/regtest'} key (${prefix}) but BTC_NETWORK is ${network}`,
    );
  }
  let hd: HDKey;
  try {
    hd = HDKey.fromExtendedKey(key, { public: v.version, private: 0 });
  } catch (err) {
    throw new Error(`BTC_XPUB is not a valid extended public key: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (hd.privateKey) throw new Error('BTC_XPUB must be a public key: the server never holds a private key');
  return {
    kind: v.kind,
    network,
    external: hd.deriveChild(0),
    change: hd.deriveChild(1),
    accountFingerprint: hd.fingerprint,
  };
}

const hash160 = (b: Uint8Array) => ripemd160(sha256(b));

/** The address and scriptPubKey (hex) of m/0/index (chain 1: the change address m/1/index). */
export function deriveAddress(
  key: AccountKey,
  index: number,
  chain: 0 | 1 = 0,
): { address: string; scriptHex: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new Error(`bad address index ${index}`);
  const pub = (chain === 1 ? key.change : key.external).deriveChild(index).publicKey;
  if (!pub) throw new Error('derived key has no public key');
  const net = NETWORKS[key.network];
  const pkh = hash160(pub);
  if (key.kind === 'p2wpkh') {
    return {
      address: bech32.encode(net.hrp, [0, ...bech32.toWords(pkh)]),
      scriptHex: `0014${hex.encode(pkh)}`,
    };
  }
  if (key.kind === 'p2sh-p2wpkh') {
    const redeem = new Uint8Array([0x00, 0x14, ...pkh]);
    const sh = hash160(redeem);
    return { address: base58check.encode(new Uint8Array([net.p2sh, ...sh])), scriptHex: `a914${hex.encode(sh)}87` };
  }
  return {
    address: base58check.encode(new Uint8Array([net.p2pkh, ...pkh])),
    scriptHex: `76a914${hex.encode(pkh)}88ac`,
  };
}
