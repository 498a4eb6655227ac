import { formatCents } from '@vestora/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { checkLedgerInvariant } from './ledger.repo.ts';
import { platformDifferenceCents } from './ledger.service.ts';

/**
 * `pnpm cli ledger:verify`: checks balance = sum of ledger entries for every user and the platform check,
 * prints a summary and answers the exit code (0 all good, 1 on any mismatch). `env` and `print` are for tests.
 */
export async function runLedgerVerify(
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const handle = await openDatabase(loadConfig(env), 'ledger:verify');
  try {
    const { checkedUsers, mismatchCount, mismatches, platform } = await checkLedgerInvariant(handle.db);
    const difference = platformDifferenceCents(platform);
    const platformLine =
      difference === 0
        ? 'Platform OK: balances + open principal + held for withdrawals = deposits − paid withdrawals + interest + referral rewards + adjustments.'
        : `Platform MISMATCH: money held differs from money sourced by ${difference < 0 ? '-' : ''}$${formatCents(Math.abs(difference))}.`;
    if (mismatchCount === 0) {
      print(`Ledger OK: ${checkedUsers} user(s) checked; every balance equals the sum of its ledger entries.`);
      print(platformLine);
      return difference === 0 ? 0 : 1;
    }
    print(
      `Ledger MISMATCH: ${mismatchCount} of ${checkedUsers} user(s) have a balance that differs from their ledger:`,
    );
    for (const m of mismatches) {
      print(
        `  user ${m.userId}: balance $${formatCents(m.balanceCents)}, ledger sum $${formatCents(m.ledgerSumCents)}, ` +
          `difference $${formatCents(m.balanceCents - m.ledgerSumCents)}`,
      );
    }
    if (mismatchCount > mismatches.length) print(`  ... and ${mismatchCount - mismatches.length} more.`);
    print(platformLine);
    return 1;
  } finally {
    await handle.close();
  }
}
