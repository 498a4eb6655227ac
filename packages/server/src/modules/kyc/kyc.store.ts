// #33: where identity documents' bytes live, encrypted at rest. The service sees a DocumentStore (put, get,
// delete by key) and never a path: the local directory below is the default (KYC_STORAGE_DIR, else DATA_DIR/kyc);
// an S3-compatible bucket can implement the same three calls later. Every store holds ciphertext only: the
// encryption is done here, above the store, so a bucket never sees a plaintext byte.
import { tr } from '@vestora/contract';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { appSecretSync } from '../../lib/app-secret.ts';
import { AppError } from '../../lib/errors.ts';

/** Bytes by key. Keys are [a-z0-9-] only (the service makes them); `get` of a missing key answers null. */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes; removing a missing key is not an error (retention may run twice). */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]{8,100}$/;

function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a document storage key: ${JSON.stringify(key)}`);
}

/** A store in a local directory: `<dir>/<first two characters>/<key>`, files 0600 in folders 0700. */
export function localDocumentStore(dir: string): DocumentStore {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written whole then renamed: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Where the local store keeps documents: KYC_STORAGE_DIR, else DATA_DIR/kyc. */
export function documentStorageDir(config: Config): string {
  return config.KYC_STORAGE_DIR ? path.resolve(config.KYC_STORAGE_DIR) : path.join(config.DATA_DIR, 'kyc');
}

const stores = new WeakMap<Config, DocumentStore>();

/** The install's document store (one per config). */
export function documentStore(config: Config): DocumentStore {
  let store = stores.get(config);
  if (!store) {
    store = localDocumentStore(documentStorageDir(config));
    stores.set(config, store);
  }
  return store;
}

export const DOCUMENTS_UNAVAILABLE = tr(
  'kyc.document.unavailable',
  'Identity documents cannot be stored on this server yet: its operator must set APP_SECRET (32 or more characters).',
);

/** A key derived from APP_SECRET for one purpose (HKDF-SHA256), or null when the install has no APP_SECRET. */
export function derivedKey(config: Config, purpose: 'encryption' | 'links'): Buffer | null {
  const secret = appSecretSync(config);
  if (!secret) return null;
  return Buffer.from(hkdfSync('sha256', secret, 'vestora', `kyc document ${purpose} v1`, 32));
}

function requireKey(config: Config, purpose: 'encryption' | 'links'): Buffer {
  const key = derivedKey(config, purpose);
  if (!key) throw new AppError('UNAVAILABLE', DOCUMENTS_UNAVAILABLE);
  return key;
}

const MAGIC = Buffer.from('VKD1');

/**
 * AES-256-GCM of a document: `VKD1 | iv (12) | tag (16) | ciphertext`. The storage key is the associated data,
 * so a file copied under another document's key does not decrypt.
 */
export function encryptDocument(config: Config, storageKey: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', requireKey(config, 'encryption'), iv);
  cipher.setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
}

export function decryptDocument(config: Config, storageKey: string, stored: Uint8Array): Uint8Array {
  const b = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (b.length < 32 || !b.subarray(0, 4).equals(MAGIC)) throw new Error('unreadable identity document file');
  const decipher = createDecipheriv('aes-256-gcm', requireKey(config, 'encryption'), b.subarray(4, 16));
  decipher.setAAD(Buffer.from(storageKey));
  decipher.setAuthTag(b.subarray(16, 32));
  try {
    return new Uint8Array(Buffer.concat([decipher.update(b.subarray(32)), decipher.final()]));
  } catch (e) {
    throw new AppError(
      'UNAVAILABLE',
      tr(
        'kyc.document.keyMismatch',
        'This document cannot be opened: the server runs with a different APP_SECRET than the one it was stored with.',
      ),
      { cause: e },
    );
  }
}

/** The link signing key (a separate HKDF output from the encryption key). */
export function linkKey(config: Config): Buffer | null {
  return derivedKey(config, 'links');
}
