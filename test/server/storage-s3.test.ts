/**
 * Files on S3-compatible storage (STORAGE=s3) against a real S3-protocol server (s3rver, started
 * here): the browser's whole upload flow (presign, a cross-origin PUT with Content-MD5 straight to
 * the bucket, the server's checks of the stored object, the task accepting the signed id), a wrong
 * checksum and a renamed executable refused, downloads (an export CSV, the logo) as presigned GETs
 * that stop working when they expire, the CSP letting pages reach the bucket, and the sweep keeping
 * a file an offline device PUT but had not yet attached. Upload URLs sign the file's MD5 and
 * length and work for minutes, and an accepted file is a copy no presigned URL can write, so using
 * the URL again changes nothing the portal serves (issue 47, item 4).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/activities';
import { licenses } from '../../server/db/schema/activity-records';
import { storageFor } from '../../server/domain/storage/storage';
import { sweepAbandonedUploads } from '../../server/domain/storage/storage-sweep';
import { UPLOAD_URL_SECONDS } from '../../server/domain/storage/uploads';
import { UPLOAD_MESSAGES } from '../../src/api/contracts/activities';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { BUCKET, PAGE_ORIGIN, type S3Server, startS3Server } from './s3-server';
import { EXE, inFuture, md5, PDF, type Presigned, presign } from './uploads-helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 3),
]);
/** Presigned download links live this long here, so a test can see one expire. */
const LINK_SECONDS = 4;

/** The browser's PUT: straight to the bucket's URL, with the headers the URL was signed with. */
const putToBucket = (p: Presigned, bytes: Buffer) =>
  fetch(p.direct_upload.url, {
    method: 'PUT',
    headers: { ...p.direct_upload.headers, Origin: PAGE_ORIGIN },
    body: new Uint8Array(bytes),
  });

