/**
 * Issue 47 in a real browser: while someone else keeps the account locked with wrong passwords
 * from many addresses, the browser the customer signed in on before signs in as usual and resets
 * the password through the mailbox, and a new browser with the right password is told what is
 * happening and gets in with the one-time link mailed to the account. Photographed at 1280 and 390
 * px (shots(), each also an axe sweep).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { shots, visible } from './screens';
import { DEMO_PASSWORD } from './server-api';

const EMAIL = 'owner@demo.test';
const HELD =
  "Sign-in from new devices is paused on this account after many failed attempts, which may not be yours. If the password you entered is right, we've emailed you a one-time sign-in link: open it on this device. Devices you've signed in on before are not affected.";

type Mail = { subject: string; body: string };

describe('sign-in and reset during an attack on the account', () => {
  // TRUST_PROXY: the attacker's requests (this process) name their rotating addresses; the
  // browser's come from 127.0.0.1. TEST_CLOCK: the slow-down's pauses pass on the moved clock.
  const e2e = useE2e({ env: { TRUST_PROXY: '127.0.0.1', TEST_CLOCK: 'on' } });

  const mails = async (subject: string): Promise<Mail[]> => {
    const answer = await fetch(e2e.url(`/api/v1/dev/mails?to=${encodeURIComponent(EMAIL)}`));
    return ((await answer.json()) as { mails: Mail[] }).mails.filter((mail) => mail.subject === subject);
  };
  const linkIn = (mail: Mail | undefined) => /(\/login\?\S+)/.exec(mail?.body ?? '')?.[1] ?? '';

  const guess = (i: number) =>
    fetch(e2e.url('/api/v1/client/create_session'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.47.0.${i + 1}` },
      body: JSON.stringify({ email: EMAIL, password: `Guess-${i}-attacker!` }),
    });

  /**
   * Wrong passwords from rotating addresses until 20 were checked (the slow-down's pauses passed
   * on the server's moved clock): the account is locked for unknown devices, for minutes of real
   * time. Three more are refused.
   */
  async function attack() {
    let checked = 0;
    let i = 0;
    for (; checked < 20 && i < 60; i++) {
      const answer = await guess(i);
      if (answer.status === 422) checked += 1;
      else await e2e.advanceServerClock((Number(answer.headers.get('retry-after')) + 1) * 1000);
    }
    expect(checked).toBe(20);
    for (const n of [1, 2, 3]) expect((await guess(i + n)).status).toBe(429);
  }

  async function typeAndSignIn(page: Page, password: string) {
    await page.goto(e2e.url('/login'));
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Maria Alvarez' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
  }

  it('lets the known device in and reset, and the unknown device in by the mailed link', async () => {
    // The customer's own browser, used before the attack.
    const known = await e2e.newPage(1280, 800);
    await typeAndSignIn(known.page, DEMO_PASSWORD);
    await known.page.waitForURL('**/dashboard/overview');
    await signOut(known.page);

    await attack();
    const notices = await mails('Someone may be trying to get into your account');
    expect(notices).toHaveLength(1);

    // A browser that never signed in: the right password is told what is happening, not blamed.
    const fresh = await e2e.newPage(390, 844);
    await typeAndSignIn(fresh.page, DEMO_PASSWORD);
    await visible(fresh.page, HELD).toBe(true);
    await shots(fresh.page, 'lockout-unknown-device');
    await expect.poll(async () => (await mails('Your one-time sign-in link')).length).toBe(1);
    const [signInMail] = await mails('Your one-time sign-in link');
    await fresh.page.goto(e2e.url(linkIn(signInMail)));
    await fresh.page.waitForURL('**/dashboard/overview');
    await visible(fresh.page, 'Login Successful').toBe(true);
    expect(new URL(fresh.page.url()).search).toBe('');

    // The known browser signs in through the lock as usual.
    await typeAndSignIn(known.page, DEMO_PASSWORD);
    await known.page.waitForURL('**/dashboard/overview');
    await visible(known.page, 'Login Successful').toBe(true);
    await shots(known.page, 'lockout-known-device');
    await signOut(known.page);
    expect(await mails('Someone may be trying to get into your account')).toHaveLength(1);

    // And resets the password through the mailbox while the attack goes on.
    await known.page.getByRole('button', { name: 'Forgot password' }).click();
    await known.page.getByLabel('Email').fill(EMAIL);
    await known.page.getByRole('button', { name: 'Send Email' }).click();
    await known.page.getByRole('heading', { name: 'Email has been sent' }).waitFor();
    await shots(known.page, 'lockout-reset-sent');
    await expect.poll(async () => (await mails('Reset your password')).length).toBe(1);
    const [resetMail] = await mails('Reset your password');
    await known.page.goto(e2e.url(linkIn(resetMail)));
    await known.page.getByRole('heading', { name: 'Set Password' }).waitFor();
    await expect.poll(() => known.page.url()).toBe(e2e.url('/login'));
    expect(await known.page.getByLabel('Code').inputValue()).toMatch(/^[\w-]{43}$/);
    await shots(known.page, 'lockout-set-password');
    const next = 'Owner-after-attack-1!';
    await known.page.getByLabel('New password').fill(next);
    await known.page.getByLabel('Confirm password').fill(next);
    await known.page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(known.page, 'Your password has been reset successfully.').toBe(true);
    await known.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await known.page.getByLabel('Password', { exact: true }).fill(next);
    await known.page.getByRole('button', { name: 'Sign in' }).click();
    await known.page.waitForURL('**/dashboard/overview');
  }, 240_000);
});
