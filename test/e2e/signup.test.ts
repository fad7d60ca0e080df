/**
 * The standard sign-up in a real browser, from the link a customer receives to the dashboard
 * (spec part 1 §2, §4, §5, §8): every step at 1280 and 390 px, progress surviving a reload,
 * offline keeping what was typed, the duplicate email, a registration link (invitation), a
 * finished sign-up's link, and adding an account the way Linked Accounts will (the add-account
 * flag in the session store, then /signup). A finished sign-up lands on a real first run: the
 * onboarding checklist, a task that opens its form, and an account manager.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { dbRows } from './page-db';
import { field, screenshot, shots, visible } from './screens';

async function fillAccount(page: Page, email: string) {
  await field(page, 'First name').fill('Nora');
  await field(page, 'Last name').fill('Quinn');
  await field(page, 'Business name').fill('Quinn Roofing');
  await field(page, 'Job title').fill('Owner');
  await field(page, 'Phone number').fill('5125550199');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill('Str0ng!pass');
  await field(page, 'Confirm password').fill('Str0ng!pass');
}

async function pickCategory(page: Page, search: string, option: string) {
  await page.getByRole('combobox', { name: 'Service categories' }).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickAddress(page: Page, typed: string) {
  const input = page.getByRole('combobox', { name: 'Business address' });
  await input.fill(typed);
  await page.getByRole('listbox', { name: 'Business address' }).getByRole('option').first().click();
  await expect.poll(() => input.inputValue()).toContain('USA');
}

describe('standard sign-up', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('signs up from /signup to the dashboard, keeping progress over a reload and offline', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(e2e.url('/signup'));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await visible(page, 'This field is required*').toBe(true);
    await field(page, 'Phone number').fill('51255');
    await field(page, 'Email').fill('nora@quinn');
    await field(page, 'Password').fill('weak');
    await visible(page, 'Invalid phone number').toBe(true);
    await visible(page, 'Invalid email address').toBe(true);
    await visible(page, 'Password strength: Weak').toBe(true);
    await shots(page, 'signup-standard-1-errors');

    await fillAccount(page, 'nora@quinnroofing.example');
    expect(await field(page, 'Phone number').inputValue()).toBe('(512) 555-0199');
    await visible(page, 'Password strength: Strong').toBe(true);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await visible(page, "You're offline - this needs a connection").toBe(true);
    expect(await field(page, 'First name').inputValue()).toBe('Nora');
    expect(await field(page, 'Password').inputValue()).toBe('Str0ng!pass');
    await context.setOffline(false);
    await shots(page, 'signup-standard-1');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Your business profile' }).waitFor();
    expect(await field(page, 'Business name').inputValue()).toBe('Quinn Roofing');
    expect(await page.getByRole('button', { name: 'Account Setup' }).isVisible()).toBe(true);
    // Back on step 1 the account exists: its details read as facts, not as fields to edit.
    await page.getByRole('button', { name: 'Account Setup' }).click();
    await visible(page, 'Your account has been created. Continue to the next step.').toBe(true);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await visible(page, 'Quinn Roofing').toBe(true);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Your business profile' }).waitFor();
    await pickCategory(page, 'Roof', 'Roofing');
    // A pick by pointer closes the list: it does not cover the address field below.
    expect(
      await page.getByRole('combobox', { name: 'Service categories' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await pickCategory(page, 'Gutt', 'Gutters');
    await pickAddress(page, 'Austin');
    await field(page, 'Website').fill('not a url');
    await field(page, 'Website').blur();
    await visible(page, 'Invalid url').toBe(true);
    await field(page, 'Website').fill('quinnroofing.example');
    // Typed values are stored after a pause: reload once the session store has the website.
    type Stored = { key: string; value: { values?: { website?: string } } | null };
    await expect
      .poll(async () => {
        const rows = await dbRows<Stored>(page, 'session');
        return rows.find((row) => row.key === 'account-reg-info')?.value?.values?.website;
      })
      .toBe('quinnroofing.example');
    await page.reload();
    await page.getByRole('heading', { name: 'Your business profile' }).waitFor();
    expect(await field(page, 'Website').inputValue()).toBe('quinnroofing.example');
    expect(await page.getByRole('button', { name: 'Remove Gutters' }).isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await shots(page, 'signup-standard-2');
    await expectAccessible(page, 'sign-up business profile');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Connect your accounts' }).waitFor();
    await visible(page, 'No accounts are linked yet. Add one from the calls portal.').toBe(true);
    expect(await page.getByRole('link', { name: /Add a new account/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await shots(page, 'signup-standard-3');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await visible(page, 'Creating your new account').toBe(true);
    await shots(page, 'signup-standard-4-creating');
    await visible(page, 'Your account has been created successfully').toBe(true);
    // Nothing to go back to once the account is created.
    expect(await page.locator('.signup-back').count()).toBe(0);
    await shots(page, 'signup-standard-4-done');
    await expectAccessible(page, 'sign-up done');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard/overview');
    await expect.poll(() => page.getByText('Nora Quinn').first().isVisible()).toBe(true);

    // The first run leads somewhere: the onboarding checklist (a roofer: license and insurance
    // too) and an account manager, not empty widgets.
    await expect.poll(() => page.locator('.activity-row').count(), { timeout: 15_000 }).toBe(6);
    await visible(page, 'Verify your Roofing license').toBe(true);
    await visible(page, 'Add a payment method').toBe(true);
    expect(await page.getByText('No activities found.').count()).toBe(0);
    const manager = page.getByRole('region', { name: 'Your Account Manager' });
    await expect.poll(() => manager.getByRole('link', { name: /@provider\.example$/ }).count()).toBe(1);
    expect(await manager.getByText('No account manager assigned yet.').count()).toBe(0);
    await shots(page, 'signup-first-run-overview');
    await expectAccessible(page, 'first-run overview');
    await page.getByRole('button', { name: /Upload your company logo/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Logo' });
    await dialog.waitFor();
    await screenshot(page, 'signup-first-run-task-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("offers 'Go To Login' for a taken email, for 3 s", async () => {
    const { context, page } = await e2e.newPage(390, 844);
    await page.goto(e2e.url('/signup'));
    await fillAccount(page, 'owner@demo.test');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Go To Login' }).waitFor();
    await visible(page, 'This email has already been taken').toBe(true);
    await screenshot(page, 'signup-duplicate-email-390');
    await page.getByRole('button', { name: 'Next Step' }).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Go To Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('resumes a registration link at step 2 and sends the welcome mail', async () => {
    const res = await fetch(e2e.url('/api/v1/dev/invite'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'invited@pinetree.example',
        first_name: 'Ivy',
        last_name: 'Pine',
        business_name: 'Pine Tree Care',
      }),
    });
    const { link } = (await res.json()) as { link: string };
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.server.url}${link}`);
    await page.getByRole('heading', { name: 'Your business profile' }).waitFor();
    await expect.poll(() => field(page, 'Business name').inputValue()).toBe('Pine Tree Care');
    expect(page.url()).toBe(e2e.url('/signup'));
    await pickCategory(page, 'Tree', 'Tree Service');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Connect your accounts' }).waitFor();
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard/overview');
    const mails = (await (await fetch(e2e.url('/api/v1/dev/mails?to=invited@pinetree.example'))).json()) as {
      mails: { body: string }[];
    };
    expect(mails.mails[0].body).toContain('welcome=1');
    await context.close();
  });

  it("sends a finished sign-up's link to /login with an error toast", async () => {
    // Two links for one invited customer; sign-up is finished through the first (no link is ever
    // issued for an account that has already finished), then the second is opened.
    const invite = async () => {
      const res = await fetch(e2e.url('/api/v1/dev/invite'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'finished@pinetree.example', business_name: 'Pine Tree Care' }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { token: string; link: string };
    };
    const first = await invite();
    const { link } = await invite();
    const basic = `Basic ${Buffer.from(`${first.token}:`).toString('base64')}`;
    const auth = await fetch(e2e.url('/api/v1/client/authenticate'), {
      method: 'POST',
      headers: { authorization: basic },
    });
    const { payload } = (await auth.json()) as { payload: { token: string; user_id: number } };
    const finished = await fetch(e2e.url('/api/v1/client/account/update'), {
      method: 'POST',
      headers: {
        authorization: basic,
        'content-type': 'application/json',
        'x-auth-token': payload.token,
        'x-user-id': String(payload.user_id),
      },
      body: JSON.stringify({ name: 'Pine Tree Care LLC', categories: ['tree_service'] }),
    });
    expect(finished.status).toBe(200);
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.server.url}${link}`);
    await page.waitForURL('**/login');
    await visible(page, 'Sign-up already completed').toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('adds an account from the add-account flag and returns to linked accounts', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signIn(page, 'owner@demo.test');
    await page.waitForURL('**/dashboard/overview');
    // What Linked Accounts' "Add New Account" does: set the flag in the session store, open /signup.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('customer-portal');
          open.onsuccess = () => {
            const tx = open.result.transaction('session', 'readwrite');
            tx.objectStore('session').put({ key: 'add-account', value: true });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    await page.goto(e2e.url('/signup'));
    await page.getByRole('heading', { name: 'Add a new account' }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await field(page, 'Business name').fill('Summit Comfort - Round Rock');
    await pickAddress(page, 'Round Rock');
    await shots(page, 'signup-add-account');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard/account-settings/linked-accounts');
    await context.close();
  });
});
