/**
 * The years the yearly summary offers (newest first, from this year back to the oldest statement's) and the one it
 * opens on: the year of the member's newest statement (the latest year with figures; in January that is last
 * year), else this year. `newestMonth` / `oldestMonth` are statement months such as `2026-11`.
 */
export function summaryYears(
  thisYear: number,
  oldestMonth: string | undefined,
  newestMonth: string | undefined,
): { years: string[]; initial: string } {
  const yearOf = (month: string | undefined) => (month && /^\d{4}/.test(month) ? Number(month.slice(0, 4)) : null);
  const newest = Math.max(thisYear, yearOf(newestMonth) ?? thisYear);
  const oldest = Math.min(thisYear - 1, yearOf(oldestMonth) ?? thisYear - 1);
  const years = Array.from({ length: newest - oldest + 1 }, (_, i) => String(newest - i));
  return { years, initial: String(yearOf(newestMonth) ?? thisYear) };
}
