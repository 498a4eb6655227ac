import { tr } from '@vestora/contract';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { type AppSecretSource, appSecretSource, appSecretSync } from '../../lib/app-secret.ts';
import { AppError } from '../../lib/errors.ts';

export { APP_SECRET_FILE, type AppSecretSource } from '../../lib/app-secret.ts';

export const TWO_FACTOR_UNAVAILABLE_MESSAGE = tr(
  'twoFactor.unavailable',
  'Two-factor sign-in is not set up on this server: its operator must set APP_SECRET (32 or more characters).',
);

/**
 * Two-factor's key comes from the install's APP_SECRET (lib/app-secret.ts). Without one (DATABASE_URL and no
 * APP_SECRET), the server starts, logs a warning, and two-factor answers 503 with TWO_FACTOR_UNAVAILABLE_MESSAGE
 * until it is set.
 */
async function loadAppSecret(config: Config): Promise<{ secret: string | null; source: AppSecretSource }> {
  return { secret: appSecretSync(config), source: appSecretSource(config) };
}

interface TwoFactorKey {
  key: Buffer | null;
  source: AppSecretSource;
}

const keys = new WeakMap<Config, Promise<TwoFactorKey>>();

/** The encryption key of two-factor secrets (HKDF-SHA256 of the APP_SECRET), read once per config. */
export function twoFactorKey(config: Config): Promise<TwoFactorKey> {
  let p = keys.get(config);
  if (!p) {
    p = loadAppSecret(config).then(({ secret, source }) => ({
      key: secret ? Buffer.from(hkdfSync('sha256', secret, 'vestora', 'two-factor secret encryption v1', 32)) : null,
      source,
    }));
    p.catch(() => keys.delete(config));
    keys.set(config, p);
  }
  return p;
}

async function requireKey(config: Config): Promise<Buffer> {
  const { key } = await twoFactorKey(config);
  if (!key) throw new AppError('UNAVAILABLE', TWO_FACTOR_UNAVAILABLE_MESSAGE);
  return key;
}

/**
 * AES-256-GCM; the user id is the associated data, so a ciphertext copied onto another user's row does not
 * decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export async function encryptSecret(config: Config, userId: string, plain: string): Promise<string> {
  const key = await requireKey(config);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function decryptSecret(config: Config, userId: string, stored: string): Promise<string> {
  const key = await requireKey(config);
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable two-factor secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (e) {
    // A different APP_SECRET than the one the secret was stored with: say what to fix, never a bare 500.
    throw new AppError(
      'UNAVAILABLE',
      tr(
        'twoFactor.secretMismatch',
        'Two-factor sign-in cannot be checked right now: this server runs with a different APP_SECRET than the ' +
          'one your authenticator was enrolled with. Contact support.',
      ),
      { cause: e },
    );
  }
}
