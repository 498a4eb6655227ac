import { TRPCClientError } from '@trpc/client';
import { type MsgValues, translate } from '@vestora/contract';

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

function trpcCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  }
  return undefined;
}

/**
 * The server's message in the reader's language: the server sends the English text with the message's id and
 * values (`data.i18n`); the catalog's translation of that id, or the English text when there is none.
 */
function serverMessage(data: unknown, english: string): string {
  if (!data || typeof data !== 'object' || !('i18n' in data)) return english;
  const i18n = data.i18n as { id?: unknown; values?: unknown } | null;
  if (!i18n || typeof i18n.id !== 'string') return english;
  const values = i18n.values && typeof i18n.values === 'object' ? (i18n.values as MsgValues) : undefined;
  return translate(values ? { id: i18n.id, message: english, values } : { id: i18n.id, message: english });
}

/** True when the server says the visitor is not signed in (or the session has expired). */
export function isUnauthorized(error: unknown): boolean {
  return trpcCode(error) === 'UNAUTHORIZED';
}

/** True for errors a retry cannot fix (4xx answers): bad input, auth, conflicts, not found. */
export function isClientError(error: unknown): boolean {
  const code = trpcCode(error);
  return code !== undefined && code !== 'INTERNAL_SERVER_ERROR' && code !== 'TIMEOUT';
}

/**
 * The sentence to show a person for a failed call: the server's own message when it sent one,
 * a connection hint when the request never got an answer, otherwise `fallback`.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof TRPCClientError) {
    // No `data` means the request failed before the server answered with a tRPC error.
    if (!error.data && (error.cause instanceof TypeError || /fetch|network/i.test(error.message))) {
      return NETWORK_MESSAGE;
    }
    if (trpcCode(error) === 'INTERNAL_SERVER_ERROR') return fallback;
    const message = error.message.trim();
    // A non-JSON answer (proxy error page) surfaces as a parse error message: not for people.
    if (message && !/JSON|Unexpected token|<!DOCTYPE/i.test(message)) return serverMessage(error.data, message);
    return fallback;
  }
  if (error instanceof TypeError) return NETWORK_MESSAGE;
  return fallback;
}
