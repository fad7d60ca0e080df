/**
 * Holds every request matching `url` (a playwright route glob) until the test calls the answer:
 * a screen's loading state stays on screen while the test looks at it, then the requests go on.
 */
import type { BrowserContext, Page } from 'playwright-core';

export async function holdRequests(target: BrowserContext | Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
