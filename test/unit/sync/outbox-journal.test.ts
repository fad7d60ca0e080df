/**
 * The outbox's write-ahead journal (issue 48, item 1): a write is in Web Storage from the tap's
 * own task until its transaction commits; a page that went away before the commit leaves it there,
 * and the next start queues it, once, whoever gets there first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { add, queueWrite, toItem } from '../../../src/sync/outbox';
import { journaled, journalWrite, replayJournal } from '../../../src/sync/outbox-journal';

/** A Web Storage of the node environment's own (the journal's store). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, String(value)),
    removeItem: (key: string) => void map.delete(key),
  };
}

const input = (n: number) => ({
  userId: 7,
  method: 'PUT' as const,
  path: `/notifications/${n}`,
  label: 'Mark notification as read',
  tag: { type: 'notification-read', id: n },
});

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(() => vi.unstubAllGlobals());

describe('queueWrite', () => {
  it('journals the write before anything is awaited, and clears it once the transaction commits', async () => {
    const queued = queueWrite(input(1), [db.notifications], async () => true);
    // Still the caller's task: the transaction has not run, the journal already has the write.
    expect(journaled(7).map((item) => item.url)).toEqual(['/notifications/1']);
    expect(await queued).toEqual(expect.any(Number));
    expect(journaled(7)).toEqual([]);
    expect((await db.outbox.toArray()).map((item) => item.url)).toEqual(['/notifications/1']);
  });

  it('keeps nothing when there is nothing to do or the transaction fails', async () => {
    expect(await queueWrite(input(1), [], async () => false)).toBeNull();
    await expect(
      queueWrite(input(2), [], async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(journaled(7)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replayJournal', () => {
  it('queues what a page that went away left journaled, once', async () => {
    // The tap journaled it; the page loaded another address before the transaction committed.
    journalWrite(toItem(input(1), 1000));
    journalWrite(toItem(input(2), 1001));
    expect(await replayJournal(7)).toBe(2);
    expect(journaled(7)).toEqual([]);
    expect(await replayJournal(7)).toBe(0);
    const rows = await db.outbox.orderBy('id').toArray();
    expect(rows.map((item) => [item.url, item.status])).toEqual([
      ['/notifications/1', 'queued'],
      ['/notifications/2', 'queued'],
    ]);
  });

  it('never queues a write twice, whichever of the replay and its transaction comes first', async () => {
    const first = toItem(input(1), 1000);
    const clearFirst = journalWrite(first);
    await replayJournal(7); // another tab's start, while this tab's transaction still runs
    await db.transaction('rw', db.outbox, () => add(first, clearFirst));
    const second = await queueWrite(input(2), [], async () => true);
    journalWrite((await db.outbox.get(second as number)) ?? toItem(input(2), 0)); // committed, not yet cleared
    await replayJournal(7);
    expect((await db.outbox.toArray()).map((item) => item.url).sort()).toEqual([
      '/notifications/1',
      '/notifications/2',
    ]);
    expect(journaled(7)).toEqual([]);
  });

  it('ignores what it cannot read, and other users’ entries', async () => {
    localStorage.setItem('portal:user:7:outbox-journal', '{not json');
    expect(await replayJournal(7)).toBe(0);
    localStorage.setItem('portal:user:7:outbox-journal', JSON.stringify([{ user_id: 8, url: '/x' }, 3]));
    expect(await replayJournal(7)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
