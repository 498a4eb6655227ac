// `pnpm cli statement:import FILE --as <admin email>`: imports a large statement file without the HTTP body
// limit, as that administrator's proposal (another administrator approves it, in the app or with statement.approve).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type TStatementFormat, ZCsvMapping } from '@vestora/contract';
import { loadConfig } from '../../config.ts';
import { systemClock } from '../../clock.ts';
import { openDatabase } from '../../db/open.ts';
import { AppError } from '../../lib/errors.ts';
import { findUserByEmail } from '../user/user.repo.ts';
import { importStatement } from './bank-statement.import.ts';

export const STATEMENT_IMPORT_USAGE = `statement:import <file> --as <admin email> [--format camt053|csv] [--mapping <file.json>] [--account <bank account>]
                                 Import a bank statement (camt.053 XML, or CSV with a column mapping) as a
                                 proposal of that administrator; another administrator approves it.`;

/** Runs the command; answers the exit code. `env` and `print` are for tests. */
export async function runStatementImport(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      as: { type: 'string' },
      format: { type: 'string' },
      mapping: { type: 'string' },
      account: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1 || !values.as) {
    print(`Usage: pnpm cli ${STATEMENT_IMPORT_USAGE}`);
    return 2;
  }
  const format = (values.format ?? (/\.csv$/i.test(file) ? 'csv' : 'camt053')) as TStatementFormat;
  if (!['camt053', 'csv', 'mt940'].includes(format)) {
    print(`Unknown format "${format}": use camt053 or csv.`);
    return 2;
  }
  const content = readFileSync(file, 'utf8');
  const mapping = values.mapping ? ZCsvMapping.parse(JSON.parse(readFileSync(values.mapping, 'utf8'))) : undefined;
  const config = loadConfig(env);
  const handle = await openDatabase(config, 'statement:import');
  try {
    const admin = await findUserByEmail(handle.db, values.as.toLowerCase());
    if (!admin || admin.account_type !== 'admin') {
      print(`${values.as} is not an administrator: the import is that administrator's proposal.`);
      return 1;
    }
    try {
      const r = await importStatement(
        handle.db,
        admin,
        {
          format,
          content,
          ...(mapping ? { mapping } : {}),
          ...(values.account ? { bankAccount: values.account } : {}),
        },
        { now: systemClock.now(), config },
      );
      print(
        `Imported statement ${r.statementId}: ${r.lines} new line(s), ${r.duplicates} already imported, ` +
          `${r.matched} matched, ${r.exceptions} exception(s). Another administrator must approve it.`,
      );
      return 0;
    } catch (e) {
      if (e instanceof AppError) {
        print(e.message);
        return 1;
      }
      throw e;
    }
  } finally {
    await handle.close();
  }
}
