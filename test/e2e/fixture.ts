/**
 * The one setup of every browser test file: `const e2e = useE2e()` at the top of a describe block
 * starts a server over a private copy of the seeded demo data and a Chromium for the block
 * (beforeAll), and stops both after it (afterAll). Through it a test opens pages, signs in, calls
 * the API as a demo user and uses the dev endpoints.
 *
 * - Two files run at once (vitest.config.ts): nothing here is shared between files. Each file has
 *   its own server process, port, data directory and browser (with its own temporary profile);
 *   screenshots are named by the tests, failure pictures by file and test.
 * - A page a failed test leaves open is photographed to test-results/failures and closed, so the
 *   next test starts clean and the picture shows where it stopped.
 * - With `axe: true`, every page a passing test leaves open gets the accessibility sweep (axe.ts)
 *   before it closes: serious or critical violations fail that test.
 */
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { expectAccessible } from './axe';
import { launchBrowser, newPage, startServer, type TestServer } from './harness';
import { hasStoredSession } from './page-db';
import { screenshotDir } from './screens';
import { advanceServerClock, apiUser, DEMO_PASSWORD, type Emitted, emit, newLead } from './server-api';

export type E2eOptions = {
  /** Extra environment of the server process (read when the server starts). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Check the last screen of every test with axe (serious or critical violations fail it). */
  axe?: boolean;
};

export type E2e = ReturnType<typeof useE2e>;

const failureDir = join(screenshotDir, '..', 'failures');

export function useE2e(options: E2eOptions = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });

  afterEach(async ({ task }) => {
    const open = [...contexts];
    contexts.clear();
    let inaccessible: unknown = null;
    if (options.axe && task.result?.state !== 'fail') {
      for (const page of open.flatMap((context) => context.pages())) {
        if (page.isClosed() || page.url().startsWith('about:')) continue;
        inaccessible ??= await expectAccessible(page, `${task.name} (${new URL(page.url()).pathname})`).then(
          () => null,
          (error: unknown) => error,
        );
      }
    }
    if (task.result?.state === 'fail' || inaccessible) {
      mkdirSync(failureDir, { recursive: true });
      const name = `${basename(task.file.name, '.test.ts')}-${task.name}`.replace(/[^\w-]+/g, '_');
      let n = 0;
      for (const page of open.flatMap((context) => context.pages())) {
        n += 1;
        await page.screenshot({ path: join(failureDir, `${name}-${n}.png`) }).catch(() => undefined);
      }
    }
    await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    if (inaccessible) throw inaccessible;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const e2e = {
    get server(): TestServer {
      if (!server) throw new Error('useE2e: the server starts in beforeAll');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('useE2e: the browser starts in beforeAll');
      return browser;
    },
    /** An address on the test server: e2e.url('/login'). */
    url: (path = '') => `${e2e.server.url}${path}`,

    /** A fresh context (its own storage, like another device) with one page. */
    async newPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
      const opened = await newPage(e2e.browser, width, height);
      contexts.add(opened.context);
      opened.context.once('close', () => contexts.delete(opened.context));
      return opened;
    },

    /** Opens the login page, fills it in and presses 'Sign in'; nothing is awaited after that. */
    async signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
      await page.goto(e2e.url('/login'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },

    /**
     * Signs in through the login page and resolves on the dashboard with the session stored (a
     * reload from then on stays signed in). Answers whether the server asked for the packout ad.
     */
    async signedIn(page: Page, email: string): Promise<{ showAd: boolean }> {
      const answer = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/client/create_session') && response.request().method() === 'POST',
      );
      await e2e.signIn(page, email);
      const login = await answer;
      expect(login.status()).toBe(200);
      const { show_ad } = (await login.json()) as { show_ad?: boolean };
      await page.waitForURL('**/dashboard/**');
      await expect.poll(() => hasStoredSession(page), { timeout: 10_000 }).toBe(true);
      return { showAd: show_ad === true };
    },

    /** A demo user signed in through the API. */
    api: (email: string) => apiUser(e2e.server, email),
    emit: (email: string, body: Emitted) => emit(e2e.server, email, body),
    newLead: (email: string, lead: Parameters<typeof newLead>[2] = {}) => newLead(e2e.server, email, lead),
    /** Moves the server's clock forward (start the server with TEST_CLOCK=on). */
    advanceServerClock: (ms: number) => advanceServerClock(e2e.server, ms),
  };
  return e2e;
}
