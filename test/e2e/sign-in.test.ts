import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  screenshot,
  signInThroughPage,
  startServer,
  type TestServer,
} from './harness';

describe('sign in and out in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor to the login page and signs the owner in and out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/dashboard/leads`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'login-1280');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Please enter your email*').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Please enter your password*').isVisible()).toBe(true);

    await signInThroughPage(page, server.url, 'owner@demo.test');
    await page.waitForURL('**/dashboard/overview');
    await expect.poll(() => page.getByText('Login Successful').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Maria Alvarez').first().isVisible()).toBe(true);
    await screenshot(page, 'signed-in-1280');

    await page.reload();
    await page.waitForURL('**/dashboard/overview');
    await expect.poll(() => page.getByText('Maria Alvarez').first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Maria Alvarez' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Logout Successful').isVisible()).toBe(true);
    await page.goto(`${server.url}/dashboard/overview`);
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the server error for a wrong password and keeps what was typed', async () => {
    const { context, page } = await newPage(browser, 390, 844);
    await signInThroughPage(page, server.url, 'owner@demo.test', 'not-the-password');
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('owner@demo.test');
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-error-390');
    await context.close();
  });

  it('serves client routes with index.html and 404s missing files and API paths', async () => {
    const page = await fetch(`${server.url}/dashboard/billing/invoices`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/nope`)).status).toBe(404);
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });
});
