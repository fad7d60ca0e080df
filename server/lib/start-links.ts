/**
 * The chunks a signed-in screen loads first, read from the build's manifest
 * (dist/.vite/manifest.json), as a `Link` header for the dashboard's pages: the browser fetches
 * them alongside the entry instead of once the entry has run, a round trip less on a cold load
 * over a phone's connection.
 *
 * - Every dashboard page: the start groups of vite.config.ts GROUPS (the kit, the offline core and
 *   the dashboard's shell), with their styles (`crossorigin`, as the app asks for them: a preload
 *   in another mode is not used, and the style is fetched twice).
 * - `/dashboard/<area>` also names its page's chunk when the build has one by the features'
 *   naming (src/features/<area>/<area>-page.tsx; `/dashboard` is the overview), which the entry
 *   would otherwise only ask for once it has run.
 *
 * The sign-in page does not get it: it needs the kit alone, and Dexie would compete with its form.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const START_GROUPS = ['kit', 'core', 'shell'];

type ManifestChunk = { file: string; name?: string; css?: string[]; isEntry?: boolean };

/** The header's value for a dashboard path, or null. */
export type StartLinks = (path: string) => string | null;

const linksOf = (chunk: ManifestChunk) => [
  `</${chunk.file}>; rel=modulepreload`,
  ...(chunk.css ?? []).map((css) => `</${css}>; rel=preload; as=style; crossorigin`),
];

/** The page module a dashboard path shows by the features' naming, as the manifest keys it. */
function pageSource(path: string): string | null {
  if (path === '/dashboard') return 'src/features/overview/overview-page.tsx';
  const area = /^\/dashboard\/([a-z][a-z0-9-]*)$/.exec(path)?.[1];
  return area ? `src/features/${area}/${area}-page.tsx` : null;
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
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry || !chunk.name || !START_GROUPS.includes(chunk.name)) continue;
    start.push(...linksOf(chunk));
  }
  if (start.length === 0) return null;
  return (dashboardPath) => {
    const source = pageSource(dashboardPath);
    const page = source ? manifest[source] : undefined;
    return [...start, ...(page ? linksOf(page) : [])].join(', ');
  };
}
