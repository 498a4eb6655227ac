import { parseArgs } from 'node:util';
import type { TUser } from '@vestora/contract';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedIfEmpty } from './db/seed.ts';
import { AppError } from './lib/errors.ts';
import { promptHidden } from './lib/prompt.ts';
import { runTreasuryFund, TREASURY_FUND_USAGE } from './modules/trade/trade.cli.ts';
import { runLedgerVerify } from './modules/ledger/ledger.cli.ts';
import { RESERVES_USAGE, runReservesPublish, runReservesVerify } from './modules/reserves/reserves.cli.ts';
import { BTC_ADDRESS_USAGE, runBtcAddress } from './modules/bitcoin/bitcoin.cli.ts';
import { systemClock } from './clock.ts';
import { runStatementImport, STATEMENT_IMPORT_USAGE } from './modules/bank-statement/bank-statement.cli.ts';
import { type AccountOrigin, createOrPromoteAdmin } from './modules/user/user.admin-bootstrap.ts';
import { issueResetLinkForOperator } from './modules/user/user.reset-link.ts';

const USAGE = `Usage: pnpm cli <command>

Commands:
  create-admin --email <email> [--first-name <name>] [--last-name <name>] [--promote]
                                 Make <email> an administrator. A new account takes its password from
                                 ADMIN_PASSWORD or, in a terminal, from a prompt, and its name from the
                                 options (else the email's local part, "Admin"). An existing account is
                                 refused (it says when and how it was created) unless --promote is given:
                                 then it becomes an administrator, keeps its password, and its sessions end.
  reset-link --email <email>     Print a fresh password reset link for that account (single use, 30 minutes;
                                 earlier reset links stop working). For running without SMTP_URL: admins never
                                 see security mail in the Outbox. Audited as done by the server operator.
  ledger:verify                  Check that every balance equals the sum of its ledger entries.
  db:prepare                     Migrate the database, and seed it when new (pnpm start runs it beside the web build).
  ${STATEMENT_IMPORT_USAGE}
  ${BTC_ADDRESS_USAGE}
  ${TREASURY_FUND_USAGE}
  ${RESERVES_USAGE}

With the embedded database (no DATABASE_URL) stop the server first: the database belongs to one process.`;

/** A failure whose message is meant for the person at the terminal. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

async function readNewPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError('No password given: set ADMIN_PASSWORD, or run the command in a terminal to be asked for one.');
  }
  const first = await promptHidden('Password for the new administrator (at least 8 characters): ');
  const again = await promptHidden('Repeat the password: ');
  if (first !== again) throw new CliError('The two passwords differ; nothing was changed. Run the command again.');
  return first;
}

async function createAdmin(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      promote: { type: 'boolean', default: false },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    strict: true,
  });
  if (!values.email) throw new CliError(`create-admin needs --email <email>.\n\n${USAGE}`, 2);
  const config = loadConfig();
  const handle = await openDatabase(config, 'create-admin').catch((e: Error) => {
    // Most often: the running server holds the embedded database. Its message says what to do.
    throw new CliError(e.message);
  });
  try {
    const result = await createOrPromoteAdmin(handle.db, values.email, readNewPassword, {
      promote: values.promote,
      ...(values['first-name'] !== undefined && { firstName: values['first-name'] }),
      ...(values['last-name'] !== undefined && { lastName: values['last-name'] }),
    });
    const { user } = result;
    if (result.outcome === 'created') {
      console.log(`Created the administrator account ${user.email}. Sign in at ${config.publicUrl}/login.`);
    } else if (result.outcome === 'promoted') {
      const unused = process.env.ADMIN_PASSWORD ? ' (ADMIN_PASSWORD was not used)' : '';
      const ended = result.sessionsEnded ?? 0;
      console.log(
        `${user.email} already had an account: it is now an administrator. Its password is unchanged${unused}; ` +
          `${ended === 1 ? '1 open session was' : `${ended} open sessions were`} ended, so it signs in again.`,
      );
    } else if (result.outcome === 'refused') {
      throw new CliError(refusal(user, result.createdVia));
    } else {
      console.log(`${user.email} is already an administrator; nothing changed.`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

async function resetLink(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  if (!values.email) throw new CliError(`reset-link needs --email <email>.\n\n${USAGE}`, 2);
  const config = loadConfig();
  const handle = await openDatabase(config, 'reset-link').catch((e: Error) => {
    throw new CliError(e.message);
  });
  try {
    const link = await issueResetLinkForOperator({ db: handle.db, config, clock: systemClock }, values.email);
    console.log(
      `A password reset link for ${link.email} (single use, until ${link.expiresAt.toISOString()}; earlier reset ` +
        `links no longer work). Give it to the account's owner only:\n${link.url}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

/** Why create-admin did not touch an existing account, and how to go on if it is really the operator's. */
function refusal(user: TUser, createdVia: AccountOrigin): string {
  const when = user.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const how = createdVia === 'create-admin' ? 'by pnpm cli create-admin' : 'by signing up (web app or /api/v1)';
  const disabled = user.disabledAt ? ' It is disabled.' : '';
  return [
    `An account with the email ${user.email} already exists; nothing was changed.`,
    `  created: ${when}, ${how}`,
    `  name:    ${user.firstName} ${user.lastName}`,
    `  role:    ${user.accountType}${disabled}`,
    `If you did not open that account, someone else may have signed up with this email: do not promote it.`,
    `If it is yours, make it an administrator (it keeps its password; its open sessions end):`,
    `  pnpm cli create-admin --email ${user.email} --promote`,
  ].join('\n');
}

/** What the server does to its database before serving, alone: pnpm start runs it while the web app builds. */
async function prepareDatabase(): Promise<number> {
  const handle = await openDatabase(loadConfig(), 'pnpm cli db:prepare');
  try {
    await seedIfEmpty(handle.db);
    return 0;
  } finally {
    await handle.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-admin':
      return createAdmin(rest);
    case 'reset-link':
      return resetLink(rest);
    case 'ledger:verify':
      if (rest.length > 0) throw new CliError(`ledger:verify takes no arguments.\n\n${USAGE}`, 2);
      return runLedgerVerify();
    case 'db:prepare':
      if (rest.length > 0) throw new CliError(`db:prepare takes no arguments.\n\n${USAGE}`, 2);
      return prepareDatabase();
    case 'statement:import':
      return runStatementImport(rest);
    case 'btc:address':
      return runBtcAddress(rest, loadConfig(), (message, code) => {
        throw new CliError(message, code);
      });
    case 'reserves:verify':
      return runReservesVerify(rest, (message, code) => {
        throw new CliError(message, code);
      });
    case 'reserves:publish':
      return runReservesPublish(rest, (message, code) => {
        throw new CliError(message, code);
      });
    case 'treasury:fund':
      return runTreasuryFund(rest, (message, code) => {
        throw new CliError(message, code);
      });
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof CliError || err instanceof AppError || err instanceof ConfigError;
    // parseArgs reports unknown options with a readable message of its own.
    const isArgError = (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = err instanceof Error ? err.message : String(err);
    console.error(known || isArgError ? message : `The command failed: ${message}`);
    if (isArgError) console.error(`\n${USAGE}`);
    process.exit(err instanceof CliError ? err.exitCode : isArgError ? 2 : 1);
  },
);
