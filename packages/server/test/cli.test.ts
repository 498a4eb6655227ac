import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import type { TestUser } from '../src/test/factories.ts';
import { createSession, hashToken } from '../src/modules/session/session.service.ts';
import { resetPassword } from '../src/modules/user/user.password.ts';
import { insertUser } from '../src/test/factories.ts';
import { testDbKind } from '../src/test/test-db.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const hasScript = spawnSync('script', ['--version']).status === 0;

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a child process using the embedded database in `dataDir` (never PostgreSQL). */
function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ADMIN_PASSWORD: _c, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra };
}

/** Runs `pnpm cli <args>` the way the package script does (tsx src/cli.ts), stdin not a terminal. */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the real server (src/main.ts) on a free port and resolves once it listens. */
function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('Vestora is up')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

// The embedded-database rules are what this file is about; on the PostgreSQL project it would test the same thing again.
describe.skipIf(testDbKind() === 'pg')('pnpm cli', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints usage and exits 2 on bad arguments', async () => {
    // None of these opens the database, so they can run side by side.
    const [none, unknown, noEmail, badOption] = await Promise.all([
      cli([], childEnv(dataDir)),
      cli(['make-coffee'], childEnv(dataDir)),
      cli(['create-admin'], childEnv(dataDir)),
      cli(['create-admin', '--emial', 'x@example.com'], childEnv(dataDir)),
    ]);
    expect([none.code, none.stdout]).toEqual([2, expect.stringContaining('Usage: pnpm cli <command>')]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('Unknown command "make-coffee"')]);
    expect([noEmail.code, noEmail.stderr]).toEqual([2, expect.stringContaining('create-admin needs --email <email>')]);
    expect([badOption.code, badOption.stderr]).toEqual([2, expect.stringContaining("Unknown option '--emial'")]);
  }, 120_000);

  it('creates an admin with ADMIN_PASSWORD, then says so when run again; refuses without a password off-terminal', async () => {
    const created = await cli(
      ['create-admin', '--email', 'Boss@Example.com'],
      childEnv(dataDir, { ADMIN_PASSWORD: 'boss password 1' }),
    );
    expect(created.stderr).toBe('');
    expect([created.code, created.stdout]).toEqual([
      0,
      expect.stringContaining('Created the administrator account boss@example.com.'),
    ]);
    const again = await cli(['create-admin', '--email', 'boss@example.com'], childEnv(dataDir));
    expect([again.code, again.stdout]).toEqual([
      0,
      expect.stringContaining('boss@example.com is already an administrator; nothing changed.'),
    ]);
    const noPassword = await cli(['create-admin', '--email', 'second@example.com'], childEnv(dataDir));
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('No password given: set ADMIN_PASSWORD, or run the command in a terminal');
    const weak = await cli(
      ['create-admin', '--email', 'second@example.com'],
      childEnv(dataDir, { ADMIN_PASSWORD: 'short' }),
    );
    expect([weak.code, weak.stderr]).toEqual([1, expect.stringContaining('Password must be at least 8 characters')]);
  }, 180_000);

  it('refuses to promote an existing account without --promote, saying when and how it was made; --promote ends its sessions', async () => {
    // Someone signed up with the operator's email before the operator ran create-admin, and is signed in.
    const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'the cli test');
    let early: TestUser;
    try {
      early = await insertUser(handle.db, { email: 'early@example.com', firstName: 'Early' });
      await createSession(handle.db, early.id, new Date());
    } finally {
      await handle.close();
    }

    const refused = await cli(
      ['create-admin', '--email', 'early@example.com'],
      childEnv(dataDir, { ADMIN_PASSWORD: 'early password 1' }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'An account with the email early@example.com already exists; nothing was changed.',
    );
    const createdAt = early.created_at.toISOString().slice(0, 16).replace('T', ' ');
    expect(refused.stderr).toMatch(
      new RegExp(`created: ${createdAt}:\\d\\d UTC, by signing up \\(web app or /api/v1\\)`),
    );
    expect(refused.stderr).toContain('role:    user');
    expect(refused.stderr).toContain('pnpm cli create-admin --email early@example.com --promote');

    const state = async () => {
      const h = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'the cli test');
      try {
        const user = await h.db
          .selectFrom('users')
          .select(['account_type', 'password_hash'])
          .where('id', '=', early.id)
          .executeTakeFirstOrThrow();
        const sessions = await h.db
          .selectFrom('sessions')
          .select('token_hash')
          .where('user_id', '=', early.id)
          .execute();
        const audit = await h.db
          .selectFrom('audit_log')
          .select(['action', 'actor_id'])
          .where('entity_id', '=', early.id)
          .orderBy('seq')
          .execute();
        return { ...user, sessions: sessions.length, audit };
      } finally {
        await h.close();
      }
    };
    expect(await state()).toMatchObject({ account_type: 'user', sessions: 1, audit: [] });

    const promoted = await cli(
      ['create-admin', '--email', 'early@example.com', '--promote'],
      childEnv(dataDir, { ADMIN_PASSWORD: 'early password 1' }),
    );
    expect(promoted.stderr).toBe('');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('early@example.com already had an account: it is now an administrator.');
    expect(promoted.stdout).toContain('(ADMIN_PASSWORD was not used); 1 open session was ended');
    expect(await state()).toEqual({
      account_type: 'admin',
      password_hash: early.password_hash,
      sessions: 0,
      audit: [
        { action: 'user.promote_admin', actor_id: null },
        { action: 'session.revoke', actor_id: null },
      ],
    });
  }, 180_000);

  it('reset-link prints a fresh single-use reset link for an account, audited as the server operator', async () => {
    const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'the cli test');
    let member: TestUser;
    try {
      member = await insertUser(handle.db, { email: 'forgetful@example.com' });
    } finally {
      await handle.close();
    }
    const [issued, unknown, noEmail] = [
      await cli(['reset-link', '--email', 'Forgetful@Example.com'], childEnv(dataDir)),
      await cli(['reset-link', '--email', 'nobody@example.com'], childEnv(dataDir)),
      await cli(['reset-link'], childEnv(dataDir)),
    ];
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const token = /\/reset-password\?token=([\w-]+)/.exec(issued.stdout)?.[1];
    expect(token, issued.stdout).toBeTruthy();
    expect(issued.stdout).toContain('A password reset link for forgetful@example.com');
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      expect.stringContaining('No account has the email nobody@example.com'),
    ]);
    expect([noEmail.code, noEmail.stderr]).toEqual([2, expect.stringContaining('reset-link needs --email <email>')]);

    const h = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'the cli test');
    try {
      const tokens = await h.db
        .selectFrom('account_tokens')
        .select(['purpose', 'token_hash', 'used_at'])
        .where('user_id', '=', member.id)
        .execute();
      expect(tokens).toEqual([{ purpose: 'reset_password', token_hash: hashToken(token!), used_at: null }]);
      const audit = await h.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'after'])
        .where('entity_id', '=', member.id)
        .execute();
      expect(audit).toMatchObject([
        { action: 'user.reset_link_issued', actor_id: null, after: { by: 'server operator', email: member.email } },
      ]);
      // The printed link is what the web page's reset form takes: it sets a new password.
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const deps = { db: h.db, config, clock: systemClock };
      await expect(resetPassword(deps, { token: token!, newPassword: 'a brand new pass 1' })).resolves.toEqual({
        ok: true,
      });
    } finally {
      await h.close();
    }
  }, 180_000);

  it('db:prepare creates, migrates and seeds a new embedded database, and leaves a prepared one as it is', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-cli-prepare-'));
    try {
      expect((await cli(['db:prepare'], childEnv(fresh))).code).toBe(0);
      const plans = async () => {
        const handle = await openDatabase(loadConfig({ DATA_DIR: fresh, LOG_LEVEL: 'silent' }), 'the cli test');
        try {
          const rows = await handle.db
            .selectFrom('plans')
            .select('investment_plan_name as name')
            .orderBy('name')
            .execute();
          return rows.map((p) => p.name);
        } finally {
          await handle.close();
        }
      };
      const seeded = await plans();
      expect(seeded.length).toBeGreaterThan(0);
      // Again on the prepared database: nothing seeded twice.
      expect((await cli(['db:prepare'], childEnv(fresh))).code).toBe(0);
      expect(await plans()).toEqual(seeded);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 240_000);

  it('refuses while the server holds the embedded database, and the data survives', async () => {
    const server = await startServer(childEnv(dataDir));
    let refused: RunResult;
    try {
      refused = await cli(
        ['create-admin', '--email', 'third@example.com'],
        childEnv(dataDir, { ADMIN_PASSWORD: 'third password' }),
      );
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by another process (pid ${server.pid})`);
    expect(refused.stderr).toContain('so create-admin cannot open it safely. Stop that process first');
    // The server is gone: the same command now works, and the earlier admin is still there.
    const after = await cli(
      ['create-admin', '--email', 'third@example.com'],
      childEnv(dataDir, { ADMIN_PASSWORD: 'third password' }),
    );
    expect([after.code, after.stdout]).toEqual([
      0,
      expect.stringContaining('Created the administrator account third@example.com.'),
    ]);
    const boss = await cli(['create-admin', '--email', 'boss@example.com'], childEnv(dataDir));
    expect(boss.stdout).toContain('already an administrator');
  }, 240_000);

  it.skipIf(!hasScript)(
    'asks for the password on a terminal without echoing it',
    async () => {
      const env = childEnv(dataDir);
      const cmd = `${JSON.stringify(process.execPath)} --import tsx src/cli.ts create-admin --email typed@example.com`;
      const child = spawn('script', ['-qec', cmd, '/dev/null'], {
        cwd: serverDir,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let answered = 0;
      const secret = 'typed in secret 9';
      child.stdout.on('data', (d) => {
        out += d;
        // Type only once the prompt is up (the terminal is then in raw mode, so nothing is echoed).
        if (answered === 0 && out.includes('Password for the new administrator')) {
          answered = 1;
          child.stdin.write(`${secret}\r`);
        } else if (answered === 1 && out.includes('Repeat the password')) {
          answered = 2;
          child.stdin.write(`${secret}\r`);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(out).toContain('Created the administrator account typed@example.com.');
      expect(out).not.toContain(secret);
      expect(code).toBe(0);
    },
    180_000,
  );
});
