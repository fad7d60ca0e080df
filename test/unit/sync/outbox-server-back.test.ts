/**
 * The server's return noticed at once (issue 48, item 2): a 503 with Retry-After keeps its write
 * queued; while the app is visible backoffs stop at 15 s and a write that got no answer is tried
 * again after a second; a delivered write lifts the backoff every other queued write waits on.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { classify } from '../../../src/sync/outbox-request';
import {
  flushOutbox,
  PROBE_MS,
  type SenderDeps,
  VISIBLE_MAX_BACKOFF_MS,
} from '../../../src/sync/outbox-sender';

let session: Session;
let clock: number;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function deps(answer: (url: string) => Response | Promise<Response>, extra: Partial<SenderDeps> = {}) {
  const sent: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return answer(String(input));
  }) as unknown as typeof globalThis.fetch;
  const senderDeps: SenderDeps = {
    getSession: async () => session,
    fetch,
    now: () => clock,
    random: () => 0.5,
    ...extra,
  };
  return { sent, deps: senderDeps };
}

const write = (path: string) => enqueue({ userId: 7, method: 'POST', path, body: {}, label: path }, clock);
const down = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  clock = 1_000_000;
  session = { ...emptySession(), token: 'tok-1', user_id: 7 };
});

describe('a 503 with Retry-After (load shedding)', () => {
  it('is a retry that keeps the write queued, for as long as the server asks', async () => {
    expect(classify(503, { errors: 'Busy' }, '7')).toEqual({
      kind: 'retry',
      error: 'Busy',
      offline: false,
      retryAfterMs: 7000,
    });
    await write('/things/1');
    const { deps: d } = deps(() => json(503, { errors: 'Busy' }, { 'retry-after': '7' }));
    const result = await flushOutbox(d);
    expect(result).toMatchObject({ delivered: 0, failed: 0, offline: false, retryAt: clock + 7000 });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
  });
});

describe('while the app is visible', () => {
  it('caps the backoff at 15 s', async () => {
    await write('/things/1');
    const { deps: d } = deps(() => json(502, null), { maxBackoffMs: VISIBLE_MAX_BACKOFF_MS });
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { retryAt } = await flushOutbox(d);
      waits.push((retryAt as number) - clock);
      clock = retryAt as number;
    }
    expect(Math.max(...waits)).toBe(VISIBLE_MAX_BACKOFF_MS * 0.75);
    expect(waits.slice(-2)).toEqual([11_250, 11_250]);
  });

  it('tries a write that got no answer again after a second, however long the server was away', async () => {
    await write('/things/1');
    const { deps: d, sent } = deps(down, { maxBackoffMs: VISIBLE_MAX_BACKOFF_MS, probeMs: PROBE_MS });
    for (let i = 0; i < 60; i += 1) {
      const { retryAt, offline } = await flushOutbox(d);
      expect(offline).toBe(true);
      expect((retryAt as number) - clock).toBeLessThanOrEqual(PROBE_MS);
      clock = retryAt as number;
    }
    expect(sent).toHaveLength(60);
  });
});

describe('the server back', () => {
  it('lifts the backoff of every queued write once one is delivered', async () => {
    await write('/notifications/1');
    await write('/notifications/2');
    await write('/notifications/3');
    // The head waited out six failures (next try 45 s away), the others are due.
    const [head] = await db.outbox.orderBy('id').toArray();
    await db.outbox.update(head.id as number, { attempts: 6, next_attempt_at: clock + 45_000 });
    const { deps: d, sent } = deps(() => json(200, {}));
    const result = await flushOutbox(d);
    expect(result).toMatchObject({ delivered: 3, retryAt: null });
    // The due ones first (the first alone), then the head, in the same flush.
    expect(sent[0]).toBe('/api/v1/notifications/2');
    expect(sent).toContain('/api/v1/notifications/1');
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the backoff of a write that failed again in the same flush', async () => {
    await write('/notifications/1');
    await write('/notifications/2');
    const { deps: d, sent } = deps((url) => (url.endsWith('/1') ? json(503, {}) : json(200, {})), {
      concurrency: 1,
    });
    const result = await flushOutbox(d);
    expect(result.delivered).toBe(1);
    expect(sent.filter((url) => url.endsWith('/1'))).toHaveLength(1);
    expect(result.retryAt).toBe(clock + 1000);
  });
});
