// What a member reads of their statements: the list, one statement's file (their own only) and the yearly
// summary of interest and referral rewards (made on request: a few sums and a one-page PDF).
import {
  centsToDollars,
  type TAccountStatementRow,
  type TLocale,
  tr,
  type TStatementFile,
  type TStatementFileFormat,
} from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  findMemberName,
  findStatementFile,
  keepStatementPdf,
  listStatementsOf,
  sumYearByPlan,
} from './account-statement.repo.ts';
import { figuresFromJson, yearSummaryCsv } from './account-statement.build.ts';
import { renderStatementPdf, renderYearSummaryPdf } from './account-statement.pdf.ts';

const MIME: Record<TStatementFileFormat, string> = { pdf: 'application/pdf', csv: 'text/csv;charset=utf-8' };

const asFile = (fileName: string, format: TStatementFileFormat, content: Uint8Array | string): TStatementFile => ({
  fileName,
  mime: MIME[format],
  contentBase64: Buffer.from(content).toString('base64'),
});

/** The member's statements, newest month first (dollars on the wire). */
export async function listAccountStatements(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TAccountStatementRow[]> {
  const rows = await listStatementsOf(deps.db, userId);
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    openingBalance: centsToDollars(r.openingCents),
    closingBalance: centsToDollars(r.closingCents),
    entryCount: r.entryCount,
    issuedAt: r.issuedAt.toISOString(),
  }));
}

/**
 * One of the member's statements as a file; anyone else's statement is "not found" (its existence is not told).
 * A PDF is drawn at its first open from the figures stored when the month closed (as issued: same figures, same
 * language, same issue date), and kept (#28).
 */
export async function getAccountStatementFile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { id: string; format: TStatementFileFormat },
): Promise<TStatementFile> {
  const found = await findStatementFile(deps.db, input.id, userId, input.format);
  if (!found) throw new AppError('NOT_FOUND', tr('statement.notFound', 'No statement with that id exists.'));
  const fileName = `vestora-statement-${found.month}.${input.format}`;
  if (found.content !== undefined) return asFile(fileName, input.format, found.content);
  const { figures, locale, issuedAt } = found.toDraw;
  const pdf = await renderStatementPdf(figuresFromJson(figures), issuedAt, locale);
  return asFile(fileName, 'pdf', await keepStatementPdf(deps.db, input.id, pdf, deps.clock.now()));
}

/** Interest and referral rewards paid to the member in `year` (UTC), per plan, as a PDF or CSV file. */
export async function yearSummaryFile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { year: number; format: TStatementFileFormat },
  locale: TLocale = 'en',
): Promise<TStatementFile> {
  const now = deps.clock.now();
  if (input.year > now.getUTCFullYear()) {
    throw new AppError(
      'BAD_INPUT',
      tr('accountStatement.futureYear', 'The year {year} has not started yet: choose {current} or earlier.', {
        year: input.year,
        current: now.getUTCFullYear(),
      }),
    );
  }
  const from = new Date(Date.UTC(input.year, 0, 1));
  const to = new Date(Date.UTC(input.year + 1, 0, 1));
  const sums = await sumYearByPlan(deps.db, userId, from, to);
  const rows = sums.map((s) => ({
    planName: s.planName,
    interestCents: s.interestCents,
    referralRewardCents: s.referralRewardCents,
  }));
  const fileName = `vestora-interest-summary-${input.year}.${input.format}`;
  if (input.format === 'csv') return asFile(fileName, 'csv', yearSummaryCsv(rows, locale));
  const member = await findMemberName(deps.db, userId);
  const pdf = await renderYearSummaryPdf(
    { year: input.year, memberName: member ? `${member.first_name} ${member.last_name}` : '', rows },
    now,
    locale,
  );
  return asFile(fileName, 'pdf', pdf);
}
