/** What benchmarks that run the real server as a child process share. */
import fs from 'node:fs';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../packages/server');

/**
 * How `pnpm start` runs the server: the compiled JavaScript when it is built, else the TypeScript source.
 * `label` says which, for a benchmark's notes.
 */
export function productServerCommand(): { command: string; args: string[]; label: string } {
  const compiled = path.join(SERVER_DIR, 'dist/main.js');
  return fs.existsSync(compiled)
    ? { command: process.execPath, args: [compiled], label: 'node packages/server/dist/main.js' }
    : {
        command: process.execPath,
        args: ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')],
        label: 'node --import tsx packages/server/src/main.ts',
      };
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
