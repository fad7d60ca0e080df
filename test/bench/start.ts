/**
 * Start-up and memory figures for `npm run bench` (issue 26), on the server run.ts starts the way
 * `npm run serve` does (`node dist-server/main.js`; `npm start` builds the PWA and the server first,
 * which is not counted):
 * - first screen: after the first answer, the sign-in page and a signed-in first dashboard screen
 *   answer: GET /login, the owner's sign-in, GET /dashboard/overview and the overview's reads
 *   (settings, activities), each a 200;
 * - memory: the server process's resident set (VmRSS of /proc/<pid>/status; PGlite's worker thread
 *   is inside it, a PostgreSQL server is not) once it has been idle for a moment after that screen,
 *   with its peak (VmHWM).
 */
import { readFileSync } from 'node:fs';
import { figure } from './budget';

const IDLE_MS = 3000;
const MB = 1024;

async function ok(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}`);
  return response;
}

/** Ms until the sign-in page and the owner's first dashboard screen have answered. */
export async function firstScreen(url: string): Promise<number> {
  const started = performance.now();
  await (await ok(`${url}/login`)).text();
  const login = await ok(`${url}/api/v1/client/create_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'Portal-demo-1!' }),
  });
  const session = (await login.json()) as { token: string; user_id: number };
  const headers = { 'x-auth-token': session.token, 'x-user-id': String(session.user_id) };
  await Promise.all(
    [
      ok(`${url}/dashboard/overview`),
      ok(`${url}/api/v1/user/settings`, { headers }),
      ok(`${url}/api/v1/activities`, { headers }),
    ].map(async (answer) => (await answer).arrayBuffer()),
  );
  return performance.now() - started;
}

/** VmRSS and VmHWM of a process, in MB (null where /proc has no such process). */
function memory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1]);
    return { rss: kb('VmRSS') / MB, peak: kb('VmHWM') / MB };
  } catch {
    return null;
  }
}

/**
 * The lines for one start: to first answer, to first screen (budget when given) and the idle
 * memory (budget when given). `answerMs` is what run.ts measured from spawn to the first answer.
 */
export async function startLines(
  label: string,
  server: { pid: number | undefined; url: string },
  answerMs: number,
  budgets: { screenS?: number; rssMb?: number },
): Promise<string[]> {
  const screen = answerMs + (await firstScreen(server.url));
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const used = server.pid === undefined ? null : memory(server.pid);
  const screenBudget = budgets.screenS === undefined ? null : { max: budgets.screenS };
  const rssBudget = budgets.rssMb === undefined ? null : { max: budgets.rssMb };
  return [
    figure(`${label} to first answer`, answerMs / 1000, 's', null),
    figure(`${label} to first screen`, screen / 1000, 's', screenBudget),
    `${figure(`  server RSS, idle after it`, used?.rss ?? null, 'MB', rssBudget)}  peak ${used ? Math.round(used.peak) : 'n/a'} MB`,
  ];
}
