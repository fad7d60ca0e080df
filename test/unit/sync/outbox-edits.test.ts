/**
 * Edits of a record through the journal (issue 48, item 1): queueEdit journals the write in the
 * tap's task with the version it knows then, and a replay of a write whose transaction never
 * committed bases it as the transaction would have: on the stored read, behind the unsent writes
 * about the same record.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { toItem } from '../../../src/sync/outbox';
import { notSending, queueEdit } from '../../../src/sync/outbox-edits';
import { journaled, journalWrite, replayJournal } from '../../../src/sync/outbox-journal';
import { versionIn } from '../../../src/sync/outbox-versions';
import { apiUrl, storeResponse } from '../../../src/sync/response-cache';

const USER = 7;
const TAG = { type: 'lead-review', id: 42 };
const FROM = { path: '/leads/42', field: ['lead', 'review_version'] };

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

const write = (note: string) => ({
  userId: USER,
  method: 'POST' as const,
  path: '/leads/42/review',
  body: { review_type: 'wrong_number', note },
  label: 'Review request for lead 42',
  tag: TAG,
});

const rows = async () =>
  (await db.outbox.orderBy('id').toArray()).map((item) => ({
    note: (item.body.kind === 'json' ? (item.body.json as { note: string }) : { note: '' }).note,
    version: versionIn(item.body),
    key: item.idempotency_key,
  }));

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  await Promise.all(db.tables.map((table) => table.clear()));
  await storeResponse({
    userId: USER,
    method: 'GET',
    url: apiUrl('/leads/42'),
    data: { lead: { review_version: 4 } },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('queueEdit', () => {
  it('journals at once, bases the write on the stored read, and a second edit joins the waiting one', async () => {
    const first = queueEdit(write('First.'), { read: FROM, joins: notSending });
    expect(journaled(USER).map((item) => item.version_from)).toEqual([FROM]);
    const id = await first;
    expect(journaled(USER)).toEqual([]);
    expect(await rows()).toEqual([{ note: 'First.', version: 4, key: expect.any(String) }]);

    const second = queueEdit(write('Second.'), { read: FROM, joins: notSending });
    const key = journaled(USER)[0]?.idempotency_key;
    expect(await second).toBe(id);
    expect(journaled(USER)).toEqual([]);
    // One write, the newest text, under the journaled key: a replay would find it there.
    expect(await rows()).toEqual([{ note: 'Second.', version: 4, key }]);
    expect(await replayJournal(USER)).toBe(0);
  });

  it('refuses while a write about the record waits, keeping nothing', async () => {
    await queueEdit(write('First.'), { read: 4 });
    await expect(queueEdit(write('Second.'), { read: 4, refuse: 'Still waiting.' })).rejects.toThrow(
      'Still waiting.',
    );
    expect(journaled(USER)).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('a replayed edit', () => {
  it('is based on the stored read, behind the unsent write about the same record', async () => {
    await queueEdit(write('First.'), { read: FROM });
    // The page went away before the second edit's transaction ran: only its journal entry is left.
    journalWrite(toItem(write('Second.'), Date.now()), FROM);
    expect(await replayJournal(USER)).toBe(1);
    expect((await rows()).map(({ note, version }) => [note, version])).toEqual([
      ['First.', 4],
      ['Second.', 5],
    ]);
  });
});
