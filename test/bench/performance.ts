/**
 * Performance dashboards' figures for `npm run bench` (run.ts calls it per database):
 * - every report route of the franchise (28 locations) over a year, timed once warm (after an
 *   untimed first call); then p50/p99 under load of the three slowest, and of
 *   /performance/ppc/clicks_impressions (issue 17's slowest, for before/after figures);
 * - (once, from the production build) the gzip size of the JS each chart route loads: the route's
 *   chunk and everything it imports, beyond what the app shell already loaded, and that the login
 *   route loads none of the chart code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPORTS } from '../../server/domain/performance/reports';

const root = resolve(import.meta.dirname, '../..');
const YEAR = '?start_date=2025-11-21&end_date=2026-11-20';
const TRACKED = '/performance/ppc/clicks_impressions';

type Load = (
  url: string,
  path: string,
  init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) => Promise<string>;

export async function benchPerformance(url: string, headers: Record<string, string>, load: Load) {
  const timed: { path: string; ms: number }[] = [];
  const paths = [
    ...REPORTS.map((r) => r.endpoint)
      .filter((e) => e.method === 'GET' && /^\/(performance|reports|user_locations)/.test(e.path))
      .map((e) => e.path),
    '/performance/social/summary',
  ];
  for (const path of paths) {
    await (await fetch(`${url}/api/v1${path}${YEAR}`, { headers })).text();
    const started = performance.now();
    const res = await fetch(`${url}/api/v1${path}${YEAR}`, { headers });
    await res.text();
    if (res.ok) timed.push({ path, ms: performance.now() - started });
    else console.log(`  ${path}: ${res.status}`);
  }
  timed.sort((a, b) => b.ms - a.ms);
  console.log(`  performance reports (franchise, one year), slowest single answers:`);
  for (const t of timed.slice(0, 5)) console.log(`    ${t.path.padEnd(48)} ${Math.round(t.ms)} ms`);
  const loaded = timed.slice(0, 3).map((t) => t.path);
  if (!loaded.includes(TRACKED)) loaded.push(TRACKED);
  for (const path of loaded) {
    console.log(`  GET ${path} (year)`.padEnd(60), await load(url, `/api/v1${path}${YEAR}`, { headers }));
  }
}

/** The chunk and its static imports, transitively (Vite's `from"./x.js"` / `import"./x.js"`). */
function closure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dir, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) closure(dir, m[1], seen);
  return seen;
}

const gz = (dir: string, files: Iterable<string>) =>
  [...files].reduce((n, f) => n + gzipSync(readFileSync(join(dir, f))).length, 0);

export function chartRouteSizes(): string[] {
  const dir = join(root, 'dist', 'assets');
  if (!existsSync(dir)) return ['  chart routes: skipped, no production build (run `npm run build`)'];
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  const entry = html.match(/src="\/assets\/([^"]+\.js)"/)?.[1];
  const find = (prefix: string) => files.find((f) => f.startsWith(`${prefix}-`));
  if (!entry) return ['  chart routes: no entry script in dist/index.html'];
  const shell = closure(dir, entry);
  const charts = files.filter((f) => readFileSync(join(dir, f), 'utf8').includes('echarts'));
  const out = ['  JS each chart route loads (gzip, beyond the app shell):'];
  for (const [route, prefix] of [
    ['/dashboard/performance', 'performance-page'],
    ['/dashboard/performance/{summary,search,social,programmatic,revconnect,devices}', 'rollup-page'],
    ['/login', 'login-page'],
  ] as const) {
    const chunk = find(prefix);
    if (!chunk) {
      out.push(`    ${route}: chunk ${prefix} not found`);
      continue;
    }
    const loads = [...closure(dir, chunk)].filter((f) => !shell.has(f));
    const withCharts = loads.some((f) => charts.includes(f)) ? 'with echarts' : 'no chart code';
    out.push(`    ${route.padEnd(80)} ${(gz(dir, loads) / 1024).toFixed(1)} kB (${withCharts})`);
  }
  out.push(`    app shell (every route)${' '.repeat(57)} ${(gz(dir, shell) / 1024).toFixed(1)} kB`);
  return out;
}
