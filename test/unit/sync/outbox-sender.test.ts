import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { backoffMs as backoff } from '../../../src/lib/backoff';
import { enqueue } from '../../../src/sync/outbox';
import {
  BASE_BACKOFF_MS,
  MAX_BACKOFF_MS,
  MAX_ITEM_AGE_MS,
  OUTBOX_BACKOFF,
  TOO_OLD_MESSAGE,
} from '../../../src/sync/outbox-rows';
import { flushOutbox, type SenderDeps } from '../../../src/sync/outbox-sender';

/** The outbox's backoff: the shared formula with the outbox's limits. */
const backoffMs = (attempts: number, random: number) => backoff(attempts, random, OUTBOX_BACKOFF);

type Sent = { url: string; method: string; headers: Headers; body: BodyInit | null | undefined };

let session: Session;
let clock: number;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function deps(
  answer: (call: Sent, index: number) => Response | Promise<Response>,
  extra: Partial<SenderDeps> = {},
) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    sent.push(call);
    return answer(call, sent.length - 1);
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

const write = (n: number, userId = 7) =>
  enqueue(
    { userId, method: 'POST', path: `/things/${n}`, body: { n }, label: `Write ${n}`, refresh: ['/things'] },
    clock,
  );

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  clock = 1_000_000;
  session = { ...emptySession(), token: 'tok-1', user_id: 7 };
});

