import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The install's APP_SECRET, read synchronously once per config (#33's identity documents: their encryption key
 * and their links' signing key are derived from it). The same rule and the same file as two-factor's loader
 * (modules/twofactor/twofactor.crypto.ts): APP_SECRET when set; else, on the embedded default (no DATABASE_URL),
 * the generated DATA_DIR/app-secret (0600), created here if absent; with DATABASE_URL and no APP_SECRET, null
 * (a generated key stored in the database beside what it protects would protect nothing).
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
  const file = path.join(config.DATA_DIR, 'app-secret');
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
