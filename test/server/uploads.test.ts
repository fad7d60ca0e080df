/**
 * The direct-upload flow through the real app: presign, PUT with Content-MD5 (checksum, size and
 * type by content checked), then a license submitted with the file; isolation and replays; a
 * presign repeated under its Idempotency-Key answers the same file; never-uploaded rows are swept
 * after a day by their recurring job.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, files } from '../../server/db/schema/activities';
import { licenses } from '../../server/db/schema/activity-records';
import { jobs } from '../../server/db/schema/jobs';
import { UPLOAD_SWEEP_JOB } from '../../server/domain/storage/storage-sweep';
import { recurringKey } from '../../server/jobs/queue';
import { UPLOAD_MESSAGES } from '../../src/api/contracts/activities';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { EXE, inFuture, md5, PDF, type Presigned, presign, put, uploaded } from './uploads-helpers';

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

  const presignKeyed = async (key: string, bytes = PDF, name = 'license.pdf') => {
    const query = new URLSearchParams({
      filename: name,
      checksum: md5(bytes),
      byte_size: String(bytes.length),
      content_type: 'application/pdf',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activities/assets/presigned_url?${query}`,
      headers: { ...owner.headers, 'idempotency-key': key },
    });
    return { status: res.statusCode, body: res.json() as Presigned };
  };
  const rowsOfKey = (key: string) => t.db.select().from(files).where(eq(files.presign_key, key));

  it('a presign repeated under its Idempotency-Key (its answer was lost) answers the same file', async () => {
    const key = `outbox-item-${kind}-1:file-0`;
    const [first, second] = [await presignKeyed(key), await presignKeyed(key)];
    expect(first.status).toBe(200);
    expect(second.body.signed_id).toBe(first.body.signed_id);
    expect(second.body.id).toBe(first.body.id);
    // Both at once, as a retry racing its lost original: still one row.
    const racing = `outbox-item-${kind}-2:file-0`;
    const both = await Promise.all([presignKeyed(racing), presignKeyed(racing)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1].body.signed_id).toBe(both[0].body.signed_id);
    expect(await rowsOfKey(racing)).toHaveLength(1);
    // Either answer's URL uploads the file; the other file of the item has its own key and row.
    expect((await put(t, second.body, PDF)).status).toBe(200);
    expect((await presignKeyed(`outbox-item-${kind}-1:file-1`)).body.id).not.toBe(first.body.id);
    expect(await rowsOfKey(key)).toHaveLength(1);

    const reused = await presignKeyed(key, EXE, 'other.pdf');
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ errors: { 'Idempotency-Key': [expect.any(String)] } });
    expect((await presignKeyed('short')).status).toBe(400);
    // Another user's same key is theirs alone.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/activities/assets/presigned_url?${new URLSearchParams({
        filename: 'license.pdf',
        checksum: md5(PDF),
        byte_size: String(PDF.length),
        content_type: 'application/pdf',
      })}`,
      headers: { ...franchise.headers, 'idempotency-key': key },
    });
    expect(other.json().signed_id).not.toBe(first.body.signed_id);
  });

  it('sweeps never-uploaded files after a day, in a recurring job scheduled once', async () => {
    const [schedule] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, recurringKey(UPLOAD_SWEEP_JOB)));
    expect(schedule).toMatchObject({ kind: UPLOAD_SWEEP_JOB, status: 'queued' });

    const lost = await presign(t, owner, PDF, 'application/pdf');
    const fresh = await presign(t, owner, PDF, 'application/pdf');
    const done = await uploaded(t, owner);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [lost.body.id, done.id])
      await t.db.update(files).set({ created_at: twoDaysAgo }).where(eq(files.id, id));
    // Due now: the app's worker claims it, sweeps and puts it back for its next run.
    await t.db.update(jobs).set({ run_at: new Date() }).where(eq(jobs.id, schedule.id));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, schedule.id));
      if (job.status === 'queued' && job.finished_at && job.run_at.getTime() > Date.now() + 30 * 60_000)
        break;
      if (Date.now() > deadline) throw new Error(`the sweep did not run: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const ids = (await t.db.select({ id: files.id }).from(files)).map((r) => r.id);
    expect(ids).not.toContain(lost.body.id);
    expect(ids).toContain(fresh.body.id);
    expect(ids).toContain(done.id);
  });
});
