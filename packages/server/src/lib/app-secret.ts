import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where the embedded default keeps its generated APP_SECRET. */
export const APP_SECRET_FILE = 'app-secret';

export type AppSecretSource = 'environment' | 'data-dir' | 'none';

/** Where appSecretSync's answer comes from (what the start-up log says). */
export function appSecretSource(config: Config): AppSecretSource {
  if (config.APP_SECRET) return 'environment';
  return config.DATABASE_URL ? 'none' : 'data-dir';
}

/**
 * The install's APP_SECRET, read synchronously once per config: two-factor secrets' encryption key, and #33's
 * identity documents' encryption and link-signing keys, are derived from it. APP_SECRET when set. Otherwise, on
 * the embedded default (no DATABASE_URL), a generated one kept in DATA_DIR/app-secret (0600), created here if
 * absent and reused across restarts: the data directory is already the one thing that must be kept. With
 * DATABASE_URL and no APP_SECRET, null: a generated key stored in the database beside what it protects would
 * make the encryption decorative (one dump holds both), and refusing to start would break every deployment
 * that does not use two-factor or documents; those answer 503 until it is set.
 */
export function appSecretSync(config: Config): string | null {
  if (secrets.has(config)) return secrets.get(config)!;
  const secret = readSecret(config);
  secrets.set(config, secret);
  return secret;
}

const secrets = new WeakMap<Config, string | null>();

function readSecret(config: Config): string | null {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.DATABASE_URL) return null;
  const file = path.join(config.DATA_DIR, APP_SECRET_FILE);
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} must hold at least 32 characters (it is the APP_SECRET of this install); restore it.`);
  }
  return secret;
}
