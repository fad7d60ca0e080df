/**
 * The chunks every signed-in screen loads first (vite.config.ts GROUPS: the form kit, the offline
 * core and the dashboard's shell), read from the build's manifest (dist/.vite/manifest.json), as
 * a `Link` header for the dashboard's pages: the browser fetches them alongside the entry instead
 * of once the entry has run, a round trip less on a cold load over a phone's connection. The
 * sign-in page does not get it: it needs the kit alone, and Dexie would compete with its form.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const START_GROUPS = ['kit', 'core', 'shell'];

type ManifestChunk = { file: string; name?: string; css?: string[]; isEntry?: boolean };

/** The header's value, or null without a build manifest (no build, or an older one). */
export function startLinks(distDir: string): string | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const links: string[] = [];
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry || !chunk.name || !START_GROUPS.includes(chunk.name)) continue;
    links.push(`</${chunk.file}>; rel=modulepreload`);
    for (const css of chunk.css ?? []) links.push(`</${css}>; rel=preload; as=style`);
  }
  return links.length > 0 ? links.join(', ') : null;
}