async function until<T>(read: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(dbKinds)('files on S3 storage (%s)', (kind) => {
  let s3: S3Server;
  let t: TestApp;
  let owner: Session;
  const submitLicense = (s: Session, signedId: string, number: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/verify_license',
      headers: s.headers,
      payload: {
        license_required: 1,
        name: 'Maria Alvarez',
        type: 'Plumbing',
        number,
        expiration_date: inFuture(200),
        file: signedId,
      },
    });
  const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];

  beforeAll(async () => {
    s3 = await startS3Server(LINK_SECONDS);
    t = await startApp(kind, { storage: s3.settings });
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads straight to the bucket, checks the object, then the task accepts the signed id', async () => {
    const p = await presign(t, owner, PDF, 'application/pdf');
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const url = new URL(p.body.direct_upload.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/org-\\d+/[0-9a-f]{32}$`));
    // The URL takes only the declared bytes (their MD5 and length are signed), for minutes.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-md5;content-type;host');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(UPLOAD_URL_SECONDS);
    expect(UPLOAD_URL_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(p.body.direct_upload.headers).toEqual({
      'Content-Type': 'application/pdf',
      'Content-MD5': md5(PDF),
    });

    // The page's preflight for a cross-origin PUT with Content-MD5 is allowed by the bucket's CORS.
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE_ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-md5,content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect([PAGE_ORIGIN, '*']).toContain(preflight.headers.get('access-control-allow-origin'));
    const put = await putToBucket(p.body, PDF);
    expect(put.status).toBe(200);
    // The bytes went to the bucket, not through the API: nothing is marked until a task names it.
    expect((await fileRow(p.body.id)).uploaded_at).toBeNull();

    const res = await submitLicense(owner, p.body.signed_id, 'S3-PL-1');
    expect(res.statusCode, res.body).toBe(200);
    expect((await fileRow(p.body.id)).uploaded_at).not.toBeNull();
    const [license] = await t.db.select().from(licenses).where(eq(licenses.number, 'S3-PL-1'));
    expect(license.file_id).toBe(p.body.id);
    const { storage_key } = await fileRow(p.body.id);
    expect(storage_key).toMatch(/^accepted\/org-\d+\/[0-9a-f]{32}$/);
    const stored = await storageFor(t.config).get(storage_key);
    expect(stored?.equals(PDF)).toBe(true);
  });

  it('keeps an accepted file when its still-valid presigned PUT is used again (issue 47, item 4)', async () => {
    // Presigned as the outbox does it, with its item's key.
    const presignKeyed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/activities/assets/presigned_url?${new URLSearchParams({
          filename: 'logo.png',
          checksum: md5(PNG),
          byte_size: String(PNG.length),
          content_type: 'image/png',
          purpose: 'logo',
        })}`,
        headers: { ...owner.headers, 'idempotency-key': 'logo-accepted-1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Presigned;
    };
    const p = { body: await presignKeyed() };
    expect((await putToBucket(p.body, PNG)).status).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/upload_logo',
      headers: owner.headers,
      payload: { logo: p.body.signed_id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = async () => {
      const served = await t.app.inject({ method: 'GET', url: saved.json().logo_url });
      expect(served.statusCode).toBe(302);
      return Buffer.from(await (await fetch(String(served.headers.location))).arrayBuffer());
    };
    expect((await logo()).equals(PNG)).toBe(true);

    // The attack: 2.6 MB with no checksum to the same URL, within its life. This test server, like
    // some S3-compatible stores, checks neither the signed Content-MD5 nor the length: it stores it.
    const junk = Buffer.alloc(2_600_000, 7);
    const replaced = await fetch(p.body.direct_upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', Origin: PAGE_ORIGIN },
      body: new Uint8Array(junk),
    });
    expect(replaced.status).toBe(200);
    // What the portal serves is the accepted copy, which no presigned URL writes.
    expect((await logo()).equals(PNG)).toBe(true);
    expect((await fileRow(p.body.id)).byte_size).toBe(PNG.length);
    // A presign repeated for the accepted file (its outbox key) gets a URL for the upload key only.
    const again = await presignKeyed();
    expect(again.signed_id).toBe(p.body.signed_id);
    expect(new URL(again.direct_upload.url).pathname).toBe(new URL(p.body.direct_upload.url).pathname);
    expect((await fetch(again.direct_upload.url, { method: 'PUT', body: new Uint8Array(junk) })).status).toBe(
      200,
    );
    expect((await logo()).equals(PNG)).toBe(true);
  });

  it('checks a file accepted before accepted copies existed again when it is served', async () => {
    const p = await presign(t, owner, PNG, 'image/png', 'logo.png');
    expect((await putToBucket(p.body, PNG)).status).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/upload_logo',
      headers: owner.headers,
      payload: { logo: p.body.signed_id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // As an older server left it: the row names the object its PUT URL wrote, now replaced.
    const uploadKey = (await fileRow(p.body.id)).storage_key.replace(/^accepted\//, '');
    await t.db.update(files).set({ storage_key: uploadKey }).where(eq(files.id, p.body.id));
    await putToBucket(p.body, PNG);
    expect((await t.app.inject({ method: 'GET', url: saved.json().logo_url })).statusCode).toBe(302);
    await fetch(p.body.direct_upload.url, { method: 'PUT', body: new Uint8Array(Buffer.alloc(5000, 7)) });
    expect((await t.app.inject({ method: 'GET', url: saved.json().logo_url })).statusCode).toBe(404);
  });

  it('refuses a file whose stored bytes do not match the checksum, or never arrived', async () => {
    const p = await presign(t, owner, PDF, 'application/pdf');
    const tampered = Buffer.from(PDF);
    tampered[tampered.length - 2] ^= 1;
    // S3 itself refuses a body that does not match its signed Content-MD5; this test server does
    // not, so this is the server's own check of the stored object.
    expect((await putToBucket(p.body, tampered)).status).toBe(200);
    const res = await submitLicense(owner, p.body.signed_id, 'S3-BAD-SUM');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([UPLOAD_MESSAGES.checksum]);
    expect((await fileRow(p.body.id)).uploaded_at).toBeNull();

    const never = await presign(t, owner, PDF, 'application/pdf');
    const missing = await submitLicense(owner, never.body.signed_id, 'S3-NEVER');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual([UPLOAD_MESSAGES.required]);
  });

  it('refuses a renamed executable by its content (a ranged read of its first bytes)', async () => {
    const p = await presign(t, owner, EXE, 'application/pdf', 'license.pdf');
    expect((await putToBucket(p.body, EXE)).status).toBe(200);
    const res = await submitLicense(owner, p.body.signed_id, 'S3-EXE');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([UPLOAD_MESSAGES.type]);
    expect((await fileRow(p.body.id)).uploaded_at).toBeNull();
  });

  it('hands out an export CSV as a presigned GET of the bucket that expires', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/export',
      headers: owner.headers,
      payload: { start_date: '2026-11-01', end_date: '2026-11-20' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { action, message: link, export_id } = res.json();
    expect(action).toBe('download');
    expect(new URL(link).origin).toBe(s3.endpoint);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d+-[0-9a-f]+\.csv"$/,
    );
    expect((await file.text()).replace(/^\uFEFF/, '')).toMatch(/^Lead ID,Type,Name,Created,Service/);
    // The bell's link to the same file is a presigned GET too.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/export/${export_id}`,
      headers: owner.headers,
    });
    expect(new URL(again.json().export_file_url).origin).toBe(s3.endpoint);

    const expired = await until(async () => {
      const answer = await fetch(link);
      const text = await answer.text();
      return answer.status === 403 && text;
    });
    expect(expired).toContain('Request has expired');
  });

  it('serves the logo by a redirect to a presigned GET, and lets pages reach the bucket (CSP)', async () => {
    const p = await presign(t, owner, PNG, 'image/png', 'logo.png');
    expect((await putToBucket(p.body, PNG)).status).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/upload_logo',
      headers: owner.headers,
      payload: { logo: p.body.signed_id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: saved.json().logo_url });
    expect(served.statusCode).toBe(302);
    const location = String(served.headers.location);
    expect(new URL(location).origin).toBe(s3.endpoint);
    const image = await fetch(location);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const csp = String(served.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toContain(s3.endpoint);
    expect(directive('img-src')).toContain(s3.endpoint);
    expect(directive('script-src')).not.toContain(s3.endpoint);
  });

  it('sweeps abandoned uploads after a day, but keeps one whose bytes arrived (an offline device)', async () => {
    const arrived = await presign(t, owner, PDF, 'application/pdf');
    expect((await putToBucket(arrived.body, PDF)).status).toBe(200);
    const abandoned = await presign(t, owner, PDF, 'application/pdf');
    const fresh = await presign(t, owner, PDF, 'application/pdf');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [arrived.body.id, abandoned.body.id])
      await t.db.update(files).set({ created_at: twoDaysAgo }).where(eq(files.id, id));

    await sweepAbandonedUploads(t.db, storageFor(t.config));
    expect((await fileRow(arrived.body.id)).uploaded_at).not.toBeNull();
    expect(await fileRow(abandoned.body.id)).toBeUndefined();
    expect((await fileRow(fresh.body.id)).uploaded_at).toBeNull();
    // The kept file is the user's: the task they send when back online accepts it.
    const res = await submitLicense(owner, arrived.body.signed_id, 'S3-LATE');
    expect(res.statusCode, res.body).toBe(200);
  });
});
