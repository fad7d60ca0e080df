/**
 * The outbox's conflict outcome and its two resolutions, on real Dexie (fake-indexeddb) and the
 * real sender with a fake fetch: a 409 with a conflict body marks the item failed with the
 * server's version and value; "keep mine" sends the same change on that version under a new key
 * (delivered once); "take the server's" drops it and refreshes its reads. Also which version a
 * queued write is based on.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGE } from '../../../src/api/contracts/versions';
import type { OutboxItem } from '../../../src/db/app-db';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { baseVersion, editedVersion, keepMine, takeServers } from '../../../src/sync/outbox-conflicts';
import { classify } from '../../../src/sync/outbox-request';
import { flushOutbox, type SenderDeps } from '../../../src/sync/outbox-sender';
import { storedVersion, withVersion } from '../../../src/sync/outbox-versions';
import { registerRefresher } from '../../../src/sync/read-refresh';
import { apiUrl, storeResponse } from '../../../src/sync/response-cache';

const USER = 7;
const TAG = { type: 'lead-review', id: 42 };
const conflictAnswer = {
  errors: CONFLICT_MESSAGE,
  conflict: { version: 3, current: { review_type: 'duplicate', note: 'From the other device.' } },
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let session: Session;
let sent: { key: string | null; body: unknown }[];

function deps(answer: (index: number) => Response): SenderDeps {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      key: new Headers(init?.headers).get('idempotency-key'),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return answer(sent.length - 1);
  }) as unknown as typeof globalThis.fetch;
  return { getSession: async () => session, fetch, random: () => 0.5 };
}

const review = (note: string, version: number) =>
  enqueue({
    userId: USER,
    method: 'POST',
    path: '/leads/42/review',
    body: withVersion({ review_type: 'wrong_number', note }, version),
    label: 'Review request for lead Ann',
    refresh: ['/leads/42'],
    tag: TAG,
  });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  session = { ...emptySession(), token: 'tok-1', user_id: USER };
  sent = [];
});

describe('classify', () => {
  it('makes a 409 with a conflict body a failed outcome carrying the conflict', () => {
    expect(classify(409, conflictAnswer)).toEqual({
      kind: 'failed',
      status: 409,
      error: CONFLICT_MESSAGE,
      conflict: conflictAnswer.conflict,
    });
  });

  it('leaves a 409 without one an ordinary refusal', () => {
    const outcome = classify(409, { errors: 'Something else' });
    expect(outcome).toMatchObject({ kind: 'failed', status: 409, error: 'Something else' });
    expect(outcome).not.toHaveProperty('conflict');
  });
});

describe('a conflict in the outbox', () => {
  it('keeps the refused write with the server value, and the queue goes on', async () => {
    const id = await review('Wrong number, from this phone.', 2);
    await enqueue({ userId: USER, method: 'PUT', path: '/notifications/1', label: 'Mark read' });
    const result = await flushOutbox(deps((i) => (i === 0 ? json(409, conflictAnswer) : json(200, {}))));
    expect(result).toMatchObject({ delivered: 1, failed: 1 });
    const item = (await db.outbox.get(id)) as OutboxItem;
    expect(item).toMatchObject({
      status: 'failed',
      error: CONFLICT_MESSAGE,
      conflict: conflictAnswer.conflict,
    });
    expect(await db.outbox.count()).toBe(1);
  });

  it('keep mine: the same change on the server version, under a new key, delivered once', async () => {
    const id = await review('Wrong number, from this phone.', 2);
    await flushOutbox(deps(() => json(409, conflictAnswer)));
    const refusedKey = sent[0].key;

    await keepMine(id);
    const queued = (await db.outbox.get(id)) as OutboxItem;
    expect(queued).toMatchObject({ status: 'queued', conflict: null, error: null });
    expect(queued.idempotency_key).not.toBe(refusedKey);

    const result = await flushOutbox(deps(() => json(200, { message: 'ok' })));
    expect(result.delivered).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      key: queued.idempotency_key,
      body: { review_type: 'wrong_number', note: 'Wrong number, from this phone.', based_on_version: 3 },
    });
    expect(await db.outbox.get(id)).toBeUndefined();
    // Nothing left to send: the change went once.
    await flushOutbox(deps(() => json(200, {})));
    expect(sent).toHaveLength(2);
  });

  it("take the server's: the change is gone, never sent again, and its reads are refreshed", async () => {
    const refreshed: string[] = [];
    const stop = registerRefresher(
      (path) => path.startsWith('/leads/'),
      async (_user, path) => {
        refreshed.push(path);
      },
    );
    const id = await review('Wrong number, from this phone.', 2);
    await flushOutbox(deps(() => json(409, conflictAnswer)));
    await takeServers(id);
    stop();
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(refreshed).toEqual(['/leads/42']);
    await flushOutbox(deps(() => json(200, {})));
    expect(sent).toHaveLength(1);
  });

  it('keep mine does nothing to an item without a conflict', async () => {
    const id = await review('Wrong number, from this phone.', 2);
    const before = await db.outbox.get(id);
    await keepMine(id);
    expect(await db.outbox.get(id)).toEqual(before);
  });
});

describe('the version a write is based on', () => {
  it('is the stored read, then one past each unsent write about the same record', async () => {
    await storeResponse({
      userId: USER,
      method: 'GET',
      url: apiUrl('/leads/42'),
      data: { lead: { review_version: 4 } },
    });
    const read = await storedVersion(
      USER,
      '/leads/42',
      (data) => (data as { lead: { review_version: number } }).lead.review_version,
    );
    expect(read).toBe(4);
    expect(await baseVersion(USER, TAG, read)).toBe(4);
    await review('First change made offline.', 4);
    expect(await baseVersion(USER, TAG, read)).toBe(5);
    // A refused write makes nothing: it does not count.
    const refused = await review('Second change made offline.', 5);
    await db.outbox.update(refused, { status: 'failed' });
    expect(await baseVersion(USER, TAG, read)).toBe(5);
  });

  it('is unknown without a stored read (sent without one, as older clients do)', async () => {
    expect(
      await storedVersion(USER, '/leads/43', (data) => (data as { lead: { x: number } }).lead.x),
    ).toBeUndefined();
    expect(await baseVersion(USER, TAG, undefined)).toBeUndefined();
    expect(withVersion({ a: 1 }, undefined)).toEqual({ a: 1 });
  });

  it('is the server version when a conflicted item is edited, else the one it was made from', async () => {
    const id = await review('Made from version 2.', 2);
    const item = (await db.outbox.get(id)) as OutboxItem;
    expect(editedVersion(item, 9)).toBe(2);
    expect(editedVersion({ ...item, conflict: conflictAnswer.conflict }, 9)).toBe(3);
    expect(editedVersion({ ...item, body: { kind: 'json', json: { note: 'x' } } }, 9)).toBe(9);
  });
});
