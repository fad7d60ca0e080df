/**
 * The hashes of the built index.html's inline scripts (the early reads' start, vite.config.ts
 * `inlineEarlyReads`), as CSP sources: `script-src` allows exactly those scripts, never inline
 * script in general ('unsafe-inline'). Read once at start; no build, no hashes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An inline script's text: a `<script>` with no attributes (a `src` one is a file, 'self'). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` for each inline script of `html`, in order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}

/** The hashes of `distDir`'s index.html, or none when there is no build. */
export function builtInlineScriptHashes(distDir: string): string[] {
  const path = join(distDir, 'index.html');
  return existsSync(path) ? inlineScriptHashes(readFileSync(path, 'utf8')) : [];
}
