import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLink } from '../../src/modules/kyc/kyc.links.ts';
import { insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { sessionFor } from '../support/http.ts';
import {
  bigPng,
  BOUNDARY,
  GPS_MARK,
  HTML_FILE,
  jpegWithGps,
  MULTIPART_TYPE,
  multipartBody,
  pdfFile,
  pixels,
  pngWithGps,
  SVG_FILE,
} from './files.ts';

// #33: identity documents: the upload (types sniffed from the bytes, the size limit while the body streams,
// metadata stripped), encryption at rest, and the 15-minute links that serve a document to its owner and admins.

describe('identity documents (#33)', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-12-03T10:00:00.000Z');
  let member: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let memberCookie: string;

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { KYC_MAX_UPLOAD_MB: '1' } });
    [member, other, admin] = await Promise.all([
      insertUser(t.handle.db, { firstName: 'Mia' }),
      insertUser(t.handle.db, { firstName: 'Otto' }),
      insertUser(t.handle.db, { accountType: 'admin', firstName: 'Ada' }),
    ]);
    memberCookie = await sessionFor(t, member);
  });
  afterAll(() => t.close());

  const upload = (
    cookie: string | undefined,
    file: { name: string; type: string; bytes: Buffer } | undefined,
    fields: Record<string, string> = { kind: 'identity' },
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/kyc/documents',
      headers: { 'content-type': MULTIPART_TYPE, ...(cookie ? { cookie } : {}), ...headers },
      payload: multipartBody(fields, file),
    });

  const uploaded = async (file: { name: string; type: string; bytes: Buffer }, kind = 'identity') => {
    const res = await upload(memberCookie, file, { kind });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const fetchDoc = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  const storedRow = (id: string) =>
    t.handle.db.selectFrom('kyc_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('accepts a PNG, a JPEG and a PDF, and serves each back to its owner through its link', async () => {
    for (const [file, mime] of [
      [{ name: 'passport.png', type: 'image/png', bytes: pngWithGps() }, 'image/png'],
      [{ name: 'passport.JPG', type: 'image/jpeg', bytes: jpegWithGps() }, 'image/jpeg'],
      [{ name: 'bill.pdf', type: 'application/pdf', bytes: pdfFile() }, 'application/pdf'],
    ] as const) {
      const id = await uploaded(file, mime === 'application/pdf' ? 'proof_of_address' : 'identity');
      const row = await storedRow(id);
      expect(row).toMatchObject({ user_id: member.id, mime, deleted_at: null });
      const res = await fetchDoc(
        documentLink(t.config, { documentId: id, viewerId: member.id }, clock.now())!,
        memberCookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(mime === 'application/pdf' ? /^attachment;/ : /^inline;/);
      expect(res.rawPayload.length).toBe(row.size_bytes);
    }
  });

  it('strips GPS EXIF, XMP, text and comments from images and keeps the picture exactly', async () => {
    const png = pngWithGps();
    const jpg = jpegWithGps();
    expect(png.includes(GPS_MARK)).toBe(true);
    expect(jpg.includes(GPS_MARK)).toBe(true);
    for (const file of [
      { name: 'id.png', type: 'image/png', bytes: png },
      { name: 'id.jpeg', type: 'image/jpeg', bytes: jpg },
    ]) {
      const id = await uploaded(file);
      const res = await fetchDoc(
        documentLink(t.config, { documentId: id, viewerId: member.id }, clock.now())!,
        memberCookie,
      );
      const served = res.rawPayload;
      expect(served.includes(GPS_MARK)).toBe(false);
      expect(served.includes('Exif')).toBe(false);
      if (file.type === 'image/png') {
        for (const chunk of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']) expect(served.includes(chunk)).toBe(false);
        // The same pixels, decoded by an independent PNG decoder (CRCs checked).
        expect(PNG.sync.read(served).data.equals(pixels())).toBe(true);
      } else {
        expect(served.includes(Buffer.from([0xff, 0xe1]))).toBe(false); // no APP1
        expect(served.includes(Buffer.from([0xff, 0xfe]))).toBe(false); // no COM
        // Decodes to the same pixels as the JPEG did before its metadata was taken out.
        expect(Buffer.from(jpeg.decode(served, { useTArray: true }).data)).toEqual(
          Buffer.from(jpeg.decode(jpg, { useTArray: true }).data),
        );
      }
    }
  });

  it('refuses a PDF renamed .jpg, an SVG, an HTML page and a declared type that does not match the bytes', async () => {
    const cases = [
      { file: { name: 'scan.jpg', type: 'image/jpeg', bytes: pdfFile() }, reason: /sent as image\/jpeg.*a PDF/ },
      { file: { name: 'scan.jpg', type: 'application/pdf', bytes: pdfFile() }, reason: /named \.jpg.*a PDF/ },
      { file: { name: 'id.svg', type: 'image/svg+xml', bytes: SVG_FILE }, reason: /Only PNG, JPEG and PDF/ },
      { file: { name: 'id.png', type: 'image/png', bytes: SVG_FILE }, reason: /Only PNG, JPEG and PDF/ },
      { file: { name: 'id.html', type: 'text/html', bytes: HTML_FILE }, reason: /Only PNG, JPEG and PDF/ },
      { file: { name: 'id.png', type: 'image/jpeg', bytes: pngWithGps() }, reason: /sent as image\/jpeg.*a PNG/ },
      {
        file: { name: 'id', type: 'application/octet-stream', bytes: jpegWithGps() },
        reason: /declared type must match/,
      },
    ];
    const before = await t.handle.db.selectFrom('kyc_documents').select('id').execute();
    for (const { file, reason } of cases) {
      const res = await upload(memberCookie, file);
      expect(res.statusCode, `${file.name} ${file.type}: ${res.body}`).toBe(415);
      expect(res.json().err).toMatch(reason);
    }
    expect(await t.handle.db.selectFrom('kyc_documents').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a missing kind, an unknown kind, a bad expiry date and no file, each with its reason', async () => {
    const png = { name: 'id.png', type: 'image/png', bytes: pngWithGps() };
    expect((await upload(memberCookie, png, {})).json().err).toMatch(/identity, proof_of_address or selfie/);
    expect((await upload(memberCookie, png, { kind: 'passport' })).statusCode).toBe(400);
    const badDate = await upload(memberCookie, png, { kind: 'identity', expiresOn: '2031-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().err).toMatch(/expiry date/);
    const noFile = await upload(memberCookie, undefined);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().err).toMatch(/Choose the document/);
    expect(noFile.json().i18n).toEqual({ id: 'kyc.document.noFile' });
    const withDate = await upload(memberCookie, png, { kind: 'identity', expiresOn: '2031-04-21' });
    expect((await storedRow(withDate.json().id)).expires_on).toBe('2031-04-21');
  });

  it('refuses an oversized file with 413 while its body is still streaming', async () => {
    // KYC_MAX_UPLOAD_MB is 1 here. The body is sent chunked (no length to refuse it by) and never finished: the
    // answer must come while the client is still sending, not after the whole body was read.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/kyc/documents',
        headers: { 'content-type': MULTIPART_TYPE, cookie: memberCookie, 'transfer-encoding': 'chunked' },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.write(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nidentity\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      // 1.5 MB in 64 KB pieces, then nothing more: the request stays open.
      const big = bigPng(1.5 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 64 * 1024) req.write(big.subarray(i, i + 64 * 1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).err).toMatch(/larger than 1 MB/);
    // The refusal names its message (id and values), so the page shows it in the member's language.
    expect(JSON.parse(answer.body).i18n).toEqual({ id: 'kyc.document.tooLarge', values: { mb: 1 } });

    // A declared Content-Length past the limit is refused before the body is read.
    const declared = await upload(memberCookie, { name: 'big.png', type: 'image/png', bytes: bigPng(2 * 1024 * 1024) });
    expect(declared.statusCode).toBe(413);
  });

  it('stores only ciphertext: no file on disk holds the document or its metadata', async () => {
    const bytes = pdfFile();
    const id = await uploaded({ name: 'statement.pdf', type: 'application/pdf', bytes });
    const row = await storedRow(id);
    const dir = t.config.KYC_STORAGE_DIR!;
    const file = path.join(dir, row.storage_key.slice(0, 2), row.storage_key);
    const onDisk = readFileSync(file);
    expect(onDisk.subarray(0, 4).toString()).toBe('VKD1');
    expect(onDisk.includes('%PDF')).toBe(false);
    expect(onDisk.includes(bytes.subarray(9, 40))).toBe(false);
    expect(statSync(file).mode & 0o077).toBe(0);
    // No file anywhere in the store holds a plaintext signature or the GPS mark.
    const all = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(all.length).toBeGreaterThan(3);
    for (const e of all) {
      const content = readFileSync(path.join(e.parentPath, e.name));
      expect(content.includes('%PDF')).toBe(false);
      expect(content.includes('PNG')).toBe(false);
      expect(content.includes(GPS_MARK)).toBe(false);
    }
  });

  it('serves a document to nobody else: another member, a signed-out visitor, an expired or altered link', async () => {
    const id = await uploaded({ name: 'id.png', type: 'image/png', bytes: pngWithGps() });
    const own = documentLink(t.config, { documentId: id, viewerId: member.id }, clock.now())!;
    expect(own).toMatch(new RegExp(`^/api/kyc/documents/${id}\\?expires=\\d+&sig=[\\w-]+$`));
    const otherCookie = await sessionFor(t, other);

    expect((await fetchDoc(own)).statusCode).toBe(401);
    expect((await fetchDoc(own, otherCookie)).statusCode).toBe(403);
    // Another member with a link made for them: still not their document.
    const forOther = documentLink(t.config, { documentId: id, viewerId: other.id }, clock.now())!;
    expect((await fetchDoc(forOther, otherCookie)).statusCode).toBe(404);
    // Altered: the signature, the expiry, the document.
    expect((await fetchDoc(own.replace(/sig=./, 'sig=A'), memberCookie)).statusCode).toBe(403);
    const later = own.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 60_000}`);
    expect((await fetchDoc(later, memberCookie)).statusCode).toBe(403);
    const otherDoc = await uploaded(
      { name: 'bill.pdf', type: 'application/pdf', bytes: pdfFile() },
      'proof_of_address',
    );
    expect((await fetchDoc(own.replace(id, otherDoc), memberCookie)).statusCode).toBe(403);
    // Works until 15 minutes are up, then not.
    clock.advanceMs(15 * 60_000 - 1000);
    expect((await fetchDoc(own, memberCookie)).statusCode).toBe(200);
    clock.advanceMs(1000);
    const expired = await fetchDoc(own, memberCookie);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().err).toMatch(/expired/);
  });

  it("audits an admin's view by ids only, and not the owner's", async () => {
    const id = await uploaded({ name: 'selfie.jpg', type: 'image/jpeg', bytes: jpegWithGps() }, 'selfie');
    const views = () =>
      t.handle.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'kyc.document_view')
        .where('entity_id', '=', id)
        .execute();
    await fetchDoc(documentLink(t.config, { documentId: id, viewerId: member.id }, clock.now())!, memberCookie);
    expect(await views()).toHaveLength(0);
    const adminCookie = await sessionFor(t, admin);
    // A member's link does not open it for an admin: links are per viewer.
    const memberLink = documentLink(t.config, { documentId: id, viewerId: member.id }, clock.now())!;
    expect((await fetchDoc(memberLink, adminCookie)).statusCode).toBe(403);
    const res = await fetchDoc(
      documentLink(t.config, { documentId: id, viewerId: admin.id }, clock.now())!,
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    const rows = await views();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, entity_type: 'kyc_document' });
    expect(rows[0]!.after).toEqual({ documentId: id, userId: member.id, kind: 'selfie' });
  });

  it('keeps the request guards: a cross-site upload is refused, and multipart is refused on other paths', async () => {
    const png = { name: 'id.png', type: 'image/png', bytes: pngWithGps() };
    const cross = await upload(memberCookie, png, { kind: 'identity' }, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    const own = await upload(memberCookie, png, { kind: 'identity' }, { origin: 'http://vestora.test' });
    expect(own.statusCode).toBe(201);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/trpc/user.logout',
      headers: { 'content-type': MULTIPART_TYPE, cookie: memberCookie },
      payload: multipartBody({ kind: 'identity' }, png),
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('authorization of the REST paths: POST is for signed-in members, GET for the owner and admins', async () => {
    const png = () => ({ name: 'id.png', type: 'image/png', bytes: pngWithGps() });
    const adminCookie = await sessionFor(t, admin);
    const outcome = {
      anonymous: (await upload(undefined, png())).statusCode,
      member: (await upload(memberCookie, png())).statusCode,
      admin: (await upload(adminCookie, png())).statusCode,
    };
    expect(outcome).toEqual({ anonymous: 401, member: 201, admin: 403 });
    const id = await uploaded(png());
    const linkFor = (viewerId: string) => documentLink(t.config, { documentId: id, viewerId }, clock.now())!;
    const otherCookie = await sessionFor(t, other);
    expect({
      anonymous: (await fetchDoc(linkFor(member.id))).statusCode,
      owner: (await fetchDoc(linkFor(member.id), memberCookie)).statusCode,
      otherMember: (await fetchDoc(linkFor(other.id), otherCookie)).statusCode,
      admin: (await fetchDoc(linkFor(admin.id), adminCookie)).statusCode,
    }).toEqual({ anonymous: 401, owner: 200, otherMember: 404, admin: 200 });
  });
});
