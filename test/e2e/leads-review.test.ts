/**
 * Lead reviews in a real browser: online; offline (queued with "Pending sync", delivered exactly
 * once after the connection returns); and refused because the review window closed while the
 * device was offline, with the server's message on the outbox item and on the lead and the
 * user's text kept.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, startServer, type TestServer } from './harness';
import { apiUser, newLead, openLeads, outboxRows } from './leads-helpers';

const SUCCESS = 'Lead review has been requested successfully.';

async function fillReview(page: Page, note: string) {
  await page.getByRole('button', { name: 'Request Review' }).click();
  const form = page.getByRole('dialog', { name: 'Request Review' });
  await form.getByLabel(/Reason for review/).selectOption('spam');
  await form.getByLabel(/Description of the issue/).fill(note);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
}

/** Answers to review requests that reached the server: [status, replayed?]. */
function watchReviews(context: BrowserContext, leadId: number) {
  const seen: { status: number; replayed: boolean }[] = [];
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith(`/api/v1/leads/${leadId}/review`)) {
      seen.push({
        status: response.status(),
        replayed: response.headers()['idempotent-replayed'] === 'true',
      });
    }
  });
  return seen;
}

describe('lead reviews', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('requests a review online', async () => {
    const lead = await newLead(server, 'owner@demo.test', { lead_type: 'Form' });
    const { context, page } = await newPage(browser);
    const answers = watchReviews(context, lead.id);
    await openLeads(page, server, 'owner@demo.test', `?id=${lead.id}`);
    await fillReview(page, 'Robocall offering business loans.');
    await page.getByText(SUCCESS).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Edit Review' }).waitFor();
    await page.getByText('Robocall offering business loans.').first().waitFor();
    expect(answers.filter((a) => a.status === 200 && !a.replayed)).toHaveLength(1);
    await context.close();
  });

  it('queues a review offline and delivers it exactly once after reconnecting', async () => {
    const lead = await newLead(server, 'owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await newPage(browser);
    const answers = watchReviews(context, lead.id);
    await openLeads(page, server, 'owner@demo.test', `?id=${lead.id}`);
    await page.getByRole('button', { name: 'Request Review' }).waitFor();
    await context.setOffline(true);
    await fillReview(page, 'Caller wanted a different company.');
    await page.getByText('Pending sync').first().waitFor();
    await page.waitForTimeout(1500);
    expect(answers).toHaveLength(0);
    await screenshot(page, 'leads-review-offline-1280');

    await context.setOffline(false);
    await page.getByText(SUCCESS).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(2000);
    expect(answers.filter((a) => a.status === 200 && !a.replayed)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const owner = await apiUser(server, 'owner@demo.test');
    const { lead: stored } = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
      lead: { notes: { review: { text: string } | null } };
    };
    expect(stored.notes.review?.text).toBe('Caller wanted a different company.');
    await context.close();
  });

  it('keeps a review refused after the window closed, with the message and the text', async () => {
    // A bpr lead whose 7-day window closes 35 s from now.
    const lead = await newLead(server, 'directories@demo.test', {
      platform: 'bpr',
      lead_type: 'Call',
      age_seconds: 7 * 86_400 - 35,
    });
    const closesAt = Date.now() + 35_000;
    const { context, page } = await newPage(browser);
    await openLeads(page, server, 'directories@demo.test', `?id=${lead.id}`);
    const button = page.getByRole('button', { name: 'Request Review' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(false);
    await context.setOffline(true);
    const note = 'This caller was selling advertising, not a customer.';
    await fillReview(page, note);
    await page.getByText('Pending sync').first().waitFor();
    await page.waitForTimeout(Math.max(0, closesAt - Date.now()) + 1500);
    await context.setOffline(false);

    const alert = page.getByRole('alert').filter({ hasText: 'The review request was not accepted:' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('The review window for this lead closed on');
    expect(await alert.textContent()).toContain(note);
    const [item] = await outboxRows(page);
    expect(item).toMatchObject({ status: 'failed', url: `/leads/${lead.id}/review` });
    expect(item.error).toContain('The review window for this lead closed on');
    expect(item.body).toMatchObject({ kind: 'json', json: { note } });
    expect(
      await page
        .getByRole('button', { name: /Review/ })
        .first()
        .isDisabled(),
    ).toBe(true);
    await screenshot(page, 'leads-review-refused-1280');
    // The header's indicator counts the failed item; its panel shows the server's message.
    await page.keyboard.press('Escape');
    const indicator = page.getByTestId('sync-indicator');
    await expect.poll(() => indicator.textContent()).toBe('1 failed');
    await indicator.click();
    await page
      .getByRole('dialog', { name: 'Outbox' })
      .getByText('The review window for this lead closed on')
      .waitFor();
    await screenshot(page, 'outbox-failed-review-1280');
    await context.close();
  });
});
