/**
 * The concurrent drain (outbox-sender.ts over outbox-order.ts): first-in, first-out per record,
 * records side by side and bounded, a retried record holding back only its own later writes, a
 * 401 stopping everything, and each write applied exactly once by a server that dedupes by key.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { recordOf } from '../../../src/sync/outbox-order';
import { flushOutbox, SEND_CONCURRENCY, type SenderDeps } from '../../../src/sync/outbox-sender';

let session: Session;
let clock: number;

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer that takes a while: long enough for the sender to put the next writes on the wire. */
const slow = (ms = 40) => new Promise((resolve) => setTimeout(resolve, ms));

type Call = { path: string; key: string; body: { n: number } };

/** A fetch that records calls and how many are on the wire; `answer` decides each one. */
function server(answer: (call: Call, index: number) => Promise<Response> | Response) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      path: String(input).replace('/api/v1', ''),
      key: headers.get('Idempotency-Key') ?? '',
      body: JSON.parse(String(init?.body)) as { n: number },
    };
    calls.push(call);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await answer(call, calls.length - 1);
    } finally {
      inFlight -= 1;
    }
  }) as typeof globalThis.fetch;
  const deps: SenderDeps = {
    getSession: async () => session,
    fetch,
    now: () => clock,
    random: () => 0.5,
  };
  return { calls, deps, maxInFlight: () => maxInFlight };
}

let counter = 0;
/** Queues a write about `path`; its body carries a global sequence number. */
async function write(path: string): Promise<number> {
  counter += 1;
  await enqueue({ userId: 7, method: 'POST', path, body: { n: counter }, label: `Write ${counter}` }, clock);
  return counter;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  clock = 1_000_000;
  counter = 0;
  session = { ...emptySession(), token: 'tok-1', user_id: 7 };
});

describe('recordOf', () => {
  it.each([
    ['/leads/12/review', 'leads/12'],
    ['/notifications/7', 'notifications/7'],
    ['/notifications/read_all', 'notifications'],
    ['/client', 'client'],
    ['/client/profile', 'client'],
    ['/client/accounts/R-1/settings', 'client'],
    ['/campaigns/facebook/3/update_status', 'campaigns'],
    ['/activities/service_areas/locations/add', 'activities'],
    ['/activities/55?x=1', 'activities/55'],
  ])('%s is about %s', (url, record) => {
    expect(recordOf(url)).toBe(record);
  });
});

