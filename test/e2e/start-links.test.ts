/**
 * Every dashboard screen's HTML answer names its page's chunk in the Link header
 * (server/lib/start-links.ts), so a cold load fetches it alongside the entry instead of a round
 * trip later. Each screen of the route table is loaded from the network (no service worker) and
 * every page chunk it ran (`<name>-page-<hash>.js`) must be in its header: a page routed to a
 * module the server does not know (a new sub-page, a renamed module) fails here by name.
 */
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../bench/screens';
import { useE2e } from './fixture';
import { settled } from './screens';

const PAGE_CHUNK = /\/assets\/[a-z][a-z-]*-page-[\w-]{8}\.js$/;

describe('start links', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('name the page chunk every dashboard screen runs', async () => {
    const { context, page } = await e2e.newPage(390, 800);
    // No service worker: every navigation is answered by the server, with its header.
    await context.route('**/sw.js', (route) => route.abort());
    await e2e.signedIn(page, 'owner@demo.test');
    const missing: string[] = [];
    let checked = 0;
    for (const path of SCREENS) {
      const response = await page.goto(e2e.url(path));
      await page.locator('.shell-main h1').first().waitFor({ timeout: 20_000 });
      await settled(page);
      // A page that sends this account elsewhere ran another path's page: not this header's.
      if (new URL(page.url()).pathname !== path) continue;
      const link = response?.headers().link ?? '';
      const ran = await page.evaluate(
        (pattern) =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((name) => new RegExp(pattern).test(name)),
        PAGE_CHUNK.source,
      );
      expect(ran.length, `${path} ran no page chunk`).toBeGreaterThan(0);
      for (const chunk of ran)
        if (!link.includes(`<${chunk}>; rel=modulepreload`)) missing.push(`${path}: ${chunk}`);
      checked += 1;
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(15);
    // Every screen in turn: 79 s on a slow machine running another file beside it.
  }, 180_000);
});
