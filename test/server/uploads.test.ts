/**
 * The direct-upload flow through the real app: presign, PUT with Content-MD5 (checksum, size and
 * type by content checked), then a license submitted with the file; isolation and replays.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, files } from '../../server/db/schema/activities';
import { licenses } from '../../server/db/schema/activity-records';
import { UPLOAD_MESSAGES } from '../../src/api/contracts/activities';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { EXE, inFuture, md5, PDF, presign, put, uploaded } from './uploads-helpers';

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

  it('a PNG logo becomes the organization’s logo and is served by its unguessable address', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(40, 3),
    ]);
    const file = await uploaded(t, owner, png, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/upload_logo',
      headers: owner.headers,
      payload: { logo: file.signed_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Logo updated successfully');
    const served = await t.app.inject({ method: 'GET', url: res.json().logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const pdf = await uploaded(t, owner);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities/upload_logo',
      headers: owner.headers,
      payload: { logo: pdf.signed_id },
    });
    expect(refused.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/logos/${pdf.signed_id}` })).statusCode).toBe(
      404,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/activities/logo',
      headers: owner.headers,
    });
    expect(removed.json().message).toBe('Logo has been removed successfully.');
  });
});
