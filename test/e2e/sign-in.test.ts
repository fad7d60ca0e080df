/**
 * Signing in and out in a real browser: the login page's checks, the server's error, the session
 * surviving a reload (also one made the moment sign-in or impersonation lands on the dashboard,
 * before anything else could have stored it late), and the server's routing of client paths.
 */
import { describe, expect, it } from 'vitest';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { STAFF_EMAIL } from '../../server/seed/people';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { screenshot } from './screens';

const mailCount = async (url: string) =>
  ((await (await fetch(url)).json()) as { mails: unknown[] }).mails.length;

describe('sign in and out in a real browser', () => {
  const e2e = useE2e();

  it('sends a visitor to the login page and signs the owner in and out', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url('/dashboard/leads'));
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'login-1280');
    await expectAccessible(page, 'login 1280');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Please enter your email*').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Please enter your password*').isVisible()).toBe(true);

    await e2e.signIn(page, 'owner@demo.test');
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
    await page.goto(e2e.url('/dashboard/overview'));
    await page.waitForURL('**/login');
    await context.close();
  });

  it('stays signed in when reloaded the moment sign-in lands on the dashboard', async () => {
    const { page } = await e2e.newPage();
    await e2e.signIn(page, 'owner@demo.test');
    await page.waitForURL('**/dashboard/**', { waitUntil: 'commit' });
    await page.reload();
    await expect
      .poll(() => page.getByText('Maria Alvarez').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
  });

  it('stays impersonating when reloaded the moment /become lands on the dashboard', async () => {
    const ed = signBecome(becomeSecret({ dataDir: e2e.server.dataDir }), STAFF_EMAIL, 'owner@demo.test');
    const { page } = await e2e.newPage();
    await page.goto(e2e.url(`/become?${new URLSearchParams({ ed, email: 'owner@demo.test' })}`));
    await page.waitForURL('**/dashboard/**', { waitUntil: 'commit' });
    await page.reload();
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect
      .poll(() => banner.textContent(), { timeout: 10_000 })
      .toContain('Maria Alvarez (owner@demo.test)');
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
  });

  it('says a wrong password in a toast and beside the form (announced, focus on the password), and keeps what was typed', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await e2e.signIn(page, 'owner@demo.test', 'not-the-password');
    const toast = page.locator('.Toastify').getByText('Invalid email or password');
    const inline = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
    await expect.poll(() => inline.textContent()).toBe('Invalid email or password');
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    expect(await page.getByLabel('Email').inputValue()).toBe('owner@demo.test');
    expect(page.url()).toContain('/login');
    // On a phone the toast covers none of the form's controls (fields, Sign in, the links).
    const toastBox = await page.locator('.Toastify__toast').first().boundingBox();
    expect(toastBox).not.toBeNull();
    const controls = page.getByRole('form', { name: 'Sign in' }).locator('input, button, a');
    for (const box of await controls.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON()),
    )) {
      const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
      const t = toastBox as { x: number; y: number; width: number; height: number };
      const overlaps = x < t.x + t.width && t.x < x + width && y < t.y + t.height && t.y < y + height;
      expect(overlaps, `the toast covers a control at ${Math.round(x)},${Math.round(y)}`).toBe(false);
    }
    await screenshot(page, 'login-error-390');
    await expectAccessible(page, 'login wrong password 390');
    // The toast goes; the message beside the form stays.
    await toast.waitFor({ state: 'detached', timeout: 8000 });
    expect(await inline.isVisible()).toBe(true);
    await context.close();
  });

  it('tabs email, password, Sign in (the Forgot link after), and Enter from the password signs in', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url('/login'));
    const email = page.getByLabel('Email');
    await email.click();
    await page.keyboard.type('  owner@demo.test  ');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    // The blur trimmed the email; the text shown has no indent left (a type="email" input keeps
    // the typed spaces out of .value, so read what it shows as text).
    const shown = await email.evaluate((el: HTMLInputElement) => {
      el.type = 'text';
      return el.value;
    });
    expect(shown).toBe('owner@demo.test');
    const order: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.textContent?.trim() || ''));
    }
    expect(order.indexOf('Sign in')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('Forgot password')).toBeGreaterThan(order.indexOf('Sign in'));
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.type('Portal-demo-1!');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/overview');
    await context.close();
  });

  it('offers a new code when the reset code was used or has expired', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    const query = new URLSearchParams({
      code: '000000',
      email: 'owner@demo.test',
      user_id: '1',
      first_name: 'Maria',
    });
    await page.goto(e2e.url(`/login?${query}`));
    await page.getByRole('heading', { name: 'Set Password' }).waitFor();
    await page.getByLabel('New password').fill('Fresh-Start-42!');
    await page.getByLabel('Confirm password').fill('Fresh-Start-42!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('This code is invalid or has expired').isVisible()).toBe(true);
    await screenshot(page, 'login-code-refused-390');
    await expectAccessible(page, 'set password, code refused');
    const before = await mailCount(e2e.url('/api/v1/dev/mails?to=owner@demo.test'));
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('heading', { name: 'Email has been sent' }).waitFor();
    await expect.poll(() => mailCount(e2e.url('/api/v1/dev/mails?to=owner@demo.test'))).toBe(before + 1);
    await context.close();
  });

  it('serves client routes with index.html and 404s missing files and API paths', async () => {
    const page = await fetch(e2e.url('/dashboard/billing/invoices'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(e2e.url('/assets/missing.js'))).status).toBe(404);
    expect((await fetch(e2e.url('/api/v1/nope'))).status).toBe(404);
    const sw = await fetch(e2e.url('/sw.js'));
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });
});
