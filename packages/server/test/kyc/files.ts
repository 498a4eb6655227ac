// Hand-made identity document files for #33's tests: real, decodable PNG and JPEG images carrying GPS EXIF (and
// text, XMP, comments), a PDF, an SVG and an HTML page; and a multipart/form-data body builder.
import { randomBytes } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A place that must never survive an upload: 48°51'29.6"N 2°17'40.2"E, written in every metadata slot below. */
export const GPS_MARK = 'GPS 48.858222N 2.294500E';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8×8 image with a gradient: its pixels are what must come out of a stripped file unchanged. */
export function pixels(width = 8, height = 8): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = x * 32;
      data[i + 1] = y * 32;
      data[i + 2] = 128;
      data[i + 3] = 255;
    }
  }
  return data;
}

/**
 * A TIFF/EXIF block (little-endian) with IFD0 → a GPS IFD holding GPSLatitudeRef 'N', GPSLatitude 48/1 51/1
 * 296/10, GPSLongitudeRef 'E', GPSLongitude 2/1 17/1 402/10, and an ImageDescription naming the same place.
 */
export function exifWithGps(): Buffer {
  const desc = Buffer.from(`${GPS_MARK}\0`, 'latin1');
  const entry = (tag: number, type: number, count: number, value: number) => {
    const e = Buffer.alloc(12);
    e.writeUInt16LE(tag, 0);
    e.writeUInt16LE(type, 2);
    e.writeUInt32LE(count, 4);
    e.writeUInt32LE(value, 8);
    return e;
  };
  // Layout: header (8) | IFD0 (2 + 2×12 + 4 = 30) at 8 | GPS IFD (2 + 4×12 + 4 = 54) at 38 | rationals at 92 | desc at 140
  const ifd0At = 8;
  const gpsAt = ifd0At + 30;
  const ratAt = gpsAt + 54;
  const descAt = ratAt + 48;
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, ifd0At, 0, 0, 0]);
  const ifd0 = Buffer.concat([
    Buffer.from([2, 0]),
    entry(0x010e, 2, desc.length, descAt), // ImageDescription (ASCII)
    entry(0x8825, 4, 1, gpsAt), // GPSInfo IFD pointer
    Buffer.alloc(4),
  ]);
  const ascii = (c: string) => c.charCodeAt(0); // a 1–4 byte ASCII value sits in the offset field itself
  const gps = Buffer.concat([
    Buffer.from([4, 0]),
    entry(0x0001, 2, 2, ascii('N')),
    entry(0x0002, 5, 3, ratAt),
    entry(0x0003, 2, 2, ascii('E')),
    entry(0x0004, 5, 3, ratAt + 24),
    Buffer.alloc(4),
  ]);
  const rationals = Buffer.alloc(48);
  [48, 1, 51, 1, 296, 10, 2, 1, 17, 1, 402, 10].forEach((v, i) => rationals.writeUInt32LE(v, i * 4));
  return Buffer.concat([header, ifd0, gps, rationals, desc]);
}

/** A PNG with tEXt, zTXt, iTXt, eXIf (GPS) and tIME chunks besides the image. */
export function pngWithGps(): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  pixels().copy(png.data);
  const plain = PNG.sync.write(png);
  const ihdrEnd = 8 + 12 + 13;
  const time = Buffer.from([0x07, 0xea, 12, 3, 10, 0, 0]);
  const extra = Buffer.concat([
    pngChunk('tEXt', Buffer.from(`Comment\0${GPS_MARK}`, 'latin1')),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`, 'latin1')),
    pngChunk(
      'zTXt',
      Buffer.concat([Buffer.from('Location\0\0', 'latin1'), Buffer.from([0x78, 0x9c, 0x03, 0, 0, 0, 0, 1])]),
    ),
    pngChunk('eXIf', exifWithGps()),
    pngChunk('tIME', time),
  ]);
  return Buffer.concat([plain.subarray(0, ihdrEnd), extra, plain.subarray(ihdrEnd)]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline JPEG with APP1 EXIF (GPS), APP1 XMP, APP13 (Photoshop IPTC) and COM segments after SOI. */
export function jpegWithGps(): Buffer {
  const plain = Buffer.from(jpeg.encode({ data: pixels(), width: 8, height: 8 }, 90).data);
  const extra = Buffer.concat([
    jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps()])),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`, 'latin1')),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${GPS_MARK}`, 'latin1')),
    jpegSegment(0xfe, Buffer.from(`Taken at ${GPS_MARK}`, 'latin1')),
  ]);
  return Buffer.concat([plain.subarray(0, 2), extra, plain.subarray(2)]);
}

export function pdfFile(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

export const SVG_FILE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
export const HTML_FILE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** Random bytes that start as a PNG would (for the size limit: never decoded). */
export function bigPng(bytes: number): Buffer {
  const b = randomBytes(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}

export const BOUNDARY = '----vestora-test-boundary-7f3a';

/** A multipart/form-data body: text fields, then the file part (name, declared type, bytes). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
