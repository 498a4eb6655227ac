// pnpm cli btc:address --index N: the address the server derives at m/0/N from BTC_XPUB, to compare with the
// operator's own wallet (no database needed).
import { parseArgs } from 'node:util';
import type { Config } from '../../config.ts';
import { deriveAddress } from './bitcoin.derive.ts';
import { accountKeyOf } from './bitcoin.service.ts';

export const BTC_ADDRESS_USAGE = `btc:address --index <N>         Print the Bitcoin deposit address derived from BTC_XPUB at m/0/N (a
                                 member's N is their sign-up number), to compare with your wallet.`;

/** Prints the address at --index; answers the exit code. `fail` throws the CLI's own error type. */
export function runBtcAddress(args: string[], config: Config, fail: (message: string, code?: number) => never): number {
  const { values } = parseArgs({ args, options: { index: { type: 'string' } }, strict: true });
  const raw = values.index;
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) >= 0x80000000) {
    return fail(`btc:address needs --index with a whole number from 0 to 2147483647.\n\n${BTC_ADDRESS_USAGE}`, 2);
  }
  const key = accountKeyOf(config);
  if (!key) return fail('BTC_XPUB is not set: Bitcoin deposits are off, so there is no address to derive.');
  const { address, scriptHex } = deriveAddress(key, Number(raw));
  console.log(`${address}\n  path:   m/0/${raw} of BTC_XPUB (${key.kind}, ${key.network})\n  script: ${scriptHex}`);
  return 0;
}
