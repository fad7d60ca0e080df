/**
 * 6: a new build deployed while the app is open shows "A new version is available - Reload",
 * never a forced reload: what the user typed stays until they click Reload.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { waitForController } from './page-db';
import { screenshot } from './screens';

describe('update prompt', () => {
  // The server serves a copy of the build, so the test can deploy a "new" one under it.
  const dist = join(mkdtempSync(join(tmpdir(), 'portal-dist-')), 'dist');
  cpSync(resolve(import.meta.dirname, '../../dist'), dist, { recursive: true });
  // Registered before the fixture's: runs after the server has stopped.
  afterAll(() => rmSync(resolve(dist, '..'), { recursive: true, force: true }));
  const e2e = useE2e({ env: { DIST_DIR: dist } });

  it('6: a new build deployed while the app is open shows the update prompt', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url('/login'));
    await waitForController(page);
    await page.getByLabel('Email').fill('typed-before-the-update@demo.test');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same page';
    });

    // Deploy: a changed worker, with the pre-compressed copies a build writes beside it (the
    // server sends those to browsers that accept them).
    const sw = join(dist, 'sw.js');
    appendFileSync(sw, `\n// build ${Date.now()}\n`);
    const bytes = readFileSync(sw);
    if (existsSync(`${sw}.br`)) writeFileSync(`${sw}.br`, brotliCompressSync(bytes));
    if (existsSync(`${sw}.gz`)) writeFileSync(`${sw}.gz`, gzipSync(bytes));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    // Settled: the new worker waits for the user (a forced update would have activated it).
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(await page.getByLabel('Email').inputValue()).toBe('typed-before-the-update@demo.test');
    await screenshot(page, 'update-prompt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'update-prompt-390');

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded'), {
        timeout: 20_000,
      })
      .toBe('reloaded');
    await page.getByLabel('Email').waitFor();
    expect(await page.getByText('A new version is available').count()).toBe(0);
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(false);
    await context.close();
  });
});
