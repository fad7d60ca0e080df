/**
 * Once per e2e run, before any file starts: checks the production build (the PWA and the server's
 * bundle) is there and finds the browser. Files run two at a time, so anything that must happen once (the @sparticuz/chromium
 * fallback unpacks itself into /tmp on first use, and two workers unpacking at once would collide)
 * happens here, and the workers get the executable's path through `inject('chromiumPath')`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(join(root, 'dist-server', 'main.js')))
    throw new Error('No production build: run `npm run build` before the e2e tests.');
  project.provide('chromiumPath', await findChromium());
}
