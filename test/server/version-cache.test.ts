/**
 * The shelves of lib/version-cache.ts: one computation per key however many ask at once, a failure
 * not held, and each shelf bounded by weight, oldest out first (leads pages weigh their rows).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { cachedByVersion } from '../../server/lib/version-cache';

const aDb = () => ({}) as Db;

describe('answers held by version', () => {
  it('computes a key once for concurrent callers, and again after a failure', async () => {
    const db = aDb();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([1, 2, 3].map(() => cachedByVersion(db, 'k', compute)))).toEqual([1, 1, 1]);
    const failing = cachedByVersion(db, 'bad', async () => {
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
    expect(await cachedByVersion(db, 'bad', async () => 'recovered')).toBe('recovered');
  });

  it('holds at most 10,000 rows of leads pages, dropping the oldest first', async () => {
    const db = aDb();
    let runs = 0;
    const page = (key: string) =>
      cachedByVersion(db, key, async () => ++runs, { shelf: 'pages', weight: 100 });
    for (let n = 0; n < 100; n++) await page(`p${n}`);
    expect(runs).toBe(100);
    await page('p0'); // still held: 100 pages of 100 rows
    expect(runs).toBe(100);
    await page('p100'); // one more: the oldest goes
    await page('p1');
    expect(runs).toBe(101);
    await page('p0');
    expect(runs).toBe(102);
    // The other shelf is apart: settings answers are not pushed out by pages.
    let settingsRuns = 0;
    await cachedByVersion(db, 'settings', async () => ++settingsRuns);
    for (let n = 200; n < 400; n++) await page(`p${n}`);
    await cachedByVersion(db, 'settings', async () => ++settingsRuns);
    expect(settingsRuns).toBe(1);
  });
});
