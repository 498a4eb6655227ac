// A payout address checked as a wallet checks it before sending (#32): its checksum (base58check for legacy and
// wrapped SegWit, bech32 / bech32m for native SegWit and Taproot), its network (the configured BTC_NETWORK) and a
// script we can pay: P2PKH, P2SH, SegWit v0 (P2WPKH, P2WSH) and Taproot (v1, 32 bytes). A refusal says which.
import { tr } from '@vestora/contract';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { AppError } from '../../lib/errors.ts';
import type { BitcoinNetwork } from './bitcoin.derive.ts';

const base58check = createBase58check(sha256);

/** The scripts a payout may pay. */
export type PayoutScript = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

/** The address prefixes of each network: the bech32 human-readable part, the base58 version bytes. */
const NETWORKS: Record<BitcoinNetwork, { hrp: string; p2pkh: number; p2sh: number }> = {
  mainnet: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  testnet: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 },
};

const NETWORK_NAMES: Record<BitcoinNetwork, string> = {
  mainnet: 'Bitcoin mainnet',
  testnet: 'Bitcoin testnet',
  regtest: 'Bitcoin regtest',
};

const refuse = (message: ReturnType<typeof tr>): never => {
  throw new AppError('BAD_INPUT', message);
};

const wrongNetwork = (found: string, network: BitcoinNetwork): never =>
  refuse(
    tr(
      'bitcoin.address.wrongNetwork',
      'This is an address of {found}, but we pay addresses of {network} only: check that your wallet is on {network}.',
      { found, network: NETWORK_NAMES[network] },
    ),
  );

const TYPO = tr(
  'bitcoin.address.checksum',
  "This address's checksum does not match: a character is wrong or missing. Copy the address from your wallet again.",
);

const NOT_AN_ADDRESS = tr(
  'bitcoin.address.unknown',
  'This is not a Bitcoin address: it should start with 1 or 3, or with bc1 (tb1 or bcrt1 on a test network).',
);

/** The address (bech32 ones in lower case, as wallets write them) and its script, or a refusal with its reason. */
export function checkPayoutAddress(raw: string, network: BitcoinNetwork): { address: string; script: PayoutScript } {
  const text = raw.trim();
  const net = NETWORKS[network];
  const lower = text.toLowerCase();
  const knownHrp = Object.entries(NETWORKS).find(([, n]) => lower.startsWith(`${n.hrp}1`));
  if (knownHrp) return checkSegwit(text, lower, knownHrp[1].hrp, knownHrp[0] as BitcoinNetwork, network);
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    // Base58 letters only (no 0, O, I, l) and a legacy length: a typo of a real address; else not an address.
    return refuse(/^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(text) ? TYPO : NOT_AN_ADDRESS);
  }
  if (payload.length !== 21) return refuse(NOT_AN_ADDRESS);
  const version = payload[0];
  if (version === net.p2pkh) return { address: text, script: 'p2pkh' };
  if (version === net.p2sh) return { address: text, script: 'p2sh' };
  if (version === NETWORKS.mainnet.p2pkh || version === NETWORKS.mainnet.p2sh)
    return wrongNetwork(NETWORK_NAMES.mainnet, network);
  if (version === NETWORKS.testnet.p2pkh || version === NETWORKS.testnet.p2sh)
    return wrongNetwork('a Bitcoin test network', network);
  return refuse(NOT_AN_ADDRESS);
}

function checkSegwit(
  text: string,
  lower: string,
  hrp: string,
  found: BitcoinNetwork,
  network: BitcoinNetwork,
): { address: string; script: PayoutScript } {
  // BIP 173: all lower case or all upper case, never mixed.
  if (text !== lower && text !== text.toUpperCase()) return refuse(TYPO);
  let words: number[];
  let m: boolean;
  try {
    words = bech32.decode(lower as `${string}1${string}`, 90).words;
    m = false;
  } catch {
    try {
      words = bech32m.decode(lower as `${string}1${string}`, 90).words;
      m = true;
    } catch {
      return refuse(TYPO);
    }
  }
  if (found !== network || hrp !== NETWORKS[network].hrp) return wrongNetwork(NETWORK_NAMES[found], network);
  const version = words[0];
  if (version === undefined || version > 16) return refuse(NOT_AN_ADDRESS);
  let program: Uint8Array;
  try {
    program = (m ? bech32m : bech32).fromWords(words.slice(1));
  } catch {
    return refuse(TYPO);
  }
  // BIP 350: version 0 is checksummed with bech32, every later version with bech32m.
  if ((version === 0) === m) return refuse(TYPO);
  if (version === 0) {
    if (program.length === 20) return { address: lower, script: 'p2wpkh' };
    if (program.length === 32) return { address: lower, script: 'p2wsh' };
    return refuse(NOT_AN_ADDRESS);
  }
  if (version === 1 && program.length === 32) return { address: lower, script: 'p2tr' };
  return refuse(
    tr(
      'bitcoin.address.witnessVersion',
      'This address uses SegWit version {version}, which we cannot pay yet: use a SegWit v0 (bc1q…), Taproot (bc1p…) or legacy address.',
      { version },
    ),
  );
}
