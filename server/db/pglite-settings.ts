/**
 * The options every serving PGlite opens with, in a worker thread (db/pglite-worker.ts) or in the
 * main thread (PGLITE_WORKER=off, db/client.ts): one list, so both paths serve alike.
 *
 * - A small buffer pool: PGlite's emulated shared memory is allocated and zeroed in full at start,
 *   so every megabyte of shared_buffers is a megabyte of the process's memory, used or not.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Postgres' 128 MB default shared_buffers cost 128 MB of resident memory from the first second
 * (above); the demo database is about 110 MB and what this pool does not hold is read from the
 * operating system's file cache. Measured on the demo data (issue 26): with 16 MB PGlite held about
 * 115 MB less at rest (208 against 325 MB in a bare process, after the same reads), and the
 * franchise's 18 year-range performance reports, three times over on a warm server, took 404 ms
 * against 480 ms with 128 MB (single runs on a loaded machine: no slowdown to see).
 */
const SERVING_SETTINGS = ['shared_buffers=16MB'];

/** A serving PGlite's options, starting from a data-dir dump when one is given. */
export function servingOptions(loadDataDir?: Blob): PGliteOptions {
  return {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...SERVING_SETTINGS.flatMap((setting) => ['-c', setting])],
  };
}
