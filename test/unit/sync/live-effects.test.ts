import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  invoiceStatusLabel,
  PAYMENT_FAILED,
  registerInvoiceLiveEffects,
} from '../../../src/features/billing/invoices-live';
import { campaignReads, registerCampaignLiveEffects } from '../../../src/features/campaigns/campaigns-live';
import { reachKey, registerReachLiveEffects } from '../../../src/features/performance/reach-live';
import {
  announcementFor,
  applyLiveMessage,
  lastLiveId,
  pruneLiveMessages,
  refreshesFor,
  registerLiveEffect,
} from '../../../src/sync/live-effects';
import { EXPORT_COMPLETED, registerExportLiveEffects } from '../../../src/widgets/toolbar/export-live';
import { markExportWaiting } from '../../../src/widgets/toolbar/toolbar-api';

const notification = (id: number, extra: Record<string, unknown> = {}) => ({
  message_type: 'notification',
  notification: {
    notification_id: id,
    message: `Message ${id}`,
    action: 'no_action',
    index: null,
    id: null,
    is_read: false,
    created_at: '2026-03-01T10:00:00.000Z',
    ...extra,
  },
});

// What main.tsx registers at app start.
let unregister: (() => void)[] = [];
beforeAll(() => {
  unregister = [
    registerInvoiceLiveEffects(),
    registerCampaignLiveEffects(),
    registerReachLiveEffects(),
    registerExportLiveEffects(),
  ];
});
afterAll(() => {
  for (const stop of unregister) stop();
});

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('live effects', () => {
  it('a notification lands in the bell’s table (unread: the dot shows), once', async () => {
    expect(await applyLiveMessage(7, 1, notification(50), 10)).toBe(true);
    expect(await db.notifications.get([7, 50])).toMatchObject({
      user_id: 7,
      message: 'Message 50',
      is_read: false,
    });
    expect(await db.liveMessages.get([7, 1])).toMatchObject({
      message_type: 'notification',
      received_at: 10,
    });
    // The same id again (a replay after reconnecting) changes nothing.
    await db.notifications.update([7, 50], { is_read: true });
    expect(await applyLiveMessage(7, 1, notification(50))).toBe(false);
    expect((await db.notifications.get([7, 50]))?.is_read).toBe(true);
    expect(await db.notifications.count()).toBe(1);
    expect(announcementFor(notification(50))).toBeNull();
  });

  it('invoice paid -> Paid; failed -> Failed with "One-time payment failed"', async () => {
    const paid = { message_type: 'switch_status', object: 'Invoice', id: 31, status: 'paid' };
    const failed = { message_type: 'switch_status', object: 'Invoice', id: 32, status: 'failed' };
    await applyLiveMessage(7, 1, paid, 5);
    await applyLiveMessage(7, 2, failed, 6);
    expect(await db.invoiceStatus.get([7, 31])).toEqual({
      user_id: 7,
      invoice_id: 31,
      status: 'Paid',
      updated_at: 5,
    });
    expect((await db.invoiceStatus.get([7, 32]))?.status).toBe('Failed');
    expect(announcementFor(paid)).toBeNull();
    expect(announcementFor(failed)).toEqual(PAYMENT_FAILED);
    expect(PAYMENT_FAILED).toMatchObject({
      header: 'One-time payment failed',
      body: 'Please try another payment method',
    });
    expect(invoiceStatusLabel('Partially Paid')).toBe('Partially paid');
    expect(invoiceStatusLabel('weird')).toBeNull();
  });

  it('Campaign switch_status names the reads to fetch again: every stored list, the drawer, its counties', async () => {
    const message = {
      message_type: 'switch_status',
      object: 'Campaign',
      id: '12',
      status: 'paused',
      placeholder: 'Pausing…',
      level: null,
    };
    expect(await applyLiveMessage(7, 1, message, 9)).toBe(true);
    expect(refreshesFor(message)).toEqual(campaignReads(12));
    expect(campaignReads(12)).toEqual([
      'POST /campaigns *',
      '/campaigns/12 *',
      '/campaigns/12/locations *',
      '/locations/search *',
    ]);
    // An invoice's switch_status, or a campaign without an id, names none.
    expect(refreshesFor({ message_type: 'switch_status', object: 'Invoice', id: 3, status: 'paid' })).toEqual(
      [],
    );
    expect(refreshesFor({ message_type: 'switch_status', object: 'Campaign' })).toEqual([]);
    expect(refreshesFor({ message_type: 'notification' })).toEqual([]);
  });

  it('reach_update fills the cell waiting on "miss"', async () => {
    const cell = { id: 88, level: 'ad', start_date: '2026-03-01', end_date: '2026-03-31' };
    await applyLiveMessage(
      7,
      1,
      { message_type: 'reach_update', ...cell, data: { reach: 1234, performance_change: 5.5 } },
      3,
    );
    expect(reachKey(cell)).toBe('ad:88:2026-03-01:2026-03-31');
    expect(await db.reachValues.get([7, reachKey(cell)])).toEqual({
      user_id: 7,
      key: 'ad:88:2026-03-01:2026-03-31',
      reach: 1234,
      performance_change: 5.5,
      updated_at: 3,
    });
    expect(reachKey({ id: 1, level: null })).toBe('row:1::');
  });

  it('an export notification unblocks exporting and announces "Export Completed"', async () => {
    await markExportWaiting(7, 'leads', null);
    await markExportWaiting(7, 'campaigns', null);
    const ready = notification(60, { action: 'download', index: 'leads', id: 444 });
    await applyLiveMessage(7, 1, ready, 20);
    expect(await db.exportsReady.get([7, 'leads'])).toMatchObject({
      status: 'ready',
      export_id: 444,
      notification_id: 60,
    });
    expect((await db.exportsReady.get([7, 'campaigns']))?.status).toBe('waiting');
    expect(announcementFor(ready)).toEqual(EXPORT_COMPLETED);
    expect(EXPORT_COMPLETED.body).toBe('Your file is ready. Please check your notifications to download it.');

    // A download notification naming no waiting type unblocks whatever waits.
    await applyLiveMessage(7, 2, notification(61, { action: 'download', index: null, id: 445 }), 21);
    expect(await db.exportsReady.get([7, 'campaigns'])).toMatchObject({ status: 'ready', export_id: 445 });
  });

  it('a late notification of an older export leaves the one waiting for its own file blocked', async () => {
    await markExportWaiting(7, 'leads', 500);
    await applyLiveMessage(7, 1, notification(70, { action: 'download', index: 'leads', id: 499 }), 20);
    expect(await db.exportsReady.get([7, 'leads'])).toMatchObject({ status: 'waiting', export_id: 500 });
    await applyLiveMessage(7, 2, notification(71, { action: 'download', index: 'leads', id: 500 }), 21);
    expect(await db.exportsReady.get([7, 'leads'])).toMatchObject({
      status: 'ready',
      export_id: 500,
      notification_id: 71,
    });
  });

  it('keeps a malformed message without applying anything, and per user', async () => {
    expect(await applyLiveMessage(7, 1, 'not json object')).toBe(true);
    expect(await applyLiveMessage(7, 2, { message_type: 'notification', notification: { nope: 1 } })).toBe(
      true,
    );
    expect(await applyLiveMessage(8, 1, notification(70))).toBe(true);
    expect(await db.notifications.where('user_id').equals(7).count()).toBe(0);
    expect(await db.liveMessages.count()).toBe(3);
  });

  it('knows where to resume and prunes old messages', async () => {
    expect(await lastLiveId(7)).toBe(0);
    for (const id of [3, 10, 4]) await applyLiveMessage(7, id, notification(id));
    await applyLiveMessage(8, 99, notification(99));
    expect(await lastLiveId(7)).toBe(10);
    await pruneLiveMessages(7, 2);
    expect((await db.liveMessages.where('user_id').equals(7).toArray()).map((row) => row.id)).toEqual([
      4, 10,
    ]);
    expect(await lastLiveId(7)).toBe(10);
    expect(await lastLiveId(8)).toBe(99);
  });

  it('is a registration point: every effect registered for a type runs, in order, until unregistered', async () => {
    const order: string[] = [];
    const first = registerLiveEffect('test_ping', {
      tables: [db.invoiceStatus],
      apply: async (userId, payload, now) => {
        order.push('first');
        await db.invoiceStatus.put({
          user_id: userId,
          invoice_id: Number(payload.id),
          status: 'Paid',
          updated_at: now,
        });
      },
      announce: () => null,
    });
    const second = registerLiveEffect('test_ping', {
      apply: async () => {
        order.push('second');
      },
      announce: () => ({ kind: 'success', header: 'Ping', body: 'pong' }),
    });
    await applyLiveMessage(7, 1, { message_type: 'test_ping', id: 5 }, 4);
    expect(order).toEqual(['first', 'second']);
    expect(await db.invoiceStatus.get([7, 5])).toMatchObject({ status: 'Paid', updated_at: 4 });
    expect(announcementFor({ message_type: 'test_ping' })).toMatchObject({ header: 'Ping' });
    first();
    second();
    await applyLiveMessage(7, 2, { message_type: 'test_ping', id: 6 }, 5);
    expect(order).toEqual(['first', 'second']);
    expect(await db.invoiceStatus.get([7, 6])).toBeUndefined();
    expect(announcementFor({ message_type: 'test_ping' })).toBeNull();
    // A type nobody registered is only stored.
    expect(await db.liveMessages.get([7, 2])).toMatchObject({ message_type: 'test_ping' });
  });
});
