/**
 * The real server process (bundled server/main.ts, global-setup.ts) for the tests of running it as
 * a service (issue 52): start it on a port over a data directory or a PostgreSQL database, wait
 * until it is ready, and watch how it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/people';

const root = resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  port: number;
  proc: ChildProcess;
  url: (path: string) => string;
  /** Exit code (or the signal's name), once it has exited. */
  exited: Promise<number | string>;
  output: () => string;
};

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server and answers once /readyz says ready (throws if it exits first). */
export async function startServer(env: Record<string, string>, preload?: string): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [...(preload ? ['--import', preload] : []), inject('serverEntry')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  proc.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | string>((done) =>
    proc.once('exit', (code, signal) => done(code ?? signal ?? -1)),
  );
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`server exited while starting: ${output}`);
    const ready = await fetch(url('/readyz')).catch(() => null);
    if (ready?.status === 200) return { port, proc, url, exited, output: () => output };
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not become ready: ${output}`);
}

export async function signInOver(server: ServerProcess, email: string): Promise<Record<string, string>> {
  const res = await fetch(server.url('/api/v1/client/create_session'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const body = (await res.json()) as { token: string; user_id: number };
  return { 'x-auth-token': body.token, 'x-user-id': String(body.user_id) };
}

export type Outcome = { status: number | null; ms: number; body?: unknown };

/**
 * One write of a saved filter named `name`, with an Idempotency-Key: its status (null when the
 * connection failed) and how long it took. Gives up after `limitMs` (status null, ms >= limit):
 * a request the server left hanging.
 */
export async function saveFilter(
  server: ServerProcess,
  headers: Record<string, string>,
  name: string,
  limitMs = 10_000,
): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(server.url('/api/v1/filters/leads/new'), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `key-${name}` },
      body: JSON.stringify({ name, filters: [{ name: 'lead_type', op: 'equals', value: 'Call' }] }),
      signal: AbortSignal.timeout(limitMs),
    });
    const body = await res.json().catch(() => null);
    return { status: res.status, ms: Date.now() - started, body };
  } catch {
    return { status: null, ms: Date.now() - started };
  }
}

/** The names of the user's saved lead filters. */
export async function savedFilterNames(server: ServerProcess, headers: Record<string, string>) {
  const res = await fetch(server.url('/api/v1/filters/leads'), { headers });
  const body = (await res.json()) as { saved_filters: { name: string }[] };
  return new Set(body.saved_filters.map((f) => f.name));
}
