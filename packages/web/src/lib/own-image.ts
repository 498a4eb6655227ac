/**
 * An image URL the page may load: our own origin (a path such as `/api/market/logo/bitcoin`) or a `data:` image.
 * The content security policy allows no other (img-src 'self' data:, #34), so an address on another host (a
 * profile picture saved as a web link, say) is not even tried: the initials show instead, with no refusal logged.
 */
export function ownImage(src: string | null | undefined): string | null {
  if (!src) return null;
  if (/^data:image\//i.test(src)) return src;
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\') ? src : null;
}
