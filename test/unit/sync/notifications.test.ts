import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { clearSession, setSession } from '../../../src/db/session';
import { markNotificationRead, refreshNotifications } from '../../../src/sync/notifications';
import { CACHE_HEADER, STORED_AT_HEADER } from '../../../src/sync/response-cache';
import { json, mockFetch } from '../api/fetch-mock';

vi.mock('../../../src/ui/toast', () => ({ showToast: vi.fn(), toastError: vi.fn(), toastInfo: vi.fn() }));

const wire = (id: number, is_read = false) => ({
  notification_id: id,
  message: `N${id}`,
  action: 'no_action',
  index: null,
  id: null,
  is_read,
  created_at: `2026-03-0${id % 9}T10:00:00.000Z`,
});
const row = (id: number, is_read = false) => ({ user_id: 7, ...wire(id, is_read) });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await clearSession();
});

describe('marking a notification read', () => {
  it('changes the row and queues the PUT together, once', async () => {
    await db.notifications.put(row(5));
    await markNotificationRead(7, 5);
    await markNotificationRead(7, 5);
    expect((await db.notifications.get([7, 5]))?.is_read).toBe(true);
    const items = await db.outbox.toArray();
    expect(items).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/notifications/5',
        label: 'Mark notification as read',
        refresh: ['/notifications'],
      }),
    ]);
  });
});

describe('refreshing notifications', () => {
  it('merges the server’s list but keeps a queued read and newer live rows', async () => {
    await db.notifications.bulkPut([row(1), row(2), row(3), row(9)]);
    await markNotificationRead(7, 2);
    mockFetch(() => json(200, { notifications: [wire(1, true), wire(2), wire(4)] }));
    await refreshNotifications(7);
    const rows = await db.notifications.orderBy('[user_id+notification_id]').toArray();
    expect(rows.map((n) => [n.notification_id, n.is_read])).toEqual([
      [1, true],
      [2, true], // the server has not seen the queued PUT yet
      [4, false],
      [9, false], // newer than the list: arrived by the live channel meanwhile
    ]);
  });

  it('ignores an answer the service worker served from the device', async () => {
    await db.notifications.put(row(1));
    mockFetch(
      () =>
        new Response(JSON.stringify({ notifications: [] }), {
          headers: { 'content-type': 'application/json', [CACHE_HEADER]: 'cache', [STORED_AT_HEADER]: '5' },
        }),
    );
    await refreshNotifications(7);
    expect(await db.notifications.count()).toBe(1);
  });
});
