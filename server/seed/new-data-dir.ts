/**
 * A first start on the embedded database: the new PGlite directory is created, migrated and
 * seeded in a worker thread of its own (seed/seed-worker.ts), which then ends, so the memory the
 * seed grew is returned before the server opens the finished directory (issue 26: the server at rest
 * after a first start went from about 930 MB to 440-580 MB).
 *
 * - Only a directory PGlite never initialised counts as new (no PG_VERSION). A directory left
 *   empty by an interrupted first start is seeded in place by seedOnStart, as before.
 * - The directory's lock (db/data-dir-lock.ts) is held from before the worker opens it and released
 *   in the same tick as the caller's openDb takes it again.
 * - The worker's error is this call's error; the directory then holds no users and is seeded again
 *   at the next start (seedDemo runs in one transaction).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from '../db/data-dir-lock';
import { workerSource } from '../db/pglite-thread';
import type { SeedOptions } from './index';
import type { DemoCustomer } from './types';

export function isNewDataDir(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}

/**
 * Builds the demo database in `dir` in a worker thread, then calls `open` (the caller's openDb)
 * in the same tick as it releases the lock, and answers the customers seeded with what `open` did.
 */
export async function seedNewDataDir<T>(
  dir: string,
  options: SeedOptions,
  open: () => Promise<T>,
): Promise<{ customers: DemoCustomer[] | null; opened: T }> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  let customers: DemoCustomer[] | null;
  try {
    customers = await new Promise<DemoCustomer[] | null>((resolve, reject) => {
      const worker = new Worker(workerSource(new URL('./seed-worker.ts', import.meta.url)), {
        eval: true,
        workerData: { dataDir: dir, options },
      });
      let answer: DemoCustomer[] | null | undefined;
      worker.once('message', (message: { customers: DemoCustomer[] | null }) => {
        answer = message.customers;
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (answer !== undefined) resolve(answer);
        else reject(new Error(`the seed worker ended (exit code ${code}) before the database was built`));
      });
    });
  } catch (error) {
    release();
    throw error;
  }
  release();
  return { customers, opened: await open() };
}
