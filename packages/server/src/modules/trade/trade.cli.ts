import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { systemClock } from '../../clock.ts';
import { fundTreasuryFromCli } from './trade.treasury.ts';

export const TREASURY_FUND_USAGE = `treasury:fund --asset <BTC|ETH|USD|...> --amount <decimal> --reason <text>
                                 Put coins (or dollars) the operator really holds into the treasury members
                                 buy from, at once, audited as done by the server operator. In the app the
                                 same needs a second administrator's approval (treasury.fund).`;

/** `pnpm cli treasury:fund`: answers the exit code; `env` and `print` are for tests. */
export async function runTreasuryFund(
  args: string[],
  fail: (message: string, code: number) => never,
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { asset: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
    strict: true,
  });
  if (!values.asset || !values.amount || !values.reason?.trim())
    fail(`treasury:fund needs --asset, --amount and --reason.\n\n  ${TREASURY_FUND_USAGE}`, 2);
  const handle = await openDatabase(loadConfig(env), 'treasury:fund');
  try {
    const done = await fundTreasuryFromCli(
      handle.db,
      { asset: values.asset!, amount: values.amount!, reason: values.reason!.trim(), refId: randomUUID() },
      systemClock.now(),
    );
    print(`The treasury now holds ${done.treasury} ${done.asset}.`);
    return 0;
  } finally {
    await handle.close();
  }
}
