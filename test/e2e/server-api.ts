/**
 * The test server from the outside: calling the API as a demo user, the dev endpoints (live
 * messages, new leads, the test clock) and, once the server is gone, reading its own database.
 *
 * Each API sign-in comes from its own made-up address, so the per-IP sign-in limit of the server
 * never counts the tests' own calls against the browser's.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../server/db/client';
import type { TestServer } from './harness';

export const DEMO_PASSWORD = 'Portal-demo-1!';

export type ApiUser = {
  userId: number;
  /** The auth headers of the session (x-auth-token, x-user-id). */
  headers: Record<string, string>;
  /** `path` is below /api/v1; `body` is sent as JSON. */
  call: (method: string, path: string, body?: unknown) => Promise<Response>;
};

let addresses = 0;

/** Signs a demo user in through the API. */
export async function apiUser(server: TestServer, email: string): Promise<ApiUser> {
  addresses += 1;
  const login = await fetch(`${server.url}/api/v1/client/create_session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const { token, user_id } = (await login.json()) as { token: string; user_id: number };
  const headers = { 'x-auth-token': token, 'x-user-id': String(user_id) };
  return {
    userId: user_id,
    headers,
    call: (method, path, body) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

async function devPost<T>(server: TestServer, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export type Emitted =
  | { notification: { message: string; action: string; index?: string | null; id?: number | null } }
  | { payload: Record<string, unknown> };

/** Sends a notification (or a raw payload) to a demo user through the dev emitter. */
export async function emit(server: TestServer, email: string, body: Emitted): Promise<void> {
  await devPost(server, '/api/v1/dev/emit', { email, ...body });
}

/** Makes a lead arrive for a demo user (announced live like a real one). */
export async function newLead(
  server: TestServer,
  email: string,
  options: { lead_type?: 'Call' | 'Form'; platform?: string; age_seconds?: number } = {},
) {
  const answer = await devPost<{ lead: { id: number; ref_id: string } }>(server, '/api/v1/dev/leads', {
    email,
    ...options,
  });
  return answer.lead;
}

/**
 * Moves the server's "now" forward (the server must run with TEST_CLOCK=on) and answers the new
 * time, so a test need not wait for a deadline in real time.
 */
export async function advanceServerClock(server: TestServer, ms: number): Promise<Date> {
  const { now } = await devPost<{ now: string }>(server, '/dev/clock', { advance_ms: ms });
  return new Date(now);
}

/**
 * Stops the server for good and reads its database: `query` gets the drizzle handle. The data
 * directory is removed afterwards.
 */
export async function inspectServerDb<T>(
  server: TestServer,
  query: (db: Awaited<ReturnType<typeof openDb>>['db']) => Promise<T>,
): Promise<T> {
  // SIGKILL, not a clean stop: PostgreSQL's crash recovery replays the WAL, so reading proves
  // every answered write was committed, not merely flushed at shutdown.
  await server.kill();
  const handle = await openDb({ dataDir: join(server.dataDir, 'pglite'), migrate: false });
  try {
    return await query(handle.db);
  } finally {
    await handle.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
