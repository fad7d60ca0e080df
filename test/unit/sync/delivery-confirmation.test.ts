import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/db/app-db';
import { emptyTracker, sentText, trackDelivery } from '../../../src/sync/ui/delivery-confirmation';
import { itemMeta, itemStatus } from '../../../src/sync/ui/outbox-panel';

const item = (id: number, over: Partial<OutboxItem> = {}): OutboxItem =>
  ({
    id,
    user_id: 7,
    idempotency_key: `k-${id}`,
    method: 'PUT',
    url: `/notifications/${id}`,
    label: 'Mark notification as read',
    status: 'queued',
    attempts: 0,
    error: null,
    // Made on this page (after it was loaded), unless a test says otherwise.
    created_at: performance.timeOrigin + 1,
    next_attempt_at: 0,
    paused_token: null,
    refresh: [],
    ...over,
  }) as OutboxItem;

describe('"N changes sent" once the changes that waited have left the outbox', () => {
  it('says it once, with the count, after an offline change is delivered', () => {
    let { tracker, announce } = trackDelivery(emptyTracker(), [item(1)], true, new Set());
    expect(announce).toBe(0);
    ({ tracker, announce } = trackDelivery(tracker, [item(1, { status: 'sending' })], false, new Set()));
    expect(announce).toBe(0);
    ({ tracker, announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(1);
    ({ announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(0);
  });

  it('waits for the last of several, and counts them together', () => {
    let { tracker } = trackDelivery(emptyTracker(), [item(1), item(2), item(3)], true, new Set());
    let announce: number;
    ({ tracker, announce } = trackDelivery(tracker, [item(2), item(3)], false, new Set()));
    expect(announce).toBe(0);
    ({ tracker, announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(3);
  });

  it('does not announce a write sent at once online, a discarded one, or a refused one', () => {
    let { tracker, announce } = trackDelivery(emptyTracker(), [item(1)], false, new Set());
    ({ tracker, announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(0);
    ({ tracker } = trackDelivery(tracker, [item(2), item(3)], true, new Set()));
    ({ tracker, announce } = trackDelivery(tracker, [item(3, { status: 'failed' })], false, new Set([2])));
    expect(announce).toBe(0);
    expect(tracker.waited.size).toBe(0);
  });

  it('announces a change queued before this page was loaded, even when first seen online', () => {
    // Queued offline before a browser restart; the page's tracker first sees it once back online.
    const earlier = item(1, { created_at: performance.timeOrigin - 60_000 });
    let { tracker, announce } = trackDelivery(emptyTracker(), [earlier], false, new Set());
    expect(announce).toBe(0);
    ({ tracker, announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(1);
  });

  it('counts a change retried after a failed try online', () => {
    let { tracker, announce } = trackDelivery(
      emptyTracker(),
      [item(4, { attempts: 1, error: 'Server error' })],
      false,
      new Set(),
    );
    ({ announce } = trackDelivery(tracker, [], false, new Set()));
    expect(announce).toBe(1);
    expect(sentText(1)).toBe('1 change sent');
    expect(sentText(2)).toBe('2 changes sent');
  });
});

describe('the outbox row while offline', () => {
  it('waits for a connection and does not count tries that could not be made', () => {
    const waiting = item(1, { attempts: 4, error: 'No connection' });
    expect(itemStatus(waiting, true)).toBe('Waiting for a connection');
    expect(itemMeta(waiting, true)).not.toContain('attempt');
    expect(itemStatus(waiting, false)).toBe('Waiting to retry');
    expect(itemMeta(waiting, false)).toContain('4 attempts');
    expect(itemMeta(item(2, { status: 'failed', attempts: 1, error: 'Refused' }), true)).toContain(
      '1 attempt',
    );
  });
});
