// #33: what an uploaded identity document is, from its bytes (never its name or declared type alone), and the
// same image without its metadata (EXIF with GPS, XMP, comments). Pure: bytes in, bytes or a verdict out.
import type { TKycDocumentMime } from '@vestora/contract';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes are (PNG, JPEG or PDF), or null for anything else (SVG, HTML, a ZIP, text...). */
export function sniffMime(bytes: Uint8Array): TKycDocumentMime | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** A declared Content-Type as one of ours (`image/jpg` and `image/pjpeg` are what some clients say for JPEG). */
export function declaredMime(contentType: string | undefined): string {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t;
}

/** The file name extensions each type may have. */
export const EXTENSIONS: Record<TKycDocumentMime, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'application/pdf': ['pdf'],
};

/** A file name's extension (lower case), or null when it has none. */
export function extensionOf(fileName: string | undefined): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** Thrown when an image's structure cannot be walked (truncated, a chunk that runs past the end...). */
export class MalformedImageError extends Error {}

/** PNG chunks that carry text, EXIF (GPS) or a time, never pixels: dropped. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/**
 * The PNG without its tEXt, zTXt, iTXt, eXIf and tIME chunks; every other chunk (IHDR, PLTE, IDAT, IEND, colour
 * information...) is copied byte for byte, CRC included, so the image decodes exactly as before.
 */
export function stripPng(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Buffer[] = [b.subarray(0, 8)];
  let pos = 8;
  let sawEnd = false;
  while (pos < b.length) {
    if (pos + 12 > b.length) throw new MalformedImageError('PNG chunk header runs past the end');
    const length = b.readUInt32BE(pos);
    const type = b.subarray(pos + 4, pos + 8).toString('latin1');
    const end = pos + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > b.length) throw new MalformedImageError('PNG chunk runs past the end');
    if (pos === 8 && type !== 'IHDR') throw new MalformedImageError('PNG does not start with IHDR');
    if (!PNG_DROPPED.has(type)) kept.push(b.subarray(pos, end));
    pos = end;
    if (type === 'IEND') {
      sawEnd = true;
      break; // anything after IEND is not part of the image (and may hide data): dropped too
    }
  }
  if (!sawEnd) throw new MalformedImageError('PNG has no IEND chunk');
  return new Uint8Array(Buffer.concat(kept));
}

/**
 * The JPEG without its APP1–APP15 segments (EXIF with GPS, XMP, ICC, maker notes, Photoshop's IPTC) and its COM
 * comments. APP0 (JFIF) stays, and so does an APP14 "Adobe" segment: it holds no data about anyone, only how the
 * colour channels are encoded, and without it a CMYK or YCCK scan decodes with wrong colours. Everything from the
 * first SOS (start of scan: the compressed image and what follows it) is copied as it is.
 */
export function stripJpeg(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Buffer[] = [b.subarray(0, 2)];
  let pos = 2;
  for (;;) {
    if (pos >= b.length) throw new MalformedImageError('JPEG ends before its image data');
    if (b[pos] !== 0xff) throw new MalformedImageError('JPEG marker expected');
    // Fill bytes: any number of 0xFF may precede a marker.
    while (pos < b.length && b[pos] === 0xff) pos++;
    if (pos >= b.length) throw new MalformedImageError('JPEG ends inside a marker');
    const marker = b[pos]!;
    const start = pos - 1;
    pos++;
    // Markers without a length: TEM and RST0–7 (not expected before SOS, but harmless).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(b.subarray(start, pos));
      continue;
    }
    if (marker === 0xd9) throw new MalformedImageError('JPEG ends before its image data');
    if (pos + 2 > b.length) throw new MalformedImageError('JPEG segment length runs past the end');
    const length = b.readUInt16BE(pos);
    const end = pos + length;
    if (length < 2 || end > b.length) throw new MalformedImageError('JPEG segment runs past the end');
    if (marker === 0xda) {
      kept.push(b.subarray(start));
      break;
    }
    const isApp = marker >= 0xe1 && marker <= 0xef;
    const isAdobe = marker === 0xee && b.subarray(pos + 2, pos + 7).toString('latin1') === 'Adobe';
    if (!((isApp && !isAdobe) || marker === 0xfe)) kept.push(b.subarray(start, end));
    pos = end;
  }
  return new Uint8Array(Buffer.concat(kept));
}

/** The bytes to store: images without their metadata, a PDF as it came. */
export function stripMetadata(mime: TKycDocumentMime, bytes: Uint8Array): Uint8Array {
  if (mime === 'image/png') return stripPng(bytes);
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  return bytes;
}
