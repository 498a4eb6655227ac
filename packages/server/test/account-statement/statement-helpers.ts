// Shared fixtures for the account statement proofs (not a test file itself).
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import type { Database } from '../../src/db/create-db.ts';
import { adjustBalance } from '../../src/test/factories.ts';

/** Ledger adjustments dated `at` (the ledger keeps the time the money core is given). */
export async function moveAt(db: Database, userId: string, cents: number, at: string, memo = 'test') {
  return adjustBalance(db, userId, cents, memo, { at: new Date(at) });
}

/** A member's statements, as stored (cents), oldest month first. */
export function storedStatements(db: Database, userId?: string) {
  return db
    .selectFrom('account_statements')
    .select(['id', 'user_id', 'opening_cents', 'closing_cents', 'entry_count', 'credits_cents', 'debits_cents', 'csv'])
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('month')
    .execute();
}

/** CSV text to rows of cells (the statement's CSV quotes only what needs it). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r') continue;
    else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

/**
 * Loads a PDF with pdf-lib (it must parse) and answers its page count and the text its pages draw: pdf-lib writes
 * standard-font text as hex strings (`<48656C6C6F> Tj`) in flate-compressed content streams.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const filter = obj.dict.toString();
    const raw = filter.includes('FlateDecode') ? inflateSync(obj.contents) : Buffer.from(obj.contents);
    const content = raw.toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      parts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return { pages: doc.getPageCount(), text: parts.join('\n') };
}
