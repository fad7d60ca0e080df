import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../../src/db/app-db';
import { db } from '../../../src/db/db';
import {
  discardItem,
  editItem,
  enqueue,
  listOutbox,
  onEnqueued,
  resetBackoff,
  retryItem,
  toOutboxBody,
} from '../../../src/sync/outbox';

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

const write = (userId: number, n: number) =>
  enqueue({ userId, method: 'POST', path: `/things/${n}`, body: { n }, label: `Write ${n}` });

describe('enqueue', () => {
  it('stores the write with everything the sender and the panel need', async () => {
    const id = await enqueue(
      {
        userId: 7,
        method: 'PUT',
        path: '/notifications/3',
        label: 'Mark notification as read',
        refresh: ['/notifications'],
      },
      5000,
    );
    const item = await db.outbox.get(id);
    expect(item).toMatchObject({
      user_id: 7,
      method: 'PUT',
      url: '/notifications/3',
      body: { kind: 'none' },
      label: 'Mark notification as read',
      status: 'queued',
      attempts: 0,
      error: null,
      created_at: 5000,
      next_attempt_at: 5000,
      refresh: ['/notifications'],
    });
    expect(item?.idempotency_key).toMatch(/^[\w-]{16,}$/);
  });

  it('joins the caller’s transaction: a rolled-back change leaves no pending request, and vice versa', async () => {
    await db.notifications.put({
      user_id: 1,
      notification_id: 1,
      message: 'm',
      action: 'no_action',
      index: null,
      id: null,
      is_read: false,
      created_at: 'x',
    });
    const failing = db.transaction('rw', db.notifications, db.outbox, async () => {
      await db.notifications.update([1, 1], { is_read: true });
      await write(1, 1);
      throw new Error('the rest of the action failed');
    });
    await expect(failing).rejects.toThrow('the rest of the action failed');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.notifications.get([1, 1]))?.is_read).toBe(false);

    const announced = vi.fn();
    const stop = onEnqueued(announced);
    await db.transaction('rw', db.notifications, db.outbox, async () => {
      await db.notifications.update([1, 1], { is_read: true });
      await write(1, 2);
      expect(announced).not.toHaveBeenCalled();
    });
    expect(announced).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(1);
    stop();
  });

  it('refuses to run in a transaction that does not include the outbox', async () => {
    await expect(db.transaction('rw', db.notifications, () => write(1, 1))).rejects.toThrow();
  });

  it('lists each user’s items oldest first', async () => {
    await write(1, 1);
    await write(2, 1);
    await write(1, 2);
    await write(1, 3);
    expect((await listOutbox(1)).map((item) => item.url)).toEqual(['/things/1', '/things/2', '/things/3']);
    expect(await listOutbox(2)).toHaveLength(1);
  });

  it('keeps file uploads as Blobs, with their names, across a reload', async () => {
    const form = new FormData();
    form.append('activity_id', '12');
    form.append('logo', new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await enqueue({
      userId: 1,
      method: 'POST',
      path: '/activities/upload_logo',
      body: form,
      label: 'Upload logo',
    });
    db.close();
    const reopened = new AppDb();
    try {
      const [item] = await reopened.outbox.toArray();
      expect(item.body.kind).toBe('multipart');
      const parts = item.body.kind === 'multipart' ? item.body.parts : [];
      expect(parts[0]).toEqual({ name: 'activity_id', value: '12' });
      const file = parts[1];
      expect('blob' in file && file.filename).toBe('logo.png');
      expect('blob' in file && file.blob.type).toBe('image/png');
      expect('blob' in file && [...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    } finally {
      reopened.close();
      await db.open();
    }
  });
});

describe('the user’s controls', () => {
  it('retry queues a failed item now, discard deletes it, edit re-keys it', async () => {
    const id = await write(1, 1);
    await db.outbox.update(id, { status: 'failed', error: 'Review window closed', next_attempt_at: 99_999 });
    await retryItem(id, 10);
    expect(await db.outbox.get(id)).toMatchObject({ status: 'queued', error: null, next_attempt_at: 10 });

    const before = (await db.outbox.get(id))?.idempotency_key;
    await editItem(id, { n: 42 });
    const edited = await db.outbox.get(id);
    expect(edited?.body).toEqual({ kind: 'json', json: { n: 42 } });
    expect(edited?.idempotency_key).not.toBe(before);

    expect((await discardItem(id))?.url).toBe('/things/1');
    expect(await db.outbox.count()).toBe(0);
  });

  it('resetBackoff makes every queued item of the user due now', async () => {
    const a = await write(1, 1);
    const b = await write(2, 1);
    await db.outbox.bulkUpdate([
      { key: a, changes: { next_attempt_at: 60_000 } },
      { key: b, changes: { next_attempt_at: 60_000 } },
    ]);
    await resetBackoff(1, 5);
    expect((await db.outbox.get(a))?.next_attempt_at).toBe(5);
    expect((await db.outbox.get(b))?.next_attempt_at).toBe(60_000);
  });

  it('turns bodies into their stored form', () => {
    expect(toOutboxBody(undefined)).toEqual({ kind: 'none' });
    expect(toOutboxBody({ a: 1 })).toEqual({ kind: 'json', json: { a: 1 } });
  });
});
