/**
 * Backups of the embedded install: a consistent copy of the PGlite database plus the files of disk
 * storage (DATA_DIR/uploads) and DATA_DIR/become.key, as one .tar.gz with `pglite/`, `uploads/`
 * and `become.key` at its top.
 *
 * Why this is consistent: PGlite runs one statement at a time, and a transaction holds it until
 * the transaction ends (db/pglite-thread.ts, and PGlite's own lock in the main thread). Inside one
 * we run CHECKPOINT, which writes every changed page to the data files, then copy the directory
 * while nothing else can run: no statement, no background writer (PGlite has none). The copy is the
 * database as of that instant, a clean checkpoint that opens without recovery, and every write
 * acknowledged before the copy started is in it (a commit is on disk before it is answered).
 * Requests wait for the copy (a local file copy of the directory, about 255 MB for the demo data);
 * they do not fail. Compressing happens after, from the copy, while the server serves again.
 *
 * - The copy goes beside DATA_DIR's database (same file system: a fast copy, and no tmpfs filled),
 *   and is removed whatever happens.
 * - postmaster.pid is left out: it names the running process, and a restored copy has none.
 * - Uploads are copied after the database, so every file whose upload had finished when the
 *   database was copied is in the archive (files are written once, under keys the server makes,
 *   and never changed). The one gap: a file deleted in the seconds between the two copies
 *   (an expired export's file, an unused upload the sweep removes) is missing though the copied
 *   database names it.
 */
import { constants, createReadStream } from 'node:fs';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listTree, tarEnd, tarHeader, tarPadding } from './tar';

/** Files of a PostgreSQL data directory that belong to the running process, not to the data. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts']);

/** The embedded database's directory and the disk storage's, as server/main.ts opens them. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');
export const uploadsDirOf = (dataDir: string) => join(dataDir, 'uploads');

/** A directory (or one file) to put in the archive under `as`. */
type Tree = { from: string; as: string };

/**
 * Copies the database directory `pgliteDir` into a new directory beside it while `db` (the PGlite
 * serving it) runs nothing else; answers the copy's path. The caller removes it.
 */
export async function snapshotPglite(db: Db, pgliteDir: string): Promise<string> {
  const copy = await mkdtemp(`${pgliteDir}.backup-`);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`CHECKPOINT`);
      await cp(pgliteDir, copy, {
        recursive: true,
        // A copy-on-write clone where the file system has one (btrfs, XFS, APFS), else a copy.
        mode: constants.COPYFILE_FICLONE,
        filter: (source) => !LEFT_OUT.has(source.slice(pgliteDir.length + 1)),
      });
    });
    return copy;
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
}

/** What is at `path`: a directory, a file, or nothing (null). */
async function kindOf(path: string): Promise<'dir' | 'file' | null> {
  return stat(path).then(
    (info) => (info.isDirectory() ? 'dir' : info.isFile() ? 'file' : null),
    () => null,
  );
}

/** One file's entry: header, content read to the size the header gave, padding. */
async function* fileEntry(path: string, name: string): AsyncGenerator<Buffer> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return; // removed since it was listed
  }
  yield tarHeader(name, info.size, 'file', info.mtime);
  let sent = 0;
  if (info.size > 0) {
    for await (const chunk of createReadStream(path, {
      start: 0,
      end: info.size - 1,
    }) as AsyncIterable<Buffer>) {
      sent += chunk.length;
      yield chunk;
    }
  }
  if (sent < info.size) yield Buffer.alloc(info.size - sent);
  yield tarPadding(info.size);
}

/**
 * The archive's bytes, entry by entry. A file that shrinks while it is read (an upload being
 * written) is padded to the size its header gave, so the archive stays whole.
 */
async function* archive(trees: Tree[]): AsyncGenerator<Buffer> {
  for (const { from, as } of trees) {
    const kind = await kindOf(from);
    if (kind === 'file') yield* fileEntry(from, as);
    if (kind !== 'dir') continue;
    yield tarHeader(as, 0, 'dir', new Date());
    for (const entry of await listTree(from)) {
      const name = `${as}/${entry.path}`;
      if (entry.dir) yield tarHeader(name, 0, 'dir', new Date());
      else yield* fileEntry(join(from, entry.path), name);
    }
  }
  yield tarEnd();
}

/** Writes the .tar.gz of `trees` into `out` (ended when done): gzip level 1: the
 *  fastest, since a backup competes with the server for the CPU; the file is somewhat larger. */
export async function writeArchive(trees: Tree[], out: Writable): Promise<void> {
  await pipeline(Readable.from(archive(trees)), createGzip({ level: 1 }), out);
}

/**
 * The backup of a running embedded install, as a stream: the database is copied first (under the
 * lock, above), then archived with the uploads while the server serves again.
 */
export async function backupRunning(db: Db, dataDir: string): Promise<Readable> {
  const copy = await snapshotPglite(db, pgliteDirOf(dataDir));
  const out = new PassThrough();
  writeArchive(
    [
      { from: copy, as: 'pglite' },
      { from: uploadsDirOf(dataDir), as: 'uploads' },
      // The key of signed links and reset codes when BECOME_SECRET is unset (domain/auth/become.ts):
      // restored with the data, links and codes made before the backup still work.
      { from: join(dataDir, 'become.key'), as: 'become.key' },
    ],
    out,
  )
    .catch((error: unknown) => out.destroy(error as Error))
    .finally(() => rm(copy, { recursive: true, force: true }));
  return out;
}
