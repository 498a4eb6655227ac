/** ISO timestamp for the wire (both drivers return Date; a string is passed through as PostgreSQL gave it). */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** ISO timestamp or null. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}
