/**
 * Graceful shutdown (issue 52, item 3), on PGlite and PostgreSQL: a real server process gets
 * SIGTERM while writes keep coming and a live stream is open. It exits 0 in time; the stream ends
 * with a retry hint instead of being cut; every write it acknowledged is there afterwards; and the
 * stream's client, reconnecting with its Last-Event-ID to another instance (PostgreSQL: a second
 * one on the same database; PGlite: the one restarted on the same DATA_DIR), gets every live
 * message that was acknowledged, none missed.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './constants';
import { dbKinds } from './helpers';
import { type ServerProcess, savedFilterNames, saveFilter, signInOver, startServer } from './service-process';

const root = resolve(import.meta.dirname, '../..');
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const server of servers) server.proc.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Stream = { ids: number[]; raw: () => string; ended: Promise<void>; stop: () => void };

/** A live stream read as its client would: every message id, the raw text, and its end. */
async function openStream(server: ServerProcess, headers: Record<string, string>, lastId?: number) {
  const controller = new AbortController();
  const res = await fetch(server.url('/api/v1/live'), {
    headers: {
      ...headers,
      accept: 'text/event-stream',
      ...(lastId ? { 'last-event-id': String(lastId) } : {}),
    },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const ids: number[] = [];
  let raw = '';
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += value;
        for (const match of value.matchAll(/^id: (\d+)$/gm)) ids.push(Number(match[1]));
      }
    } catch (error) {
      // Cut rather than ended (or stopped by the test): what was read says which.
      if ((error as Error).name !== 'AbortError') raw += `\n[cut: ${(error as Error).message}]`;
    }
  })();
  return { ids, raw: () => raw, ended, stop: () => controller.abort() } satisfies Stream;
}

/** Publishes a live message to the user; its id once acknowledged, null otherwise. */
async function emit(server: ServerProcess, n: number): Promise<number | null> {
  try {
    const res = await fetch(server.url('/api/v1/dev/emit'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', payload: { message_type: 'shutdown_probe', n } }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) return null;
    const body = (await res.json()) as { sent: { id: number }[] };
    return body.sent[0].id;
  } catch {
    return null;
  }
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(dbKinds)('SIGTERM on %s', (kind) => {
  it('drains writes and the live stream, and the stream resumes on another instance', async () => {
    const dir = join(root, '.test-data', `shutdown-${process.pid}-${randomUUID().slice(0, 8)}`);
    mkdirSync(dir, { recursive: true });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-dist'),
      DEV_TOOLS: 'on',
      BECOME_SECRET: 'shutdown-test-become-secret',
    };
    if (kind === 'pglite') {
      cpSync(join(inject('pgliteTemplate'), 'pglite'), join(dir, 'pglite'), { recursive: true });
    } else {
      const url = process.env.DATABASE_URL as string;
      const name = `portal_shutdown_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await admin(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      env.DATABASE_URL = withDatabase(url, name);
    }
    const first = await startServer(env);
    servers.push(first);
    // On PostgreSQL the other instance runs already, as behind a load balancer.
    const other = kind === 'postgres' ? await startServer({ ...env, DATA_DIR: join(dir, 'b') }) : null;
    if (other) servers.push(other);
    const headers = await signInOver(first, 'owner@demo.test');
    const stream = await openStream(first, headers);

    const savedNames: string[] = [];
    const emitted: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `drain-${w}-${i}`;
        if ((await saveFilter(first, headers, name)).status === 201) savedNames.push(name);
      }
    };
    // One message at a time: on PostgreSQL, messages published at once can commit out of id order,
    // and a stream that has sent the higher id skips the lower one (a gap in routes/live.ts that
    // this test is not about; reported with issue 52).
    const emitter = async () => {
      for (let i = 0; !stop; i++) {
        const id = await emit(first, i);
        if (id !== null) emitted.push(id);
      }
    };
    const writers = [0, 1, 2].map(writer).concat(emitter());
    await until(() => savedNames.length >= 10 && stream.ids.length >= 5, 60_000, 'writes and messages');

    first.proc.kill('SIGTERM');
    const code = await Promise.race([
      first.exited,
      new Promise((done) => setTimeout(() => done('still running 30 s after SIGTERM'), 30_000)),
    ]);
    stop = true;
    await Promise.all(writers);
    expect(code, first.output()).toBe(0);
    // The stream was ended by the server with a retry hint, not cut.
    await stream.ended;
    expect(stream.raw()).toMatch(/retry: 1000\n: server shutting down\n\n$/);

    const next = other ?? (await startServer(env));
    if (!other) servers.push(next);
    // The client reconnects where it stopped, on the instance that serves now.
    const lastSeen = stream.ids.at(-1) as number;
    const resumed = await openStream(next, headers, lastSeen);
    const later = await emit(next, 99_999);
    expect(later).not.toBeNull();
    emitted.push(later as number);
    const seen = () => new Set([...stream.ids, ...resumed.ids]);
    await until(() => emitted.every((id) => seen().has(id)), 30_000, 'every acknowledged message');
    resumed.stop();
    expect(resumed.ids[0]).toBeGreaterThan(lastSeen);

    const saved = await savedFilterNames(next, headers);
    expect(savedNames.filter((name) => !saved.has(name))).toEqual([]);
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 300_000);
});
