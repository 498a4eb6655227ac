import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { AppError } from './lib/errors.ts';
import { promptHidden } from './lib/prompt.ts';
import { runLedgerVerify } from './modules/ledger/ledger.cli.ts';
import { createOrPromoteAdmin } from './modules/user/user.admin-bootstrap.ts';

const USAGE = `Usage: pnpm cli <command>

Commands:
  create-admin --email <email>   Make <email> an administrator. An existing account is promoted and keeps
                                 its password; a new account takes its password from ADMIN_PASSWORD or,
                                 in a terminal, from a prompt.
  ledger:verify                  Check that every balance equals the sum of its ledger entries.

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
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  if (!values.email) throw new CliError(`create-admin needs --email <email>.\n\n${USAGE}`, 2);
  const config = loadConfig();
  const handle = await openDatabase(config, 'create-admin').catch((e: Error) => {
    // Most often: the running server holds the embedded database. Its message says what to do.
    throw new CliError(e.message);
  });
  try {
    const { outcome, user } = await createOrPromoteAdmin(handle.db, values.email, readNewPassword);
    if (outcome === 'created') {
      console.log(`Created the administrator account ${user.email}. Sign in at ${config.publicUrl}/login.`);
    } else if (outcome === 'promoted') {
      const unused = process.env.ADMIN_PASSWORD ? ' (ADMIN_PASSWORD was not used)' : '';
      console.log(
        `${user.email} already had an account: it is now an administrator. Its password is unchanged${unused}.`,
      );
    } else {
      console.log(`${user.email} is already an administrator; nothing changed.`);
    }
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
    case 'ledger:verify':
      if (rest.length > 0) throw new CliError(`ledger:verify takes no arguments.\n\n${USAGE}`, 2);
      return runLedgerVerify();
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
