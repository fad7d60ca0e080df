/**
 * Backups of the embedded install (issue 52, item 4): `npm run backup` (server/cli/backup.ts)
 * copies a running server's database while writes go on, `npm run restore` brings the copy into a
 * new DATA_DIR, and there every write acknowledged before the backup began is found, with the
 * uploads and the signing key; the writes the copy holds are exactly the first ones in order (no gap: one instant's
 * database). With no server running, backup opens the database itself. Restore refuses a
 * non-empty DATA_DIR and a damaged file; on PostgreSQL both commands say what to use.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { leads } from '../../server/db/schema/leads';
import { diskStorage } from '../../server/domain/storage/storage';
import { startApp, type TestApp } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const scratch = join(inject('pgliteTemplate'), '..', `backup-${randomUUID().slice(0, 8)}`);

type Ran = { code: number | null; output: string };

/** Runs one of the CLI scripts (as `npm run backup` / `restore` do) with DATA_DIR and extra env. */
function cli(script: 'backup' | 'restore', arg: string, env: Record<string, string>): Promise<Ran> {
  const proc = spawn(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, arg], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((done) => proc.once('exit', (code) => done({ code, output })));
}

let t: TestApp;

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  t = await startApp('pglite');
});

afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run backup and npm run restore (embedded database)', () => {
  it('back up a running server during writes; the restore holds every acknowledged write', async () => {
    const upload = Buffer.from(`an uploaded file ${randomUUID()}`);
    await diskStorage(t.config.dataDir).put('backup-test/photo.jpg', upload, 'image/jpeg');

    /** Lead ids in the order the server acknowledged them, each with whether the backup had begun. */
    const acknowledged: { id: number; afterStart: boolean }[] = [];
    let backupStarted = false;
    let writing = true;
    const writeOne = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dev/leads',
        payload: { email: 'owner@demo.test' },
      });
      expect(res.statusCode, res.body).toBe(200);
      acknowledged.push({ id: res.json().lead.id, afterStart: backupStarted });
    };
    for (let i = 0; i < 5; i += 1) await writeOne();
    const writer = (async () => {
      while (writing) await writeOne();
    })();

    const file = join(scratch, 'portal.tar.gz');
    backupStarted = true;
    const backup = await cli('backup', file, { DATA_DIR: t.config.dataDir });
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('from the running server');
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.partial`)).toBe(false);
    // Writes went on while the backup ran: the server kept serving.
    expect(acknowledged.filter((a) => a.afterStart).length).toBeGreaterThan(0);

    const restored = join(scratch, 'restored');
    const restore = await cli('restore', file, { DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(join(restored, 'uploads/backup-test/photo.jpg'))).toEqual(upload);
    // The signing key (BECOME_SECRET unset) comes back too: links made before the backup still work.
    expect(readFileSync(join(restored, 'become.key'))).toEqual(
      readFileSync(join(t.config.dataDir, 'become.key')),
    );

    const handle = await openDb({ dataDir: join(restored, 'pglite'), worker: false, migrate: false });
    try {
      const ids = acknowledged.map((a) => a.id);
      const found = new Set(
        (await handle.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids))).map((r) => r.id),
      );
      const present = acknowledged.map((a) => found.has(a.id));
      // Every write acknowledged before the backup began is there...
      expect(acknowledged.filter((a) => !a.afterStart && !found.has(a.id))).toEqual([]);
      // ...and what it holds is the writes up to one instant: found ones first, then none.
      const firstMissing = present.indexOf(false);
      if (firstMissing !== -1) expect(present.slice(firstMissing).every((p) => !p)).toBe(true);
    } finally {
      await handle.close();
    }

    // With no server on a DATA_DIR (the restored one), the command opens the database itself.
    const again = join(scratch, 'again.tar.gz');
    const stopped = await cli('backup', again, { DATA_DIR: restored });
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toContain('from the stopped database');
  }, 400_000);

  it("asks the server through a socket only the server's user can open", () => {
    const socket = statSync(join(t.config.dataDir, 'backup.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('restore refuses a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const full = join(scratch, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(join(full, 'keep.txt'), 'mine');
    const file = join(scratch, 'any.tar.gz');
    writeFileSync(file, 'not even a backup');
    const restore = await cli('restore', file, { DATA_DIR: full });
    expect(restore.code).toBe(2);
    expect(restore.output).toContain('is not empty');
    expect(readFileSync(join(full, 'keep.txt'), 'utf8')).toBe('mine');
  }, 120_000);

  it('restore refuses a file that is not a backup, and leaves the new DATA_DIR empty', async () => {
    const file = join(scratch, 'garbage.tar.gz');
    writeFileSync(file, 'not even a backup');
    const target = join(scratch, 'never');
    const restore = await cli('restore', file, { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('Restore failed');
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('on PostgreSQL (DATABASE_URL), both say what to use instead', async () => {
    const env = { DATA_DIR: join(scratch, 'pg'), DATABASE_URL: 'postgres://portal@db.example/portal' };
    const backup = await cli('backup', join(scratch, 'pg.tar.gz'), env);
    expect(backup.code).toBe(2);
    expect(backup.output).toContain('pg_dump');
    const restore = await cli('restore', join(scratch, 'pg.tar.gz'), env);
    expect(restore.code).toBe(2);
    expect(restore.output).toContain('pg_restore');
  }, 120_000);
});
