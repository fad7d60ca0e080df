import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import {
  apiPath,
  apiUrl,
  bodyText,
  canonicalUrl,
  isCachedRead,
  MAX_ENTRIES_PER_USER,
  pruneResponses,
  readResponse,
  requestKey,
  storeResponse,
} from '../../../src/sync/response-cache';
import { onStorageFull } from '../../../src/sync/storage';

beforeEach(async () => {
  await db.responses.clear();
});

describe('cache keys', () => {
  it('carry the user, so one user never reads another user’s answer', () => {
    const a = requestKey(1, 'GET', '/api/v1/notifications');
    const b = requestKey(2, 'GET', '/api/v1/notifications');
    expect(a).not.toBe(b);
    expect(a.startsWith('1:')).toBe(true);
  });

  it('ignore query order and JSON key order, but not values', () => {
    expect(canonicalUrl('/api/v1/leads?b=2&a=1')).toBe('/api/v1/leads?a=1&b=2');
    expect(apiUrl('/leads', { page: 1, q: undefined, order: 'desc' })).toBe(
      '/api/v1/leads?order=desc&page=1',
    );
    const one = bodyText({ page: 1, filters: [{ b: 1, a: 2 }] });
    const two = bodyText('{"filters":[{"a":2,"b":1}],"page":1}');
    expect(one).toBe(two);
    expect(requestKey(1, 'POST', '/api/v1/leads', one)).toBe(
      requestKey(1, 'POST', 'http://h/api/v1/leads', two),
    );
    expect(requestKey(1, 'POST', '/api/v1/leads', bodyText({ page: 2 }))).not.toBe(
      requestKey(1, 'POST', '/api/v1/leads', bodyText({ page: 1 })),
    );
  });

  it('know which calls are reads', () => {
    expect(apiPath('http://h/api/v1/leads?x=1')).toBe('/leads');
    expect(apiPath('/assets/app.js')).toBeNull();
    expect(isCachedRead('GET', '/notifications')).toBe(true);
    expect(isCachedRead('POST', '/leads')).toBe(true);
    expect(isCachedRead('POST', '/client/accounts/summary')).toBe(true);
    expect(isCachedRead('POST', '/leads/5/review')).toBe(false);
    expect(isCachedRead('PUT', '/notifications/5')).toBe(false);
    expect(isCachedRead('GET', '/live')).toBe(false);
    expect(isCachedRead('GET', '/live/paysimple/token')).toBe(false);
    expect(isCachedRead('GET', '/notifications/export/3')).toBe(false);
    expect(isCachedRead('GET', '/dev/mails')).toBe(false);
  });
});

describe('storing and reading', () => {
  it('stores per user and reads back with the stored time', async () => {
    await storeResponse({ userId: 1, method: 'GET', url: '/api/v1/user/settings', data: { a: 1 } }, 1000);
    const row = await readResponse(requestKey(1, 'GET', '/api/v1/user/settings'));
    expect(row).toMatchObject({ user_id: 1, data: { a: 1 }, stored_at: 1000 });
    expect(await readResponse(requestKey(2, 'GET', '/api/v1/user/settings'))).toBeNull();
  });

  it('treats a malformed stored row as nothing', async () => {
    await db.responses.put({
      key: 'k',
      user_id: 1,
      method: 'GET',
      url: '/x',
      data: 1,
      stored_at: 'x' as never,
    });
    expect(await readResponse('k')).toBeNull();
  });

  it('reports a full quota instead of throwing', async () => {
    const full = vi.fn();
    const stop = onStorageFull(full);
    const put = vi
      .spyOn(db.responses, 'put')
      .mockRejectedValueOnce(
        Object.assign(new Error('full'), { name: 'AbortError', inner: { name: 'QuotaExceededError' } }),
      );
    await expect(storeResponse({ userId: 1, method: 'GET', url: '/api/v1/x', data: 1 })).resolves.toBe(false);
    expect(full).toHaveBeenCalledTimes(1);
    put.mockRestore();
    stop();
  });

  it('prunes old answers and keeps each user’s cache bounded', async () => {
    const now = 100 * 24 * 3600_000;
    await storeResponse({ userId: 1, method: 'GET', url: '/api/v1/old', data: 1 }, 0);
    for (let i = 0; i < MAX_ENTRIES_PER_USER + 5; i += 1) {
      await db.responses.put({
        key: `1:${i}`,
        user_id: 1,
        method: 'GET',
        url: `/${i}`,
        data: i,
        stored_at: now + i,
      });
    }
    await pruneResponses(1, now + 1000);
    expect(await db.responses.count()).toBe(MAX_ENTRIES_PER_USER);
    expect(await db.responses.get('1:0')).toBeUndefined();
    expect(await db.responses.get(`1:${MAX_ENTRIES_PER_USER + 4}`)).toBeDefined();
  });
});
