import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { emptySession, type Session } from '../../../src/db/session';
import { enqueue } from '../../../src/sync/outbox';
import { flushUnderLock } from '../../../src/sync/outbox-flush';

const session: Session = { ...emptySession(), token: 'tok-1', user_id: 7 };
const ok = async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

const write = (n: number) =>
  enqueue({
    userId: 7,
    method: 'POST',
    path: `/things/${n}`,
    body: { n },
    label: `Write ${n}`,
    refresh: ['/things'],
  });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('flushUnderLock', () => {
  it("lets the next sender deliver while the last delivery's reads are still being fetched", async () => {
    await write(1);
    let finishRefresh = () => {};
    const refreshed: string[] = [];
    const first = flushUnderLock({
      getSession: async () => session,
      fetch: ok as typeof fetch,
      refresh: (item) =>
        new Promise<void>((done) => {
          finishRefresh = () => {
            refreshed.push(item.url);
            done();
          };
        }),
    });
    // The first write is delivered; its read refresh hangs (a stalled connection, a slow server).
    await expect.poll(() => db.outbox.count()).toBe(0);
    await write(2);
    // Another sender (a tab, the service worker) takes the lock and delivers the next write.
    const second = await flushUnderLock({
      getSession: async () => session,
      fetch: ok as typeof fetch,
      refresh: async (item) => void refreshed.push(item.url),
    });
    expect(second.delivered).toBe(1);
    expect(refreshed).toEqual(['/things/2']);
    // The first flush answers only once its reads are done.
    let firstDone = false;
    void first.then(() => {
      firstDone = true;
    });
    await Promise.resolve();
    expect(firstDone).toBe(false);
    finishRefresh();
    expect((await first).delivered).toBe(1);
    expect(refreshed).toEqual(['/things/2', '/things/1']);
  });

  it('answers the flush even when a refresh fails', async () => {
    await write(1);
    const result = await flushUnderLock({
      getSession: async () => session,
      fetch: ok as typeof fetch,
      refresh: async () => {
        throw new Error('no answer');
      },
    });
    expect(result.delivered).toBe(1);
  });
});
