// ISO 11649 structured creditor references ("RF" + two check digits + up to 21 letters and digits). The check
// digits are ISO 7064 MOD 97-10 over the reference with "RF00" moved to its end and letters read as numbers
// (A = 10 ... Z = 35): a valid reference leaves remainder 1. Any one mistyped character and any two swapped
// neighbours change the remainder, so a mistyped reference fails its check instead of naming someone else.

/** The remainder mod 97 of a string of letters and digits read as ISO 7064 numbers (letters 10..35). */
function mod97(text: string): number {
  let r = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const value = code >= 48 && code <= 57 ? code - 48 : code - 55; // '0'..'9' or 'A'..'Z'
    r = value >= 10 ? (r * 100 + value) % 97 : (r * 10 + value) % 97;
  }
  return r;
}

/** Upper case, spaces removed: how a reference is compared. */
export function normaliseReference(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Whether `text` (spaces and case ignored) is a well-formed ISO 11649 reference with correct check digits. */
export function isValidRfReference(text: string): boolean {
  const ref = normaliseReference(text);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  return mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}

/** The ISO 11649 reference for `body` (1 to 21 letters and digits). */
export function rfReference(body: string): string {
  const b = normaliseReference(body);
  if (!/^[A-Z0-9]{1,21}$/.test(b)) throw new Error(`rfReference: bad body ${body}`);
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/**
 * A member's reference as the database generates it from their `seq` (migration 2026_11_27_1500): "VS" and
 * the seq scrambled by a bijection of 0..10^10-1. Kept here to test one against the other.
 */
export function memberReference(seq: number): string {
  const body = ((BigInt(seq) * 2654435761n) % 10_000_000_000n).toString().padStart(10, '0');
  return rfReference(`VS${body}`);
}

/** A reference as people read it: groups of four ("RF18 VS00 1234 5678"). */
export function groupReference(ref: string): string {
  return normaliseReference(ref).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Every member reference found in free text (case and spaces ignored), valid check digits only. */
export function findMemberReferences(text: string): string[] {
  const flat = normaliseReference(text);
  const found = new Set<string>();
  for (const m of flat.matchAll(/RF\d{2}VS\d{10}/g)) if (isValidRfReference(m[0])) found.add(m[0]);
  return [...found];
}
