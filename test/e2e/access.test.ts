/**
 * Access in a real browser (spec part 1 §2, §4, §5, §8): every sign-in mode including a whole
 * password reset through the dev mailbox, the registration link's failure path, the socius
 * restrictions, impersonation with its banner, the packout ad and sign-out.
 */
import { describe, expect, it } from 'vitest';
import { becomeSecret, signBecome } from '../../server/domain/auth/become';
import { STAFF_EMAIL } from '../../server/seed/people';
import { useE2e } from './fixture';
import { screenshot, visible } from './screens';

describe('access: sign-in modes, reset, registration link, socius, impersonation', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('walks the modes and resets a password with the mailed code, then signs in with it', async () => {
    const { context, page } = await e2e.newPage(390, 844);
    const email = 'directories@demo.test';
    await page.goto(e2e.url('/login'));
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Other customer portals' }).getByRole('link').count())
      .toBe(3);
    await screenshot(page, 'access-login-390');

    await page.getByRole('button', { name: 'Forgot password' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByRole('button', { name: 'Send Email' }).click();
    await visible(page, 'Please enter your email*').toBe(true);
    await page.getByLabel('Email').fill('nope');
    await page.getByLabel('Email').blur();
    await visible(page, 'Please enter a valid email').toBe(true);
    await page.getByLabel('Email').fill(`  ${email}  `);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByRole('heading', { name: 'Email has been sent' }).waitFor();
    await visible(page, 'Email Sent').toBe(true);
    await screenshot(page, 'access-email-sent-390');

    await page.getByRole('button', { name: 'Resend Email' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(e2e.url(`/api/v1/dev/mails?to=${email}`))).json()) as {
              mails: unknown[];
            }
          ).mails.length,
      )
      .toBe(2);
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    const { mails } = (await (await fetch(e2e.url(`/api/v1/dev/mails?to=${email}`))).json()) as {
      mails: { body: string }[];
    };
    const body = mails[0].body;
    const link = /(\/login\?\S+)/.exec(body)?.[1] ?? '';
    // The link carries a 256-bit token as its code (issue 47), nothing to type.
    const code = new URLSearchParams(link.split('?')[1]).get('code');
    expect(code).toMatch(/^[\w-]{43}$/);

    await page.goto(`${e2e.server.url}${link}`);
    await page.getByRole('heading', { name: 'Set Password' }).waitFor();
    await expect.poll(() => page.url()).toBe(e2e.url('/login'));
    expect(await page.getByLabel('Code').inputValue()).toBe(code);
    expect(await page.getByLabel('Code').getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('This field is required*').count()).toBe(2);
    await page.getByLabel('New password').fill('weakpass');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(
      page,
      'A minimum 8 characters password contains a combination of uppercase and lowercase letter and number. Special characters are required.',
    ).toBe(true);
    await visible(page, 'Does Not match password').toBe(true);
    await screenshot(page, 'access-set-password-390');

    const fresh = 'Fresh-Start-42!';
    await page.getByLabel('New password').fill(fresh);
    await page.getByLabel('Confirm password').fill(fresh);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Your password has been reset successfully.').toBe(true);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page, 'Invalid email or password').toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await visible(page, 'Login Successful').toBe(true);
    await context.close();
  });

  it('keeps an invalid registration link on /login with the error', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url('/login?token=not-a-real-token'));
    await expect
      .poll(() => page.locator('.auth-card .form__notice').textContent())
      .toBe('This registration link is invalid or has expired');
    expect(page.url()).toBe(e2e.url('/login'));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'access-registration-link-failed-1280');
    await context.close();
  });

  it('keeps a socius user to analytics and away from the profile', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, 'socius@demo.test');
    await page.waitForURL('**/dashboard/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
      'Analytics',
    ]);
    await page.goto(e2e.url('/dashboard/account-settings/profile'));
    await page.waitForURL('**/dashboard/account-settings/linked-accounts');
    await page.goto(e2e.url('/dashboard/account-settings/security'));
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    expect(page.url()).toBe(e2e.url('/dashboard/account-settings/security'));
    await page.goto(e2e.url('/dashboard/billing/invoices'));
    await page.waitForURL('**/dashboard/analytics');
    await page.goto(e2e.url('/login'));
    await page.waitForURL('**/dashboard/analytics');
    await context.close();
  });

  it('impersonates through /become with a banner on every screen, once per link', async () => {
    const ed = signBecome(becomeSecret({ dataDir: e2e.server.dataDir }), STAFF_EMAIL, 'owner@demo.test');
    const link = `${e2e.server.url}/become?${new URLSearchParams({ ed, email: 'owner@demo.test' })}`;
    const { context, page } = await e2e.newPage();
    const impersonated: string[] = [];
    page.on('request', (request) => {
      const id = request.headers()['x-impersonate-id'];
      if (id && request.url().includes('/api/v1/')) impersonated.push(id);
    });
    await page.goto(link);
    await page.waitForURL('**/dashboard/overview');
    await visible(page, 'You have been redirected to Dashboard.').toBe(true);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect.poll(() => banner.textContent()).toContain('Maria Alvarez (owner@demo.test)');
    await expect.poll(() => impersonated.length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    await page
      .getByText('You have been redirected to Dashboard.')
      .waitFor({ state: 'detached', timeout: 8000 });
    await screenshot(page, 'access-impersonation-1280');

    await page.goto(e2e.url('/dashboard/leads'));
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => banner.isVisible()).toBe(true);

    // The same link again: refused, back to /login with an error toast.
    const second = await e2e.newPage();
    await second.page.goto(link);
    await second.page.waitForURL('**/login');
    await visible(second.page, 'This impersonation link is invalid or has expired').toBe(true);
    await second.context.close();
    await context.close();
  });

  it('shows the packout ad once after sign-in and signs out', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, 'direct@demo.test');
    await page.waitForURL('**/dashboard/overview');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(
      'Turn every water or fire job into a bigger one',
    );
    // The sign-in toast shows above the ad: it follows the topmost dialog into the top layer, where
    // the page behind a modal is inert and dimmed.
    await dialog.locator('.Toastify__toast', { hasText: 'Login Successful' }).waitFor();
    await screenshot(page, 'access-packout-ad-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Activity Manager' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Tom Becker' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await visible(page, 'Logout Successful').toBe(true);
    await context.close();
  });
});
