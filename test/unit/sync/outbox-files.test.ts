import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { discardItem, retryItem } from '../../../src/sync/outbox';
import { enqueueWithFiles, PRESIGN_PATH, uploadRef } from '../../../src/sync/outbox-files';
import { flushOutbox, type SenderDeps } from '../../../src/sync/outbox-sender';

type Sent = { url: string; method: string; headers: Headers; body: BodyInit | null | undefined };
type Answer = Response | 'offline';

let session: Session;
let clock: number;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const presigned = (n: number) =>
  json(200, {
    direct_upload: { url: `https://storage.test/up/${n}`, headers: { 'x-amz-acl': 'private' } },
    signed_id: `signed-${n}`,
    id: 500 + n,
  });

/** A server that answers by step; `plan` may turn any step offline or refuse it. */
function server(plan: (call: Sent) => Answer | undefined = () => undefined) {
  const sent: Sent[] = [];
  let presigns = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    sent.push(call);
    const planned = plan(call);
    if (planned === 'offline') throw new TypeError('Failed to fetch');
    if (planned) return planned;
    if (call.url.includes(PRESIGN_PATH)) return presigned(++presigns);
    if (call.url.startsWith('https://storage.test/')) return new Response(null, { status: 200 });
    return json(200, { ok: true });
  }) as unknown as typeof globalThis.fetch;
  const deps: SenderDeps = { getSession: async () => session, fetch, now: () => clock, random: () => 0.5 };
  const steps = () =>
    sent.map((call) =>
      call.url.includes(PRESIGN_PATH)
        ? 'presign'
        : call.method === 'PUT'
          ? `put ${call.url.slice(-1)}`
          : 'post',
    );
  return { sent, deps, steps };
}

const file = (text: string, name: string) => ({
  blob: new Blob([text], { type: 'image/png' }),
  filename: name,
});

const queueTask = (files = [file('first file', 'a.png'), file('second file', 'b.png')]) =>
  enqueueWithFiles(
    {
      userId: 7,
      method: 'POST',
      path: '/activities/brand_assets',
      body: { use_stock: false, files: [uploadRef(0), uploadRef(1)], logo_id: uploadRef(1, 'id') },
      label: 'Upload brand assets',
      tag: { type: 'task', id: 'brand_assets' },
      files,
    },
    clock,
  );

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  clock = 1_000_000;
  session = { ...emptySession(), token: 'tok-1', user_id: 7 };
});

