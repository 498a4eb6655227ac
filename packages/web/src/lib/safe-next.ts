/**
 * A `next` parameter is followed only when it is a path on this site: it starts with one "/" (not
 * "//" or "/\", which browsers read as another host) and has no scheme. Anything else gives null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside "/\t/evil") are dropped by URL parsers: refuse them.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(next, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page's address that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
