import { formatCents } from '@vestora/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { checkLedgerInvariant } from './ledger.repo.ts';
import { holdsMatchFlows, platformDifferenceCents } from './ledger.service.ts';

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
    const { checkedUsers, mismatchCount, mismatches, platform, assets } = await checkLedgerInvariant(handle.db);
    const difference = platformDifferenceCents(platform);
    const offBooks = assets.filter((a) => a.accountMismatches > 0 || a.unbalancedMovements > 0 || a.total !== '0');
    const journalLine =
      offBooks.length === 0
        ? `Journal OK: ${assets.length} asset(s); every movement sums to zero and every account equals its postings.`
        : `Journal MISMATCH: ${offBooks
            .map(
              (a) =>
                `${a.asset}: ${a.accountMismatches} account(s) differ from their postings, ${a.unbalancedMovements} unbalanced movement(s), books sum to ${a.total}`,
            )
            .join('; ')}.`;
    const platformOk = difference === 0 && holdsMatchFlows(platform);
    const platformLine = platformOk
      ? 'Platform OK: balances + open principal + held for withdrawals = deposits − paid withdrawals + interest + referral rewards + adjustments + dollars from trades (sales − buys).'
      : difference !== 0
        ? `Platform MISMATCH: money held differs from money sourced by ${difference < 0 ? '-' : ''}$${formatCents(Math.abs(difference))}.`
        : 'Platform MISMATCH: the members’ held or invested accounts differ from their withdrawals or positions.';
    if (mismatchCount === 0) {
      print(`Ledger OK: ${checkedUsers} user(s) checked; every balance equals the sum of its ledger entries.`);
      print(platformLine);
      print(journalLine);
      return platformOk && offBooks.length === 0 ? 0 : 1;
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
    print(journalLine);
    return 1;
  } finally {
    await handle.close();
  }
}
