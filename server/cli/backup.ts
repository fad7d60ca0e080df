/**
 * `npm run backup -- FILE`: a consistent copy of the embedded install (the PGlite database and,
 * on disk storage, DATA_DIR/uploads) as one .tar.gz, safe to run while the server serves.
 *
 * - A server running on DATA_DIR makes the copy itself (ops/backup-socket.ts, ops/backup.ts says
 *   why that is consistent); with none running, this process opens the database and does the same.
 * - Written to FILE.partial and renamed when whole: a FILE that exists is a finished backup.
 * - PostgreSQL (DATABASE_URL) is refused with what to use instead: pg_dump, the provider's
 *   snapshots, and the bucket's own tools (README "Backups and restore").
 * Exit codes: 0 written, 1 the backup failed, 2 the command cannot be run as given.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/client';
import { DataDirLocked } from '../db/data-dir-lock';
import { backupRunning, pgliteDirOf } from '../ops/backup';
import { backupSocketOf } from '../ops/backup-socket';

const usage = 'Usage: npm run backup -- <file.tar.gz>   (DATA_DIR as the server has it)';

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/** The running server's answer on its backup socket, or null when no server listens there. */
function askServer(socketPath: string): Promise<NodeJS.ReadableStream | null> {
  return new Promise((done, failed) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode === 200) return done(res);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        failed(new Error(`the server refused the backup (${res.statusCode}): ${body.trim()}`)),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(null);
      else failed(error);
    });
    req.end();
  });
}

async function main() {
  const [file] = process.argv.slice(2);
  if (!file) fail(2, usage);
  const config = loadConfig();
  if (config.databaseUrl)
    fail(
      2,
      'DATABASE_URL is set: npm run backup copies the embedded database only. Back up PostgreSQL with ' +
        'pg_dump (pg_dump --format=custom --file=portal.dump "$DATABASE_URL") or your provider\'s snapshots, ' +
        'and S3 storage with the bucket\'s versioning or replication (README "Backups and restore").',
    );
  if (!existsSync(pgliteDirOf(config.dataDir)))
    fail(2, `No embedded database in ${config.dataDir} (DATA_DIR).`);
  const target = resolve(file);
  if (existsSync(target)) fail(2, `${target} exists already: give a new file name.`);

  const started = Date.now();
  const partial = `${target}.partial`;
  let from = 'the running server';
  try {
    let source = await askServer(backupSocketOf(config.dataDir));
    let close = async () => {};
    if (!source) {
      // No server: this process opens the database (taking its lock, so none starts meanwhile).
      from = 'the stopped database';
      const handle = await openDb({ dataDir: pgliteDirOf(config.dataDir), worker: false, migrate: false });
      close = () => handle.close();
      source = await backupRunning(handle.db, config.dataDir);
    }
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
    } finally {
      await close();
    }
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof DataDirLocked)
      fail(
        1,
        `A server holds ${config.dataDir} but did not answer on ${backupSocketOf(config.dataDir)}: it may still ` +
          'be starting (try again once it listens), or DATA_DIR is too deep a path for a socket (its log says so at start).',
      );
    if (error instanceof ConfigError) fail(2, error.message);
    fail(1, `Backup failed: ${(error as Error).message}`);
  }
  const { size } = await stat(target);
  console.log(
    `Backup of ${config.dataDir} (from ${from}) written to ${target}: ${(size / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (config.storage.kind === 's3')
    console.log('Uploads are in the S3 bucket, not in this file: back the bucket up with its own tools.');
}

main().catch((error: unknown) => fail(1, `Backup failed: ${(error as Error).message}`));
