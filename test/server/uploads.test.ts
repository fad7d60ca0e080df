/**
 * The direct-upload flow through the real app: presign, PUT with Content-MD5 (checksum, size and
 * type by content checked), then a license submitted with the file; isolation and replays.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, files } from '../../server/db/schema/activities';
import { licenses } from '../../server/db/schema/activity-records';
import { UPLOAD_MESSAGES } from '../../src/api/contracts/activities';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64, 1)]);
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Presigned = {
  direct_upload: { url: string; headers: Record<string, string> };
  signed_id: string;
  id: number;
};

export async function presign(t: TestApp, s: Session, bytes: Buffer, type: string, name = 'license.pdf') {
  const query = new URLSearchParams({
    filename: name,
    checksum: md5(bytes),
    byte_size: String(bytes.length),
    content_type: type,
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/activities/assets/presigned_url?${query}`,
    headers: s.headers,
  });
  return { status: res.statusCode, body: res.json() as Presigned };
}

export async function put(
  t: TestApp,
  presigned: Presigned,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: presigned.direct_upload.url,
    headers: { ...presigned.direct_upload.headers, ...headers },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function uploaded(t: TestApp, s: Session, bytes = PDF, type = 'application/pdf') {
  const p = await presign(t, s, bytes, type);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const u = await put(t, p.body, bytes);
  expect(u.status, JSON.stringify(u.body)).toBe(200);
  return p.body;
}

describe.each(dbKinds)('uploads on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it('stores a checked file under the data directory', async () => {
    const p = await uploaded(t, owner);
    const [row] = await t.db.select().from(files).where(eq(files.id, p.id));
    expect(row.uploaded_at).not.toBeNull();
    expect(row.checksum).toBe(md5(PDF));
    expect(existsSync(join(t.config.dataDir, 'uploads', row.storage_key))).toBe(true);
    // The same bytes again: ok, nothing rewritten.
    expect((await put(t, p, PDF)).status).toBe(200);
  });

  it('refuses bad declarations and a renamed executable, by content', async () => {
    expect((await presign(t, owner, PDF, 'application/x-msdownload')).status).toBe(422);
    const tooBig = new URLSearchParams({
      filename: 'a.pdf',
      checksum: md5(PDF),
      byte_size: String(3 * 1024 * 1024),
      content_type: 'application/pdf',
    });
    const big = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activities/assets/presigned_url?${tooBig}`,
      headers: owner.headers,
    });
    expect(big.statusCode).toBe(422);
    expect(JSON.stringify(big.json())).toContain(UPLOAD_MESSAGES.size);

    const exe = await presign(t, owner, EXE, 'application/pdf', 'license.pdf');
    const refused = await put(t, exe.body, EXE);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(UPLOAD_MESSAGES.type);
    const [row] = await t.db.select().from(files).where(eq(files.id, exe.body.id));
    expect(row.uploaded_at).toBeNull();
  });

  it('checks the checksum and the size', async () => {
    const p = await presign(t, owner, PDF, 'application/pdf');
    const other = Buffer.from(PDF);
    other[other.length - 2] = 0x41;
    expect((await put(t, p.body, other)).status).toBe(400);
    expect((await put(t, p.body, PDF, { 'Content-MD5': md5(other) })).status).toBe(400);
    expect((await put(t, p.body, Buffer.concat([PDF, Buffer.from('x')]))).status).toBeGreaterThanOrEqual(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: p.body.direct_upload.url.replace(/sig=[^&]+/, 'sig=nope'),
      payload: PDF,
      headers: p.body.direct_upload.headers,
    });
    expect(bad.statusCode).toBe(404);
  });

  it('a license with its file, delivered once under one Idempotency-Key; another customer cannot use the file', async () => {
    const p = await uploaded(t, owner);
    const [task] = await t.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.key, 'verify_license'),
          eq(
            activities.organization_id,
            (await t.db.select().from(files).where(eq(files.id, p.id)))[0].organization_id,
          ),
        ),
      );
    const body = {
      license_required: 1,
      name: 'Maria Alvarez',
      type: 'Plumbing',
      number: 'PL-1',
      expiration_date: inFuture(200),
      file: p.signed_id,
      activity_id: task.id,
    };
    const before = await t.db.select().from(licenses).where(isNull(licenses.deleted_at));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/activities/verify_license',
        headers: { ...owner.headers, 'idempotency-key': 'license-once-1' },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    const after = await t.db.select().from(licenses).where(isNull(licenses.deleted_at));
    expect(after.length).toBe(before.length + 1);
    const added = after.find((l) => l.number === 'PL-1');
    expect(added?.file_id).toBe(p.id);
    const [done] = await t.db.select().from(activities).where(eq(activities.id, task.id));
    expect(done.status).toBe('completed');

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/verify_license',
      headers: franchise.headers,
      payload: { ...body, activity_id: null, number: 'X' },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/activities/assets/${p.id}`,
      headers: franchise.headers,
    });
    expect(foreignDelete.statusCode).toBe(404);
  });

  it('a file whose bytes never arrived cannot be attached', async () => {
    const p = await presign(t, owner, PDF, 'application/pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/verify_license',
      headers: owner.headers,
      payload: {
        license_required: 1,
        name: 'A',
        type: 'B',
        number: 'C',
        expiration_date: inFuture(30),
        file: p.body.signed_id,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([UPLOAD_MESSAGES.required]);
  });
});