describe('concurrent drain', () => {
  it('keeps first-in, first-out order within each record while records go side by side', async () => {
    const expected = new Map<string, number[]>();
    for (let round = 0; round < 4; round += 1) {
      for (const lead of [1, 2, 3, 4, 5]) {
        const path = `/leads/${lead}/review`;
        expected.set(path, [...(expected.get(path) ?? []), await write(path)]);
      }
    }
    // Later writes answer sooner, so any overtaking inside a record would show.
    const { calls, deps, maxInFlight } = server(async (call) => {
      await slow(100 - call.body.n * 4);
      return json(200);
    });
    expect(await flushOutbox(deps)).toMatchObject({ delivered: 20, failed: 0 });
    for (const [path, order] of expected) {
      expect(calls.filter((call) => call.path === path).map((call) => call.body.n)).toEqual(order);
    }
    expect(maxInFlight()).toBe(5);
    expect(await db.outbox.count()).toBe(0);
  });

  it(`keeps at most ${SEND_CONCURRENCY} writes on the wire (or the limit given), the first one alone`, async () => {
    for (let n = 1; n <= 30; n += 1) await write(`/notifications/${n}`);
    const wide = server(async () => {
      await slow();
      return json(200);
    });
    expect(await flushOutbox(wide.deps)).toMatchObject({ delivered: 30 });
    expect(wide.maxInFlight()).toBe(SEND_CONCURRENCY);

    for (let n = 1; n <= 10; n += 1) await write(`/notifications/${n}`);
    const one = server(async () => {
      await slow(5);
      return json(200);
    });
    expect(await flushOutbox({ ...one.deps, concurrency: 1 })).toMatchObject({ delivered: 10 });
    expect(one.maxInFlight()).toBe(1);
  });

  it('sends one request only into a dead connection', async () => {
    for (let n = 1; n <= 10; n += 1) await write(`/notifications/${n}`);
    const { calls, deps } = server(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await flushOutbox(deps)).toMatchObject({ offline: true, delivered: 0, retryAt: clock + 1000 });
    expect(calls).toHaveLength(1);
    expect((await db.outbox.toArray()).filter((item) => item.attempts > 0)).toHaveLength(1);
  });

  it('a record that must be retried holds back its own later writes, not the others', async () => {
    const a1 = await write('/leads/1/review');
    await write('/leads/2/review');
    const a2 = await write('/leads/1/review');
    await write('/leads/2/review');
    const { calls, deps } = server((call) =>
      call.body.n === a1 ? json(503, { errors: 'down' }) : json(200),
    );
    const result = await flushOutbox(deps);
    expect(result).toMatchObject({ delivered: 2, offline: false, retryAt: clock + 1000 });
    expect(calls.map((call) => call.body.n)).not.toContain(a2);
    const left = await db.outbox.orderBy('id').toArray();
    expect(
      left.map((item) => [(item.body as { json: { n: number } }).json.n, item.status, item.attempts]),
    ).toEqual([
      [a1, 'queued', 1],
      [a2, 'queued', 0],
    ]);

    // Once due, the record goes on in its order.
    clock += 1000;
    const later = server(() => json(200));
    expect(await flushOutbox(later.deps)).toMatchObject({ delivered: 2 });
    expect(later.calls.map((call) => call.body.n)).toEqual([a1, a2]);
  });

  it('a refused write (4xx) is kept for the user and its record goes on', async () => {
    const refused = await write('/leads/1/review');
    const next = await write('/leads/1/review');
    const { calls, deps } = server((call) =>
      call.body.n === refused ? json(422, { errors: 'The review window has closed' }) : json(200),
    );
    expect(await flushOutbox(deps)).toMatchObject({ delivered: 1, failed: 1 });
    expect(calls.map((call) => call.body.n)).toEqual([refused, next]);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('a 401 pauses everything: nothing new starts, and nothing is sent until a new token', async () => {
    for (let n = 1; n <= 20; n += 1) await write(`/notifications/${n}`);
    let sentWhenRefused = -1;
    const { calls, deps } = server(async (_call, index) => {
      await slow();
      return index === 3 ? json(401, { errors: 'Session expired' }) : json(200);
    });
    const result = await flushOutbox({
      ...deps,
      onAuthFailure: () => {
        sentWhenRefused = calls.length;
      },
    });
    expect(result.paused).toBe(true);
    // Nothing started once the 401 was known; the writes already on the wire finished.
    expect(calls.length).toBe(sentWhenRefused);
    expect(calls.length).toBeLessThan(20);
    const again = server(() => json(200));
    expect(await flushOutbox(again.deps)).toMatchObject({ paused: true, delivered: 0 });
    expect(again.calls).toHaveLength(0);

    session = { ...session, token: 'tok-2' };
    const resumed = server(() => json(200));
    const rest = 20 - result.delivered;
    expect(await flushOutbox(resumed.deps)).toMatchObject({ delivered: rest, paused: false });
    expect(await db.outbox.count()).toBe(0);
  });

  it('applies every write exactly once and in order per record, through 502s and answers lost after applying', async () => {
    // A server that dedupes by Idempotency-Key (server/plugins/idempotency.ts does it for real).
    const applied = new Map<string, number>();
    const appliedOrder = new Map<string, number[]>();
    const onWire = new Set<string>();
    let random = 12345;
    const roll = () => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random / 2 ** 31;
    };
    const expected = new Map<string, number[]>();
    for (let n = 0; n < 120; n += 1) {
      const path = `/leads/${1 + (n % 12)}/review`;
      expected.set(path, [...(expected.get(path) ?? []), await write(path)]);
    }
    const { deps } = server(async (call) => {
      expect(onWire.has(call.key)).toBe(false);
      onWire.add(call.key);
      try {
        await slow(roll() * 10);
        const fault = roll();
        if (fault < 0.15) return json(502);
        if (!applied.has(call.key)) {
          applied.set(call.key, call.body.n);
          appliedOrder.set(call.path, [...(appliedOrder.get(call.path) ?? []), call.body.n]);
        }
        if (fault < 0.3) throw new TypeError('connection reset after the server applied it');
        return json(200);
      } finally {
        onWire.delete(call.key);
      }
    });
    for (let flushes = 0; (await db.outbox.count()) > 0; flushes += 1) {
      expect(flushes).toBeLessThan(500);
      const result = await flushOutbox(deps);
      if (result.retryAt !== null) clock = Math.max(clock, result.retryAt);
    }
    expect(applied.size).toBe(120);
    expect(appliedOrder).toEqual(expected);
  }, 60_000);
});
