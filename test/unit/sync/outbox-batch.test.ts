/**
 * The batched drain (outbox-sender.ts with `batch`, outbox-order.ts takeRun, outbox-request.ts
 * sendBatch) against a fake server that runs POST /outbox/batch by the contract's rules (in
 * order, deduped by key, stopping at the first item to retry): the first write goes alone, then
 * runs of writes share requests; each write is applied exactly once and in its record's order,
 * through a 503 inside a batch, a batch whose answer is lost, and a server without the route.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BATCH_MAX_ITEMS, type BatchBody } from '../../../src/api/contracts/batch';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { flushOutbox, type SenderDeps } from '../../../src/sync/outbox-sender';

let session: Session;
let clock: number;

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Options = {
  /** The status an item answers the first time it is run (else 200). */
  refuse?: (n: number) => number | null;
  /** The batch route is unknown (an older server). */
  noBatch?: boolean;
  /** Loses the answer of the batch with this index, after applying it. */
  loseBatch?: number;
};

/** Applies writes once per key, in the order they come; records what was applied and how asked. */
function fakeServer(options: Options = {}) {
  const applied: { path: string; n: number }[] = [];
  const answered = new Map<string, number>();
  const refused = new Set<number>();
  const requests: { batch: number | null }[] = [];
  let batches = 0;
  const run = (path: string, key: string, body: { n: number }): number => {
    if (answered.has(key)) return answered.get(key) as number;
    const status = refused.has(body.n) ? null : (options.refuse?.(body.n) ?? null);
    if (status !== null) {
      refused.add(body.n);
      return status;
    }
    applied.push({ path, n: body.n });
    answered.set(key, 200);
    return 200;
  };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace('/api/v1', '');
    if (path === '/outbox/batch') {
      requests.push({ batch: JSON.parse(String(init?.body)).items.length });
      if (options.noBatch) return json(404, { errors: 'Not found' });
      const index = batches;
      batches += 1;
      const { items } = JSON.parse(String(init?.body)) as BatchBody;
      const results: {
        status: number | null;
        body: unknown;
        retry_after: string | null;
        replayed: boolean;
      }[] = [];
      let stopped = false;
      for (const item of items) {
        if (stopped) {
          results.push({ status: null, body: null, retry_after: null, replayed: false });
          continue;
        }
        const status = run(item.path, item.idempotency_key, item.body as { n: number });
        results.push({ status, body: {}, retry_after: null, replayed: false });
        if (status >= 500) stopped = true;
      }
      if (index === options.loseBatch) throw new TypeError('Failed to fetch');
      return json(200, { results });
    }
    requests.push({ batch: null });
    const key = new Headers(init?.headers).get('Idempotency-Key') ?? '';
    return json(run(path, key, JSON.parse(String(init?.body))));
  }) as typeof globalThis.fetch;
  const deps: SenderDeps = {
    getSession: async () => session,
    fetch,
    now: () => clock,
    random: () => 0.5,
    batch: true,
  };
  return { applied, requests, deps };
}

let counter = 0;
async function write(path: string): Promise<number> {
  counter += 1;
  await enqueue({ userId: 7, method: 'POST', path, body: { n: counter }, label: `Write ${counter}` }, clock);
  return counter;
}

/** Each record's writes in the order the server applied them. */
const byRecord = (applied: { path: string; n: number }[]) => {
  const lines = new Map<string, number[]>();
  for (const { path, n } of applied) lines.set(path, [...(lines.get(path) ?? []), n]);
  return lines;
};

/** Flushes until the queue is empty, moving the clock past each backoff. */
async function drain(deps: SenderDeps) {
  for (let i = 0; i < 20 && (await db.outbox.count()) > 0; i += 1) {
    const result = await flushOutbox(deps);
    clock = Math.max(clock, result.retryAt ?? clock) + 1;
  }
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  clock = 1_000_000;
  counter = 0;
  session = { ...emptySession(), token: 'tok-1', user_id: 7 };
});

describe('the batched drain', () => {
  it('sends the first write alone, then runs of writes in few requests, each once and in order', async () => {
    const queued: number[] = [];
    for (let i = 0; i < 120; i += 1) queued.push(await write(`/leads/${i % 7}/review`));
    const server = fakeServer();
    await flushOutbox(server.deps);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied.map((a) => a.n).sort((a, b) => a - b)).toEqual(queued);
    expect(server.requests[0]).toEqual({ batch: null });
    expect(server.requests.length).toBeLessThanOrEqual(1 + Math.ceil(119 / BATCH_MAX_ITEMS) + 1);
    for (const [, ns] of byRecord(server.applied)) expect(ns).toEqual([...ns].sort((a, b) => a - b));
  });

  it("a write the server must retry holds back its record's later ones, not the others'", async () => {
    for (let i = 0; i < 30; i += 1) await write(`/leads/${i % 3}/review`);
    // Write 8 (record leads/1) answers 503 once: the batch stops there.
    const server = fakeServer({ refuse: (n) => (n === 8 ? 503 : null) });
    await drain(server.deps);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied.map((a) => a.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    for (const [, ns] of byRecord(server.applied)) expect(ns).toEqual([...ns].sort((a, b) => a - b));
  });

  it('a batch whose answer is lost after it was applied is sent again and applied once', async () => {
    for (let i = 0; i < 40; i += 1) await write(`/notifications/${i % 4}`);
    const server = fakeServer({ loseBatch: 0 });
    await drain(server.deps);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toHaveLength(40);
    expect(new Set(server.applied.map((a) => a.n)).size).toBe(40);
  });

  it('falls back to one write a request on a server without the batch route', async () => {
    for (let i = 0; i < 12; i += 1) await write(`/leads/${i % 5}/review`);
    const server = fakeServer({ noBatch: true });
    await drain(server.deps);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toHaveLength(12);
    expect(server.requests.filter((r) => r.batch !== null)).toHaveLength(1);
  });

  it('a refused write (422) fails alone: the rest of its batch goes on', async () => {
    for (let i = 0; i < 10; i += 1) await write(`/leads/${i % 2}/review`);
    const server = fakeServer({ refuse: (n) => (n === 4 ? 422 : null) });
    await drain(server.deps);
    const left = await db.outbox.toArray();
    expect(left.map((item) => [item.status, (item.body as { json: { n: number } }).json.n])).toEqual([
      ['failed', 4],
    ]);
    expect(server.applied).toHaveLength(9);
  });
});
