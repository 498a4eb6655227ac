/**
 * The name of the httpOnly cookie that carries the session token under plain http (the REST docs name it
 * too). Under https it is `__Host-vestora_session`: the browser then only accepts it Secure, for Path=/ and
 * without a Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite it.
 */
export const SESSION_COOKIE = 'vestora_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether the product is served over https (decides the cookie's name and Secure flag, and HSTS). */
export function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

/** The session cookie's name for this PUBLIC_URL. */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
