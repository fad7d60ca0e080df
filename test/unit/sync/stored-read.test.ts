/**
 * Stored answers checked once per stored copy (stored-read.ts): the same copy gives the same
 * object without a second check, a newer copy is checked afresh, and a malformed one is no answer.
 */
import { number, object, string } from 'superstruct';
import { describe, expect, it } from 'vitest';
import type { CachedResponse } from '../../../src/db/app-db';
import { checkStored } from '../../../src/sync/stored-read';

const Summary = object({ title: string(), count: number() });

const row = (stored_at: number, data: unknown): CachedResponse => ({
  key: '7:GET /api/v1/summary',
  user_id: 7,
  method: 'GET',
  url: '/api/v1/summary',
  data,
  stored_at,
});

describe('checkStored', () => {
  it('answers the same object for the same stored copy, even read again', () => {
    const first = checkStored(Summary, row(1, { title: 'A', count: 1 }));
    const again = checkStored(Summary, row(1, { title: 'A', count: 1 }));
    expect(first).toEqual({ data: { title: 'A', count: 1 }, at: 1 });
    expect(again).toBe(first);
  });

  it('checks a newer copy afresh, and refuses a malformed one', () => {
    expect(checkStored(Summary, row(2, { title: 'B', count: 2 }))?.data).toEqual({ title: 'B', count: 2 });
    expect(checkStored(Summary, row(3, { title: 'C' }))).toBeNull();
    expect(checkStored(Summary, null)).toBeNull();
  });

  it('masks fields the contract does not know', () => {
    expect(checkStored(Summary, row(4, { title: 'D', count: 4, extra: true }))?.data).toEqual({
      title: 'D',
      count: 4,
    });
  });
});