describe('backoff', () => {
  it('doubles from 1 s with jitter and never passes 60 s', () => {
    expect(backoffMs(1, 0)).toBe(BASE_BACKOFF_MS);
    expect(backoffMs(1, 1)).toBe(BASE_BACKOFF_MS);
    expect(backoffMs(2, 0)).toBe(1000);
    expect(backoffMs(2, 1)).toBe(2000);
    expect(backoffMs(4, 0.5)).toBe(6000);
    for (let attempts = 1; attempts < 30; attempts += 1) {
      for (const random of [0, 0.3, 0.99, 1]) {
        const wait = backoffMs(attempts, random);
        expect(wait).toBeGreaterThanOrEqual(BASE_BACKOFF_MS);
        expect(wait).toBeLessThanOrEqual(MAX_BACKOFF_MS);
      }
    }
    expect(backoffMs(20, 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(20, 0)).toBe(MAX_BACKOFF_MS / 2);
  });
});

describe('flushOutbox', () => {
  it('sends oldest first with the key and the headers of the session at send time, then refreshes', async () => {
    await write(1);
    await write(2);
    await write(3, 8); // another user's: never sent under this session
    session = { ...session, token: 'tok-2', impersonate_id: 99 };
    const delivered = vi.fn();
    const { sent, deps: d } = deps(() => json(200, { ok: true }), { onDelivered: delivered });
    const result = await flushOutbox(d);
    expect(result).toMatchObject({ delivered: 2, failed: 0, paused: false, retryAt: null });
    expect(sent.map((call) => call.url)).toEqual(['/api/v1/things/1', '/api/v1/things/2']);
    expect(sent[0].headers.get('X-Auth-Token')).toBe('tok-2');
    expect(sent[0].headers.get('X-User-Id')).toBe('7');
    expect(sent[0].headers.get('X-Impersonate-Id')).toBe('99');
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    expect(sent[0].headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(sent[0].body))).toEqual({ n: 1 });
    expect(delivered).toHaveBeenCalledTimes(2);
    expect(delivered.mock.calls[0][0]).toMatchObject({ url: '/things/1', refresh: ['/things'] });
    expect(await db.outbox.where('user_id').equals(7).count()).toBe(0);
    expect(await db.outbox.where('user_id').equals(8).count()).toBe(1);
  });

  it('keeps an item after no answer and waits its backoff; FIFO: later writes of its record wait too', async () => {
    await write(1);
    // The same record (/things/1): it may not overtake the first.
    await enqueue(
      { userId: 7, method: 'PUT', path: '/things/1/name', body: { n: 2 }, label: 'Write 2' },
      clock,
    );
    const { sent, deps: d } = deps(() => {
      throw new TypeError('Failed to fetch');
    });
    const result = await flushOutbox(d);
    expect(result).toMatchObject({ delivered: 0, offline: true, answered: false, retryAt: clock + 1000 });
    expect(sent).toHaveLength(1);
    const [first, second] = await db.outbox.orderBy('id').toArray();
    expect(first).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'No connection',
      next_attempt_at: clock + 1000,
    });
    expect(second).toMatchObject({ status: 'queued', attempts: 0 });

    // Not due yet: nothing is sent.
    expect((await flushOutbox(d)).retryAt).toBe(clock + 1000);
    expect(sent).toHaveLength(1);

    clock += 1000;
    const ok = deps(() => json(200, {}));
    expect(await flushOutbox(ok.deps)).toMatchObject({ delivered: 2 });
    expect(ok.sent.map((call) => call.url)).toEqual(['/api/v1/things/1', '/api/v1/things/1/name']);
  });

  it.each([
    [500, { errors: 'boom' }, 'boom'],
    [502, null, "We can't fulfill this request at this time, please try again."],
    [503, { errors: 'down' }, 'down'],
    [408, null, 'Request failed (408)'],
    [429, { errors: 'Too many requests' }, 'Too many requests'],
  ])('retries a %i with backoff, keeping the item', async (status, body, message) => {
    await write(1);
    const { deps: d } = deps(() => json(status, body));
    const result = await flushOutbox(d);
    expect(result.delivered).toBe(0);
    expect(result.offline).toBe(false);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        status: 'queued',
        attempts: 1,
        error: message,
        next_attempt_at: clock + 1000,
      }),
    ]);
  });

  it('honours Retry-After on a 429', async () => {
    await write(1);
    const { deps: d } = deps(() => json(429, { errors: 'slow down' }, { 'retry-after': '30' }));
    expect((await flushOutbox(d)).retryAt).toBe(clock + 30_000);
  });

  it('grows the backoff with each failed attempt, its ceiling capped at 60 s', async () => {
    await write(1);
    const { deps: d } = deps(() => json(503, {}));
    const waits: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const { retryAt } = await flushOutbox(d);
      waits.push((retryAt as number) - clock);
      clock = retryAt as number;
    }
    expect(waits).toEqual([1000, 1500, 3000, 6000, 12000, 24000, 45000, 45000, 45000]);
  });

  it.each([
    [422, { errors: { review_type: ['The review window has closed'] } }, 'The review window has closed'],
    [404, { errors: 'Notification not found' }, 'Notification not found'],
    [409, { errors: 'Conflict' }, 'Conflict'],
    [400, null, 'Request failed (400)'],
  ])('marks a %i failed with the server’s message, keeps it, and goes on', async (status, body, message) => {
    await write(1);
    await write(2);
    const { sent, deps: d } = deps((_call, index) => (index === 0 ? json(status, body) : json(200, {})));
    const result = await flushOutbox(d);
    // A refusal is still an answer: the connection works, so the app is not shown as offline.
    expect(result).toMatchObject({ delivered: 1, failed: 1, answered: true, offline: false });
    expect(sent).toHaveLength(2);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ url: '/things/1', status: 'failed', error: message, attempts: 1 }),
    ]);
    // A failed item is never sent again by itself.
    const again = deps(() => json(200, {}));
    await flushOutbox(again.deps);
    expect(again.sent).toHaveLength(0);
  });

  it('keeps a 422’s field errors on the refused item, for the form that queued it', async () => {
    await write(1);
    const errors = { destination_phone: ['Invalid phone number'] };
    const { deps: d } = deps(() => json(422, { errors }));
    await flushOutbox(d);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', field_errors: errors });
  });

  it.each([401, 403])(
    'pauses the queue on %i until the user signs in again, then resumes with the new token',
    async (status) => {
      await write(1);
      await write(2);
      const authFailure = vi.fn();
      const refused = deps(() => json(status, { errors: 'Session expired' }), { onAuthFailure: authFailure });
      expect(await flushOutbox(refused.deps)).toMatchObject({ paused: true, delivered: 0 });
      expect(authFailure).toHaveBeenCalledWith(expect.objectContaining({ url: '/things/1' }), 'tok-1');
      expect(await db.outbox.orderBy('id').toArray()).toEqual([
        expect.objectContaining({ status: 'queued', paused_token: 'tok-1', attempts: 0 }),
        expect.objectContaining({ status: 'queued', paused_token: null }),
      ]);

      // Same token: still paused, nothing sent.
      expect(await flushOutbox(refused.deps)).toMatchObject({ paused: true });
      expect(refused.sent).toHaveLength(1);

      // Signed out: nothing is sent either.
      session = emptySession();
      expect(await flushOutbox(refused.deps)).toMatchObject({ delivered: 0, paused: false });

      session = { ...emptySession(), token: 'tok-new', user_id: 7 };
      const ok = deps(() => json(200, {}));
      expect(await flushOutbox(ok.deps)).toMatchObject({ delivered: 2 });
      expect(ok.sent.map((call) => call.headers.get('X-Auth-Token'))).toEqual(['tok-new', 'tok-new']);
    },
  );

  it('counts a timeout as no answer', async () => {
    await write(1);
    const { deps: d } = deps(
      (_call) =>
        new Promise<Response>((_resolve, reject) =>
          setTimeout(() => reject(new DOMException('t', 'TimeoutError')), 50),
        ),
      { timeoutMs: 10 },
    );
    const result = await flushOutbox(d);
    expect(result.offline).toBe(true);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('sends a multipart body with its files', async () => {
    const form = new FormData();
    form.append('activity_id', '3');
    form.append('logo', new File(['png-bytes'], 'logo.png', { type: 'image/png' }));
    await enqueue(
      { userId: 7, method: 'POST', path: '/activities/upload_logo', body: form, label: 'Upload logo' },
      clock,
    );
    const { sent, deps: d } = deps(() => json(201, {}));
    await flushOutbox(d);
    const body = sent[0].body as FormData;
    expect(sent[0].headers.get('Content-Type')).toBeNull();
    expect(body.get('activity_id')).toBe('3');
    const file = body.get('logo') as File;
    expect(file.name).toBe('logo.png');
    expect(await file.text()).toBe('png-bytes');
  });

  it('leaves an item cut off by a closing page "sending", and the next sender delivers it with the same key', async () => {
    await write(1);
    const leaving = new AbortController();
    const first = deps(
      () => {
        leaving.abort();
        throw new TypeError('aborted');
      },
      { signal: leaving.signal },
    );
    await flushOutbox(first.deps);
    const [item] = await db.outbox.toArray();
    expect(item.status).toBe('sending');
    const next = deps(() => json(200, {}, { 'idempotent-replayed': 'true' }));
    expect(await flushOutbox(next.deps)).toMatchObject({ delivered: 1 });
    expect(next.sent[0].headers.get('Idempotency-Key')).toBe(first.sent[0].headers.get('Idempotency-Key'));
  });

  it('does not replay an item older than the server keeps keys: it fails for the user to check', async () => {
    await write(1);
    clock += MAX_ITEM_AGE_MS + 1;
    const { sent, deps: d } = deps(() => json(200, {}));
    expect(await flushOutbox(d)).toMatchObject({ failed: 1, delivered: 0, answered: false });
    expect(sent).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', error: TOO_OLD_MESSAGE });
  });
});
