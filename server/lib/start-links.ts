/**
 * The chunks a signed-in screen loads first, read from the build's manifest
 * (dist/.vite/manifest.json), as a `Link` header for the dashboard's pages: the browser fetches
 * them alongside the entry instead of once the entry has run, a round trip less on a cold load
 * over a phone's connection.
 *
 * - Every dashboard page: the start groups of vite.config.ts GROUPS (the kit, the offline core and
 *   the dashboard's shell), with their styles (`crossorigin`, as the app asks for them: a preload
 *   in another mode is not used, and the style is fetched twice).
 * - Each page also names its page's chunk and the chunks that chunk imports (a performance screen's
 *   tiles, a settings form's inputs), which the entry would otherwise only ask for once it has run,
 *   and then in a second round trip. The page a path shows is the features' naming
 *   (src/features/<area>/<area>-page.tsx; `/dashboard` is the overview) unless PAGE_MODULES says
 *   otherwise, as src/app/dashboard-routes.tsx routes it (test/e2e/start-links.test.ts loads every
 *   screen and checks that the page chunk it ran was named).
 *
 * The sign-in page does not get it: it needs the kit alone, and Dexie would compete with its form.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardPath, ROUTES } from '../../src/lib/routes';

const START_GROUPS = ['kit', 'core', 'shell'];

type ManifestChunk = { file: string; name?: string; css?: string[]; isEntry?: boolean; imports?: string[] };

/** The header's value for a dashboard path, or null. */
export type StartLinks = (path: string) => string | null;

const linksOf = (chunk: ManifestChunk) => [
  `</${chunk.file}>; rel=modulepreload`,
  ...(chunk.css ?? []).map((css) => `</${css}>; rel=preload; as=style; crossorigin`),
];

/** Pages the features' naming does not find (src/features/ + this + .tsx): exact paths first. */
const PAGE_MODULES: Record<string, string> = {
  [ROUTES.dashboard]: 'overview/overview-page',
  [dashboardPath('overview', 'qsp')]: 'overview/qsp-page',
  [ROUTES.paymentMethods]: 'billing/payment-methods-page',
};
/** Every other page of an area with sub-pages. */
const AREA_MODULES: Record<string, string> = {
  performance: 'performance/rollup-page',
  billing: 'billing/invoices-page',
  'account-settings': 'account-settings/account-settings-page',
};

/** The page module a dashboard path shows, as the manifest keys it. */
function pageSource(path: string): string | null {
  const named = PAGE_MODULES[path];
  if (named) return `src/features/${named}.tsx`;
  const [, area, sub] = /^\/dashboard\/([a-z][a-z0-9-]*)(?:\/([a-z][a-z0-9-]*))?$/.exec(path) ?? [];
  if (!area) return null;
  if (sub && AREA_MODULES[area]) return `src/features/${AREA_MODULES[area]}.tsx`;
  return `src/features/${area}/${area}-page.tsx`;
}

/**
 * `key` and the chunks it imports, depth first, less those `seen` holds; each one found is added to
 * `seen`.
 */
function withImports(manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [key, ...(chunk.imports ?? []).flatMap((imported) => withImports(manifest, imported, seen))];
}

/** The links for dashboard paths, or null without a build manifest (no build, or an older one). */
export function startLinks(distDir: string): StartLinks | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const start: string[] = [];
  // What the HTML names already: the entry and what it imports.
  const known = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(manifest, key, known);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || !chunk.name || !START_GROUPS.includes(chunk.name)) continue;
    start.push(...linksOf(chunk));
    known.add(key);
  }
  if (start.length === 0) return null;
  const pages = new Map<string, string>();
  return (path) => {
    const source = pageSource(path);
    // Only the build's own pages are kept (any path under /dashboard arrives here).
    if (!source || !manifest[source]) return start.join(', ');
    let links = pages.get(source);
    if (links === undefined) {
      const page = withImports(manifest, source, new Set(known)).flatMap((key) => linksOf(manifest[key]));
      links = [...start, ...page].join(', ');
      pages.set(source, links);
    }
    return links;
  };
}
