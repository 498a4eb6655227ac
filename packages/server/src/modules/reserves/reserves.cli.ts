// `pnpm cli reserves:verify FILE` (offline: nothing but SHA-256 and the file) and `pnpm cli reserves:publish`.
import { readFileSync } from 'node:fs';
import { formatEnglish, proofCheckText, verifyLiabilityProof, ZReservesProof } from '@vestora/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { systemClock } from '../../clock.ts';
import { publishMonth } from './reserves.service.ts';
import { sha256Hex } from './reserves.tree.ts';

export const RESERVES_USAGE = `reserves:verify FILE            Check a proof of your balance offline (FILE: the JSON answer of
                                 reserves.proof, as Settings downloads it) with nothing but SHA-256:
                                 prints OK, or what failed. Needs no database and no network.
  reserves:publish               Publish the last closed month now (its balance tree and reserves figures),
                                 unless it was (the server's monthly job does it on its own).`;

/** `pnpm cli reserves:verify FILE`: 0 when the proof holds, 1 when it fails, 2 for an unreadable file. */
export async function runReservesVerify(
  args: string[],
  fail: (message: string, code: number) => never,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  if (args.length !== 1) fail(`reserves:verify takes one FILE.\n\n  ${RESERVES_USAGE}`, 2);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(args[0]!, 'utf8'));
  } catch (err) {
    fail(`Could not read ${args[0]} as JSON: ${err instanceof Error ? err.message : String(err)}`, 2);
  }
  // A tRPC answer as the browser's network tab shows it ({ result: { data } }) is accepted too.
  const body =
    raw && typeof raw === 'object' && 'result' in raw ? (raw as { result: { data: unknown } }).result.data : raw;
  const parsed = ZReservesProof.safeParse(body);
  if (!parsed.success) {
    fail(
      `${args[0]} is not a reserves.proof answer: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'} ${i.message}`).join('; ')}`,
      2,
    );
  }
  const check = await verifyLiabilityProof(parsed.data, sha256Hex);
  print(`${formatEnglish(proofCheckText(check))}`);
  if (check.ok) {
    print(`month ${parsed.data.month}, root ${parsed.data.root.hash}`);
    print(`your balances: ${JSON.stringify(parsed.data.leaf.sums)}`);
    print(`published sums: ${JSON.stringify(parsed.data.root.sums)}`);
    print('Compare the root hash and sums with the Reserves page.');
  }
  return check.ok ? 0 : 1;
}

/** `pnpm cli reserves:publish`. */
export async function runReservesPublish(
  args: string[],
  fail: (message: string, code: number) => never,
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  if (args.length > 0) fail(`reserves:publish takes no arguments.\n\n  ${RESERVES_USAGE}`, 2);
  const config = loadConfig(env);
  const handle = await openDatabase(config, 'reserves:publish');
  try {
    const r = await publishMonth({ db: handle.db, config, clock: systemClock });
    print(
      r.published
        ? `Published ${r.month}: root ${r.root.hash}, ${r.root.leafCount} members, sums ${JSON.stringify(r.root.sums)}.`
        : `${r.month} was published already (root ${r.root.hash}); nothing changed.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
