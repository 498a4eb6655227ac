import { describe, expect, it } from 'vitest';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { AppError } from '../../lib/errors.ts';
import { checkPayoutAddress, type PayoutScript } from './bitcoin.address.ts';
import type { BitcoinNetwork } from './bitcoin.derive.ts';

const b58 = createBase58check(sha256);
const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const legacy = (version: number) => b58.encode(Uint8Array.from([version, ...bytes(20, 7)]));
const segwit = (hrp: string, version: number, program: Uint8Array) =>
  (version === 0 ? bech32 : bech32m).encode(hrp, [version, ...(version === 0 ? bech32 : bech32m).toWords(program)]);

/** The reason's key of a refusal (the message descriptor's id), or the script of an accepted address. */
function outcome(address: string, network: BitcoinNetwork): string {
  try {
    return checkPayoutAddress(address, network).script;
  } catch (err) {
    if (!(err instanceof AppError) || err.appCode !== 'BAD_INPUT') throw err;
    return String(err.msg?.id);
  }
}

const accepted: [string, BitcoinNetwork, PayoutScript][] = [
  // BIP 173 / BIP 350 test vectors and well-known addresses.
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet', 'p2wpkh'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet', 'p2wpkh'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet', 'p2wsh'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet', 'p2tr'],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet', 'p2pkh'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet', 'p2sh'],
  // Made here from their bytes, for every network.
  [legacy(0x6f), 'testnet', 'p2pkh'],
  [legacy(0xc4), 'regtest', 'p2sh'],
  [segwit('bcrt', 0, bytes(20, 1)), 'regtest', 'p2wpkh'],
  [segwit('bcrt', 1, bytes(32, 2)), 'regtest', 'p2tr'],
  [segwit('tb', 1, bytes(32, 3)), 'testnet', 'p2tr'],
];

const refused: [string, string, BitcoinNetwork, string][] = [
  [
    'a typo in a native SegWit address',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'mainnet',
    'bitcoin.address.checksum',
  ],
  ['a typo in a legacy address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'mainnet', 'bitcoin.address.checksum'],
  [
    'a typo in a Taproot address',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1',
    'mainnet',
    'bitcoin.address.checksum',
  ],
  ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet', 'bitcoin.address.checksum'],
  [
    'v0 checksummed with bech32m',
    bech32m.encode('bc', [0, ...bech32m.toWords(bytes(20, 1))]),
    'mainnet',
    'bitcoin.address.checksum',
  ],
  [
    'v1 checksummed with bech32',
    bech32.encode('bc', [1, ...bech32.toWords(bytes(32, 1))]),
    'mainnet',
    'bitcoin.address.checksum',
  ],
  [
    'a mainnet address on testnet',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'testnet',
    'bitcoin.address.wrongNetwork',
  ],
  [
    'a testnet address on mainnet',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'mainnet',
    'bitcoin.address.wrongNetwork',
  ],
  ['a testnet address on regtest', segwit('tb', 0, bytes(20, 1)), 'regtest', 'bitcoin.address.wrongNetwork'],
  [
    'a legacy mainnet address on testnet',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    'testnet',
    'bitcoin.address.wrongNetwork',
  ],
  ['a legacy testnet address on mainnet', legacy(0x6f), 'mainnet', 'bitcoin.address.wrongNetwork'],
  ['witness version 2', segwit('bc', 2, bytes(32, 1)), 'mainnet', 'bitcoin.address.witnessVersion'],
  ['witness version 16', 'BC1SW50QGDZ25J', 'mainnet', 'bitcoin.address.witnessVersion'],
  ['Taproot of 20 bytes', segwit('bc', 1, bytes(20, 1)), 'mainnet', 'bitcoin.address.witnessVersion'],
  ['v0 of 25 bytes', segwit('bc', 0, bytes(25, 1)), 'mainnet', 'bitcoin.address.unknown'],
  ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7', 'mainnet', 'bitcoin.address.unknown'],
  [
    'a base58check payload of another coin',
    b58.encode(Uint8Array.from([0x30, ...bytes(20, 7)])),
    'mainnet',
    'bitcoin.address.unknown',
  ],
];

describe('checkPayoutAddress', () => {
  it.each(accepted)('accepts %s on %s as %s', (address, network, script) => {
    expect(outcome(address, network)).toBe(script);
  });

  it.each(refused)('refuses %s', (_what, address, network, reason) => {
    expect(outcome(address, network)).toBe(reason);
  });

  it('writes native SegWit addresses in lower case', () => {
    expect(checkPayoutAddress(' BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ', 'mainnet').address).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });
});
