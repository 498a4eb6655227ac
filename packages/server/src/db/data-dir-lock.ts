import fs from 'node:fs';
import path from 'node:path';

const LOCK_NAME = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live process that holds the embedded database in dataDir, or null. */
export function embeddedDbHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, LOCK_NAME), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The embedded database belongs to one process: take the lock or explain who has it.
 * Returns a release function.
 */
export function lockEmbeddedDb(dataDir: string, purpose: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  // Create the lock atomically ('wx'), so two processes starting at the same moment cannot both take it.
  // A lock left by a process that died (or by this one) is replaced.
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw e;
      const holder = embeddedDbHolder(dataDir);
      if (holder) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process (pid ${holder}), ` +
            `so ${purpose} cannot open it safely. Stop that process first (Ctrl+C in its terminal), ` +
            'or use PostgreSQL by setting DATABASE_URL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}
