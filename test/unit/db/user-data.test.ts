import { beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db';
import { db } from '../../../src/db/db';
import { setSession } from '../../../src/db/session';
import { clearUserTables, deleteUserData, perUserTables, purgeOtherUsers } from '../../../src/db/user-data';
import { readUserItem, writeUserItem } from '../../../src/lib/device-storage';

async function fill() {
  await db.responses.put({ key: '1:GET /x', user_id: 1, method: 'GET', url: '/x', data: {}, stored_at: 1 });
  await db.outbox.put({
    user_id: 1,
    idempotency_key: 'key-00000001',
    method: 'POST',
    url: '/y',
    body: { kind: 'json', json: {} },
    label: 'A change',
    status: 'queued',
    attempts: 0,
    error: null,
    created_at: 1,
    next_attempt_at: 1,
  });
  await db.notifications.put({
    user_id: 1,
    notification_id: 5,
    message: 'm',
    action: 'no_action',
    index: null,
    id: null,
    is_read: false,
    created_at: '2026-01-01',
  });
  await db.liveMessages.put({ user_id: 1, id: 9, message_type: 'notification', payload: {}, received_at: 1 });
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('clearUserTables', () => {
  it('empties every per-user table and leaves the session alone', async () => {
    await fill();
    await setSession({ token: 'tok', user_id: 1 });
    await clearUserTables();
    expect(await db.responses.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notifications.count()).toBe(0);
    expect(await db.liveMessages.count()).toBe(0);
    expect(await db.session.count()).toBe(2);
  });

  it('keeps unsent changes when asked (session expiry)', async () => {
    await fill();
    await clearUserTables({ keepOutbox: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.responses.count()).toBe(0);
  });
});

describe('purgeOtherUsers', () => {
  const seed = async (userId: number) => {
    await db.responses.put({
      key: `${userId}:GET /x`,
      user_id: userId,
      method: 'GET',
      url: '/x',
      data: {},
      stored_at: 1,
    });
    await db.outbox.add({
      user_id: userId,
      idempotency_key: `key-${userId}-0000001`,
      method: 'PUT',
      url: '/notifications/1',
      body: { kind: 'none' },
      label: 'Mark notification as read',
      status: 'queued',
      attempts: 0,
      error: null,
      created_at: 1,
      next_attempt_at: 1,
    });
    await db.liveMessages.put({ user_id: userId, id: 1, message_type: 'x', payload: {}, received_at: 1 });
    await db.invoiceStatus.put({ user_id: userId, invoice_id: 1, status: 'Paid', updated_at: 1 });
    await db.exportsReady.put({
      user_id: userId,
      type: 'leads',
      status: 'waiting',
      notification_id: null,
      export_id: null,
      updated_at: 1,
    });
  };

  it('a different user signing in never sees, nor sends, the previous user’s rows', async () => {
    await seed(1);
    await seed(2);
    await purgeOtherUsers(2);
    for (const table of [db.responses, db.outbox, db.liveMessages, db.invoiceStatus, db.exportsReady]) {
      expect((await table.toArray()).map((r) => r.user_id)).toEqual([2]);
    }
  });

  it('removes the other users’ Web Storage keys and an older build’s, keeping the signed-in user’s', async () => {
    localStorage.clear();
    writeUserItem(1, 'time-zone', 'America/Chicago');
    writeUserItem(2, 'time-zone', 'America/Denver');
    localStorage.setItem('perf:locations:local', '{}');
    localStorage.setItem('portal:session', '1');
    await purgeOtherUsers(2);
    expect(Object.keys(localStorage).sort()).toEqual(['portal:session', 'portal:user:2:time-zone']);
    await purgeOtherUsers(null);
    expect(Object.keys(localStorage)).toEqual(['portal:session']);
  });

  it('deleteUserData empties the per-user tables and the user’s Web Storage keys (the outbox kept when asked)', async () => {
    await seed(1);
    writeUserItem(1, 'time-zone', 'America/Chicago');
    await deleteUserData({ keepOutbox: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.responses.count()).toBe(0);
    expect(readUserItem(1, 'time-zone')).toBeNull();
    await deleteUserData();
    expect(await db.outbox.count()).toBe(0);
  });

  it('with nobody signed in (session expired) keeps only the outbox, for the same user’s return', async () => {
    await seed(1);
    await purgeOtherUsers(null);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.responses.count()).toBe(0);
    expect(await db.liveMessages.count()).toBe(0);
    expect(await db.invoiceStatus.count()).toBe(0);
    await purgeOtherUsers(1);
    expect(await db.outbox.count()).toBe(1);
  });

  const manyResponses = (userId: number, count: number) =>
    db.responses.bulkPut(
      Array.from({ length: count }, (_, i) => ({
        key: `${userId}:GET /x/${i}`,
        user_id: userId,
        method: 'GET',
        url: `/x/${i}`,
        data: {},
        stored_at: 1,
      })),
    );

  it('deletes in small transactions: a read of the signed-in user’s rows waits for one batch, not the purge', async () => {
    await manyResponses(1, 25);
    await manyResponses(2, 3);
    let batches = 0;
    let readDuring: number | null = null;
    await purgeOtherUsers(2, db, {
      batch: 10,
      current: () => {
        batches += 1;
        // The first screen's read, issued between two batches, is answered before the purge ends.
        if (batches === 2)
          void db.responses
            .where('user_id')
            .equals(2)
            .count()
            .then((n) => (readDuring ??= n));
        return true;
      },
    });
    expect(readDuring).toBe(3);
    expect(await db.responses.where('user_id').equals(1).count()).toBe(0);
    expect(await db.responses.where('user_id').equals(2).count()).toBe(3);
    // 25 rows of user 1 in batches of 10 (10, 10, 5), then one batch for each other table.
    expect(batches).toBe(3 + perUserTables().length - 1);
  });

  it('stops at the next batch once it is no longer wanted (someone else signed in meanwhile)', async () => {
    await manyResponses(1, 25);
    let batches = 0;
    await purgeOtherUsers(2, db, { batch: 10, current: () => ++batches <= 1 });
    expect(await db.responses.count()).toBe(15);
  });

  it('sign-out clears the live effect tables too', async () => {
    await seed(1);
    await clearUserTables();
    expect(await db.invoiceStatus.count()).toBe(0);
    expect(await db.exportsReady.count()).toBe(0);
  });
});

describe('the per-user tables come from the schema', () => {
  // A later version adding a table: nobody lists it anywhere, and it is wiped all the same.
  class WithNewTable extends AppDb {
    constructor(name: string, stores: Record<string, string>) {
      super(name);
      this.version(this.verno + 100).stores(stores);
    }
  }

  it('wipes a table added in a new version at sign-out, keeping the session', async () => {
    const later = new WithNewTable('wipe-new-table', { invoicesSeen: '[user_id+id], user_id' });
    await later.table('invoicesSeen').put({ user_id: 1, id: 3 });
    await later.table('invoicesSeen').put({ user_id: 2, id: 4 });
    await later.session.put({ key: 'token', value: 'tok' });
    expect(perUserTables(later).map((table) => table.name)).toContain('invoicesSeen');

    await purgeOtherUsers(2, later);
    expect(await later.table('invoicesSeen').toArray()).toEqual([{ user_id: 2, id: 4 }]);
    await clearUserTables({}, later);
    expect(await later.table('invoicesSeen').count()).toBe(0);
    expect(await later.session.count()).toBe(1);
    later.close();
  });

  it('refuses a per-user table whose rows cannot be told apart by user', async () => {
    const later = new WithNewTable('wipe-no-user', { drafts: '++id' });
    expect(() => perUserTables(later)).toThrow('Per-user tables need a user_id index: drafts');
    await expect(clearUserTables({}, later)).rejects.toThrow('drafts');
    later.close();
  });

  it('every table of the app but the session is per-user', () => {
    expect(perUserTables().map((table) => table.name)).toEqual(
      db.tables.map((table) => table.name).filter((name) => name !== 'session'),
    );
  });

  it('keeps the files of unsent writes with the outbox at session expiry', async () => {
    await db.outboxFiles.add({ user_id: 1, blob: new Blob(['x']) });
    await clearUserTables({ keepOutbox: true });
    expect(await db.outboxFiles.count()).toBe(1);
    await purgeOtherUsers(null);
    expect(await db.outboxFiles.count()).toBe(1);
    await purgeOtherUsers(2);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});
