import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * One idempotency key per submission attempt of a money form: a retry of the same values (after a
 * network error, a double click) reuses the key so the server creates nothing twice; changed values
 * get a fresh key (the server refuses a reused key with a different amount); `done()` after success.
 */
export function useSubmissionKey() {
  const current = useRef<{ key: string; fingerprint: string } | null>(null);

  const keyFor = useCallback((values: unknown): string => {
    const fingerprint = JSON.stringify(values);
    if (current.current?.fingerprint !== fingerprint) current.current = { key: newIdempotencyKey(), fingerprint };
    return current.current.key;
  }, []);

  const done = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, done };
}
