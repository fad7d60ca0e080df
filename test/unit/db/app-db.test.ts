import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/app-db';

describe('database versions', () => {
  it('upgrades a version 1 database in place: outbox rows get a label and a typed body', async () => {
    const name = 'upgrade-test';
    const v1 = new Dexie(name);
    v1.version(1).stores({
      session: 'key',
      responses: 'key, user_id, stored_at',
      outbox: '++id, &idempotency_key, user_id, [user_id+status], created_at',
      notifications: '[user_id+notification_id], user_id, created_at',
      liveMessages: '[user_id+id], user_id, received_at',
    });
    await v1.table('outbox').add({
      user_id: 1,
      idempotency_key: 'key-00000001',
      method: 'PUT',
      url: '/notifications/2',
      body: { a: 1 },
      status: 'queued',
      attempts: 0,
      error: null,
      created_at: 1,
      next_attempt_at: 1,
    });
    await v1.table('session').put({ key: 'token', value: 'tok' });
    v1.close();

    const v2 = new AppDb(name);
    const [item] = await v2.outbox.toArray();
    expect(item.label).toBe('PUT /notifications/2');
    expect(item.body).toEqual({ kind: 'json', json: { a: 1 } });
    expect(await v2.session.get('token')).toEqual({ key: 'token', value: 'tok' });
    expect(v2.verno).toBe(4);
    await v2.invoiceStatus.put({ user_id: 1, invoice_id: 2, status: 'Paid', updated_at: 1 });
    v2.close();
  });

  it('upgrades version 2 outbox rows to tagged ones; rows with no known tag stay and are still sent', async () => {
    const name = 'upgrade-tags';
    const v2 = new Dexie(name);
    v2.version(2).stores({
      session: 'key',
      responses: 'key, user_id, stored_at',
      outbox: '++id, &idempotency_key, user_id, [user_id+status], created_at',
      notifications: '[user_id+notification_id], user_id, created_at',
      liveMessages: '[user_id+id], user_id, received_at',
      invoiceStatus: '[user_id+invoice_id], user_id',
      campaignPending: '[user_id+campaign_id], user_id',
      reachValues: '[user_id+key], user_id',
      exportsReady: '[user_id+type], user_id',
    });
    const row = (key: string, method: string, url: string) => ({
      user_id: 1,
      idempotency_key: key,
      method,
      url,
      body: { kind: 'none' },
      label: 'x',
      status: 'queued',
      attempts: 0,
      error: null,
      created_at: 1,
      next_attempt_at: 1,
    });
    await v2
      .table('outbox')
      .bulkAdd([
        row('key-review-01', 'POST', '/leads/123/review'),
        row('key-read-0001', 'PUT', '/notifications/7'),
        row('key-filter-01', 'DELETE', '/filters/leads'),
      ]);
    v2.close();

    const v3 = new AppDb(name);
    const items = await v3.outbox.toArray();
    expect(items.map((item) => item.tag ?? null)).toEqual([
      { type: 'lead-review', id: 123 },
      { type: 'notification-read', id: 7 },
      null,
    ]);
    expect(await v3.outbox.where('[user_id+tag_key]').equals([1, 'lead-review:123']).count()).toBe(1);
    expect(await v3.outbox.where('user_id').equals(1).count()).toBe(3);
    v3.close();
  });

  it('version 4 drops campaignPending and finds a read’s stored variants by user and URL', async () => {
    const name = 'upgrade-v4';
    const v3 = new Dexie(name);
    v3.version(3).stores({
      session: 'key',
      responses: 'key, user_id, stored_at',
      outbox: '++id, &idempotency_key, user_id, [user_id+status], created_at, [user_id+tag_key]',
      outboxFiles: '++id, user_id',
      notifications: '[user_id+notification_id], user_id, created_at',
      liveMessages: '[user_id+id], user_id, received_at',
      invoiceStatus: '[user_id+invoice_id], user_id',
      campaignPending: '[user_id+campaign_id], user_id',
      reachValues: '[user_id+key], user_id',
      exportsReady: '[user_id+type], user_id',
    });
    await v3.table('campaignPending').put({ user_id: 1, campaign_id: 2, status: 'paused', updated_at: 1 });
    const row = { user_id: 1, method: 'POST', url: '/api/v1/campaigns', data: {}, stored_at: 5 };
    await v3.table('responses').put({ key: '1:POST /api/v1/campaigns#abc', ...row });
    v3.close();

    const v4 = new AppDb(name);
    await v4.open();
    expect(v4.verno).toBe(4);
    expect(v4.tables.map((table) => table.name)).not.toContain('campaignPending');
    expect(await v4.responses.where('[user_id+url]').equals([1, '/api/v1/campaigns']).count()).toBe(1);
    v4.close();
  });
});
