/**
 * Issue 18: `pnpm start` on a terminal prints a short "what now" (where to open it, how to make the first admin)
 * and text lines; anywhere else (piped, as here and under every process manager) the log stays JSON lines.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textLine, wantsTextLog, whatNow } from '../src/lib/terminal-log.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts src/main.ts with stdout a pipe (not a terminal) until its output shows `until`, then stops it (SIGTERM:
 * whatever it wrote before is flushed); returns what it wrote to stdout.
 */
async function startOnce(env: Record<string, string>, until: string): Promise<{ stdout: string; url: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      MARKET_FEED_URL: 'http://127.0.0.1:9',
      PAYOUT_INTERVAL_S: '3600',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${until}" within 120 s:\n${stdout}\n${stderr}`)), 120_000);
      const check = () => {
        if (stdout.includes(until)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before it was up:\n${stdout}\n${stderr}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { stdout, url: `http://127.0.0.1:${port}` };
}

describe('start-up output', () => {
  it('piped (not a terminal): every line is a JSON log line, and no "what now" text', async () => {
    const { stdout } = await startOnce({}, 'Vestora is up at');
    const lines = stdout.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const msgs = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs.some((m) => m.startsWith('Vestora is up at'))).toBe(true);
    expect(stdout).not.toContain('Vestora is running: open');
  }, 180_000);

  it('as on a terminal (LOG_FORMAT=text): text lines and the "what now", with the first-admin command', async () => {
    const { stdout, url } = await startOnce({ LOG_FORMAT: 'text' }, 'Stop with Ctrl+C');
    expect(stdout).toContain(`Vestora is running: open ${url}`);
    expect(stdout).toContain("ADMIN_PASSWORD='a long passphrase' npx -y pnpm@10 cli create-admin --email");
    expect(stdout).toContain('Mail is not sent (no SMTP_URL)');
    for (const line of stdout.split('\n').filter((l) => l.trim()))
      expect(line.trimStart().startsWith('{'), line).toBe(false);
  }, 180_000);

  it('chooses text only on a terminal, unless LOG_FORMAT says otherwise', () => {
    expect(wantsTextLog({ isTTY: true }, 'auto')).toBe(true);
    expect(wantsTextLog({ isTTY: false }, 'auto')).toBe(false);
    expect(wantsTextLog({}, 'auto')).toBe(false);
    expect(wantsTextLog({ isTTY: true }, 'json')).toBe(false);
    expect(wantsTextLog({ isTTY: false }, 'text')).toBe(true);
  });

  it('writes a request line and a warning as short text', () => {
    const time = Date.UTC(2026, 10, 27, 9, 30, 5);
    expect(
      textLine(
        JSON.stringify({
          level: 30,
          time,
          msg: 'request completed',
          req: { method: 'GET', url: '/x' },
          res: { statusCode: 200 },
          responseTime: 3.4,
        }),
      ),
    ).toBe('09:30:05 GET /x 200 3 ms');
    expect(textLine(JSON.stringify({ level: 40, time, msg: 'No admin account yet.' }))).toBe(
      '09:30:05 warning: No admin account yet.',
    );
    expect(whatNow({ url: 'http://h:1', needsAdmin: false, mailEnabled: true })).not.toContain('create-admin');
  });
});