describe('outbox items that carry files', () => {
  it('presigns, PUTs each file with Content-MD5, then posts the task with the signed ids; success deletes the blobs', async () => {
    await queueTask();
    expect(await db.outboxFiles.count()).toBe(2);
    const { sent, deps, steps } = server();
    expect(await flushOutbox(deps)).toMatchObject({ delivered: 1, failed: 0 });
    expect(steps()).toEqual(['presign', 'put 1', 'presign', 'put 2', 'post']);

    const query = new URL(sent[0].url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      filename: 'a.png',
      checksum: createHash('md5').update('first file').digest('base64'),
      byte_size: '10',
      content_type: 'image/png',
    });
    expect(sent[0].headers.get('X-Auth-Token')).toBe('tok-1');
    const put = sent[1];
    expect(put.headers.get('Content-MD5')).toBe(createHash('md5').update('first file').digest('base64'));
    expect(put.headers.get('x-amz-acl')).toBe('private');
    expect(put.headers.get('X-Auth-Token')).toBeNull();
    expect(await (put.body as Blob).text()).toBe('first file');

    const post = sent[4];
    expect(post.url).toBe('/api/v1/activities/brand_assets');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    expect(JSON.parse(String(post.body))).toEqual({
      use_stock: false,
      files: ['signed-1', 'signed-2'],
      logo_id: 502,
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('offline in the middle: resumes where it stopped, never redoing a finished step', async () => {
    await queueTask();
    // The connection drops at the second file's upload.
    const first = server((call) => (call.url.endsWith('/up/2') ? 'offline' : undefined));
    expect(await flushOutbox(first.deps)).toMatchObject({ delivered: 0, offline: true });
    expect(first.steps()).toEqual(['presign', 'put 1', 'presign', 'put 2']);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ status: 'queued', attempts: 1, error: 'No connection' });
    expect(item.uploads?.map((u) => [u.presigned?.signed_id ?? null, u.uploaded])).toEqual([
      ['signed-1', true],
      ['signed-2', false],
    ]);

    // Back online (after the backoff): only the second PUT and the post are left.
    clock += 60_000;
    const second = server((call) => (call.method === 'POST' ? 'offline' : undefined));
    await flushOutbox(second.deps);
    expect(second.steps()).toEqual(['put 2', 'post']);
    expect((await db.outbox.toArray())[0].uploads?.every((u) => u.uploaded)).toBe(true);

    clock += 60_000;
    const third = server();
    expect(await flushOutbox(third.deps)).toMatchObject({ delivered: 1 });
    expect(third.steps()).toEqual(['post']);
    expect(JSON.parse(String(third.sent[0].body)).files).toEqual(['signed-1', 'signed-2']);
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('a refused step (4xx) marks the item failed and keeps the blobs; a retry asks for a new URL', async () => {
    await queueTask();
    const refused = server((call) =>
      call.url.endsWith('/up/1') ? new Response('expired', { status: 403 }) : undefined,
    );
    expect(await flushOutbox(refused.deps)).toMatchObject({ delivered: 0, failed: 1 });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ status: 'failed', error: 'The file upload was refused' });
    expect(item.uploads?.[0]).toMatchObject({ presigned: null, uploaded: false });
    expect(await db.outboxFiles.count()).toBe(2);

    await retryItem(item.id as number, clock);
    const again = server();
    expect(await flushOutbox(again.deps)).toMatchObject({ delivered: 1 });
    expect(again.steps()).toEqual(['presign', 'put 1', 'presign', 'put 2', 'post']);
    expect(await db.outboxFiles.count()).toBe(0);
  });

  it('the server refusing the presign or the task keeps the item and its blobs, with the server’s message', async () => {
    await queueTask();
    const { deps } = server((call) =>
      call.method === 'POST'
        ? json(422, { errors: { files: ['Only images (jpeg/png) and pdf are allowed'] } })
        : undefined,
    );
    expect(await flushOutbox(deps)).toMatchObject({ failed: 1 });
    const [item] = await db.outbox.toArray();
    expect(item.status).toBe('failed');
    expect(item.error).toContain('Only images (jpeg/png) and pdf are allowed');
    expect(await db.outboxFiles.count()).toBe(2);

    await db.outbox.clear();
    await db.outboxFiles.clear();
    await queueTask();
    const presign = server((call) =>
      call.url.includes(PRESIGN_PATH) ? json(400, { errors: 'Bad checksum' }) : undefined,
    );
    expect(await flushOutbox(presign.deps)).toMatchObject({ failed: 1 });
    expect(presign.steps()).toEqual(['presign']);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', error: 'Bad checksum' });
    expect(await db.outboxFiles.count()).toBe(2);
  });

  it('a page closed mid-upload leaves the item sending; the next sender resumes after the stored steps', async () => {
    await queueTask();
    const closing = new AbortController();
    const first = server((call) => {
      if (call.url.endsWith('/up/2')) closing.abort();
      return call.url.endsWith('/up/2') ? 'offline' : undefined;
    });
    await flushOutbox({ ...first.deps, signal: closing.signal });
    const [item] = await db.outbox.toArray();
    expect(item.status).toBe('sending');
    expect(item.uploads?.map((u) => u.uploaded)).toEqual([true, false]);

    const next = server();
    expect(await flushOutbox(next.deps)).toMatchObject({ delivered: 1 });
    expect(next.steps()).toEqual(['put 2', 'post']);
  });

  it('discarding the item deletes its blobs', async () => {
    const id = await queueTask();
    await discardItem(id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxFiles.count()).toBe(0);
  });
});
