/**
 * Overview load, as the page makes it (spec part 2 §7, part 3 §7): POST /activities/set_activities,
 * then GET /activities, GET /account_manager and GET /seo/report at once; one "load" is all of
 * them answered. 10 loads run at a time for `seconds`; prints p50/p99 of a whole load.
 */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export async function benchOverview(
  url: string,
  seconds: number,
  email = 'owner@demo.test',
): Promise<string> {
  const login = await fetch(`${url}/api/v1/client/create_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Portal-demo-1!' }),
  });
  const session = (await login.json()) as { token: string; user_id: number };
  const headers = { 'x-auth-token': session.token, 'x-user-id': String(session.user_id) };
  const call = async (method: string, path: string) => {
    const res = await fetch(`${url}/api/v1${path}`, { method, headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  };
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await call('POST', '/activities/set_activities');
        await Promise.all([
          call('GET', '/activities'),
          call('GET', '/account_manager'),
          call('GET', '/seo/report'),
        ]);
        times.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  times.sort((a, b) => a - b);
  const failed = failures ? `  (${failures} loads failed)` : '';
  return `  overview load (set_activities, then activities + account manager + SEO plan)  p50 ${Math.round(percentile(times, 50))} ms  p99 ${Math.round(percentile(times, 99))} ms  ${Math.round(times.length / seconds)} loads/s${failed}`;
}
