/**
 * Both ways the server opens PGlite (db/client.ts: a worker thread by default, the main thread
 * under PGLITE_WORKER=off) serve with the same settings (db/pglite-settings.ts): the 16MB buffer pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb, rowsOf } from '../../server/db/client';

describe('PGlite serving settings', () => {
  it.each([
    ['a worker thread', true],
    ['the main thread (PGLITE_WORKER=off)', false],
  ])(
    'in %s: shared_buffers is 16MB',
    async (_where, worker) => {
      // A data directory, as the server opens: an in-memory PGlite keeps Postgres' defaults.
      const dataDir = mkdtempSync(join(tmpdir(), 'pglite-settings-'));
      const handle = await openDb({ dataDir, worker, migrate: false });
      try {
        const [pool] = await rowsOf<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
        expect(pool.shared_buffers).toBe('16MB');
      } finally {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // A PGlite start compiles its WebAssembly: long on a loaded machine.
    180_000,
  );
});
