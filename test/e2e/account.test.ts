/**
 * Account settings in a real browser: Profile Details saved online, Paid Media / Ad Details saved
 * offline and delivered once, a linked account's settings with the server's field error under its
 * field, the add-existing-account modal, badge downloads (real PNGs), the password change (other
 * sessions signed out, the new password signs in) and the socius user's restricted tabs.
 * Screenshots of each tab at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2e, useE2e } from './fixture';
import { holdRequests } from './held-requests';
import { outboxRows, waitForController } from './page-db';
import { field, shots, signedInAs } from './screens';
import { watchWriteAnswers } from './write-answers';

const SETTINGS = '/dashboard/account-settings';

async function signIn(e2e: E2e, page: Page, email: string, name: string) {
  const { showAd } = await e2e.signedIn(page, email);
  await signedInAs(page, name);
  if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
}

/** Answers to the writes of one path, counted as they come back (replays flagged). */
function watchWrites(context: BrowserContext, path: string) {
  const seen: { status: number; replayed: boolean }[] = [];
  watchWriteAnswers(context, (answer) => {
    if (answer.path === `/api/v1${path}`) seen.push({ status: answer.status, replayed: answer.replayed });
  });
  return seen;
}

describe('account settings', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('saves Profile Details online and Paid Media / Ad Details offline, delivered once', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'owner@demo.test', 'Maria Alvarez');
    await waitForController(page);
    await page.goto(e2e.url(SETTINGS));
    await page.waitForURL(`**${SETTINGS}/profile`);
    const role = field(page, 'Role');
    await role.waitFor();
    expect(await field(page, 'Email').getAttribute('readonly')).not.toBeNull();
    await shots(page, 'account-profile');

    await role.fill('General Manager');
    // The Business Details section below has a First Name of its own (the company contact).
    const details = page.locator('section', { has: page.getByRole('heading', { name: 'Profile Details' }) });
    const firstName = details.getByLabel(/^First Name\*?$/);
    await firstName.fill('');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required*').first().waitFor();
    await firstName.fill('Mariana');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile Details has been updated successfully.').waitFor({ timeout: 15_000 });
    const owner = await e2e.api('owner@demo.test');
    const client = (await (await owner.call('GET', '/client')).json()) as {
      business_profile: { first_name: string; job_title: string };
    };
    expect(client.business_profile).toMatchObject({ first_name: 'Mariana', job_title: 'General Manager' });
    await signedInAs(page, 'Mariana Alvarez');

    const answers = watchWrites(context, '/client/profile');
    await context.setOffline(true);
    await field(page, 'Service Area').fill('Travis and Williamson counties');
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Paid Media / Ad Details' }) })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('Pending sync').first().waitFor();
    await expect
      .poll(async () => (await outboxRows(page)).map((row) => [row.url, row.status]))
      .toEqual([['/client/profile', 'queued']]);
    expect(answers).toHaveLength(0);

    await context.setOffline(false);
    await page
      .getByText('Paid Media / Ad Details have been updated successfully.')
      .waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);
    expect(answers.filter((a) => a.status === 200 && !a.replayed)).toHaveLength(1);
    const profile = (await (await owner.call('GET', '/client/profile')).json()) as {
      profile: { service_area: string };
    };
    expect(profile.profile.service_area).toBe('Travis and Williamson counties');
    await context.close();
  });

  it('asks for the reads below Profile Details at once: the service categories do not wait for another read', async () => {
    const { context, page } = await e2e.newPage();
    // A read of the sections below is held: before, the categories were asked for only once the
    // profile was in, and the tab (shown whole once its reads answer) waited a second round trip.
    // Now those sections are read together once Profile Details is shown (profile-tab.tsx).
    const release = await holdRequests(context, '**/api/v1/activities/company_details');
    // (Not by name: the first test renames this user.)
    const { showAd } = await e2e.signedIn(page, 'owner@demo.test');
    if (showAd) await page.getByRole('button', { name: 'Not now' }).click();
    const services = page.waitForRequest((request) => request.url().endsWith('/api/v1/services'), {
      timeout: 15_000,
    });
    await page.goto(e2e.url(`${SETTINGS}/profile`));
    await services;
    release();
    await expect.poll(() => page.getByLabel('Service categories').count()).toBeGreaterThan(0);
    await context.close();
  });

  it("maps a linked account's server field error onto its field, and opens the add-account modal", async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'multi@demo.test', 'Sam');
    await page.goto(e2e.url(`${SETTINGS}/linked-accounts`));
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Settings' }).click();
    const destination = card.getByLabel(/^Destination Phone\*?$/);
    await destination.fill('(123) 555-0111');
    await card.getByLabel(/^Destination Phone 2$/).fill('5125550112');
    await card.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => destination.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    expect(await card.getByText('Invalid phone number').isVisible()).toBe(true);
    await shots(page, 'account-linked');

    await destination.fill('5125550111');
    await expect.poll(() => destination.getAttribute('aria-invalid')).toBeNull();
    await card.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully').waitFor({ timeout: 15_000 });
    expect(await card.getByText('Invalid phone number').count()).toBe(0);
    await expect.poll(async () => (await outboxRows(page)).length).toBe(0);

    await context.route('https://legacy-portal.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Legacy portal</title>' }),
    );
    await page.getByRole('button', { name: 'Add New Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Existing Account' });
    expect(await dialog.getByLabel('Live').isChecked()).toBe(true);
    await shots(page, 'account-add-modal');
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    const opened = await popup;
    await opened.waitForURL('https://legacy-portal.example.com/**');
    expect(new URL(opened.url()).searchParams.get('platform')).toBe('live');
    await context.close();
  });

  it('downloads badges as PNG files', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'directories@demo.test', 'Priya');
    await page.goto(e2e.url(`${SETTINGS}/badges`));
    await page.getByRole('heading', { name: 'FSR Badges' }).waitFor();
    await shots(page, 'account-badges');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Ribbon' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bpr-ribbon.png');
    const bytes = readFileSync((await file.path()) as string);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await context.close();
  });

  it('changes the password: other sessions signed out, this one stays, the new password signs in', async () => {
    const other = await e2e.newPage();
    await signIn(e2e, other.page, 'direct@demo.test', 'Tom');
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'direct@demo.test', 'Tom');
    await page.goto(e2e.url(`${SETTINGS}/security`));
    await page.getByLabel(/^Current Password/).fill('Wrong-password-1!');
    await page.getByLabel(/^New Password/).fill('short');
    await page.getByLabel(/^Confirm New Password/).fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page
      .getByText(/A minimum 8 characters password/)
      .first()
      .waitFor();
    await page.getByText('Does Not match password').waitFor();
    await page.getByLabel(/^New Password/).fill('Direct-new-2!');
    await page.getByLabel(/^Confirm New Password/).fill('Direct-new-2!');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is incorrect').waitFor({ timeout: 15_000 });
    await shots(page, 'account-security');

    await page.getByLabel(/^Current Password/).fill('Portal-demo-1!');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your password has been updated successfully.').waitFor({ timeout: 15_000 });

    await other.page.reload();
    await other.page.waitForURL('**/login**', { timeout: 20_000 });
    await page.reload();
    await signedInAs(page, 'Tom');
    expect(new URL(page.url()).pathname).toBe(`${SETTINGS}/security`);
    await context.close();
    await other.context.close();

    const again = await e2e.newPage();
    await e2e.signIn(again.page, 'direct@demo.test', 'Direct-new-2!');
    await again.page.waitForURL('**/dashboard/**');
    await again.context.close();
  });

  it('keeps the socius user to their tabs: no My Profile, no Badges', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(e2e, page, 'socius@demo.test', 'Lena');
    await page.goto(e2e.url(`${SETTINGS}/profile`));
    await page.waitForURL(`**${SETTINGS}/linked-accounts`);
    const tabs = page.getByRole('navigation', { name: 'Account settings' }).getByRole('link');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Linked Accounts', 'Security']);
    await page.goto(e2e.url(`${SETTINGS}/badges`));
    await page.waitForURL(`**${SETTINGS}/linked-accounts`);
    await shots(page, 'account-socius');
    await context.close();
  });
});
