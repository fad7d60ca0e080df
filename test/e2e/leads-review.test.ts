/**
 * Lead reviews in a real browser: online; offline (queued with "Pending sync", delivered exactly
 * once after the connection returns); and refused because the review window closed while the
 * device was offline, with the server's message on the outbox item and on the lead and the
 * user's text kept.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { outboxRows } from './page-db';
import { screenshot } from './screens';
import { watchWriteAnswers } from './write-answers';

const SUCCESS = 'Lead review has been requested successfully.';

async function fillReview(page: Page, note: string) {
  await page.getByRole('button', { name: 'Request Review' }).click();
  const form = page.getByRole('dialog', { name: 'Request Review' });
  await form.getByLabel(/Reason for review/).selectOption('spam');
  await form.getByLabel(/Description of the issue/).fill(note);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
}

/**
 * Answers to review requests that reached the server: [status, replayed?]. `settled()` is true
 * while every request sent so far has its answer or its failure (none is on the way).
 */
function watchReviews(context: BrowserContext, leadId: number) {
  const seen: { status: number; replayed: boolean }[] = [];
  let sent = 0;
  let failed = 0;
  const path = `/api/v1/leads/${leadId}/review`;
  /** How many of this lead's reviews a request carries: alone, or in the outbox's batch. */
  const reviewsIn = (request: Request) => {
    if (request.method() !== 'POST') return 0;
    if (new URL(request.url()).pathname === path) return 1;
    if (!request.url().endsWith('/api/v1/outbox/batch')) return 0;
    const { items } = JSON.parse(request.postData() ?? '{"items":[]}') as {
      items: { method: string; path: string }[];
    };
    return items.filter((item) => item.method === 'POST' && `/api/v1${item.path}` === path).length;
  };
  context.on('request', (request) => {
    sent += reviewsIn(request);
  });
  context.on('requestfailed', (request) => {
    failed += reviewsIn(request);
  });
  watchWriteAnswers(
    context,
    (answer) => {
      if (answer.method === 'POST' && answer.path === path)
        seen.push({ status: answer.status, replayed: answer.replayed });
    },
    // In a batch that stopped before it: not answered, it goes again (and is counted again).
    (write) => {
      if (write.method === 'POST' && write.path === path) failed += 1;
    },
  );
  return Object.assign(seen, { settled: () => seen.length + failed === sent });
}

describe('lead reviews', () => {
  // TEST_CLOCK: the window test moves the server's clock instead of waiting for the window to close.
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50', TEST_CLOCK: 'on' } });

  it('requests a review online', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Form' });
    const { context, page } = await e2e.newPage();
    const answers = watchReviews(context, lead.id);
    await openLeads(e2e, page, 'owner@demo.test', `?id=${lead.id}`);
    await fillReview(page, 'Robocall offering business loans.');
    await page.getByText(SUCCESS).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Edit Review' }).waitFor();
    // The review itself (type and note) shows in the review block, not only its status.
    const block = page.locator('.lead-review');
    await block.getByText('Robocall offering business loans.').waitFor();
    expect(await block.locator('.lead-note__meta').textContent()).toMatch(/spam/i);
    await screenshot(page, 'leads-drawer-review-1280');
    await expectAccessible(page, 'drawer with a review');
    expect(answers.filter((a) => a.status === 200 && !a.replayed)).toHaveLength(1);
    await context.close();
  });

  it('queues a review offline and delivers it exactly once after reconnecting', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const answers = watchReviews(context, lead.id);
    await openLeads(e2e, page, 'owner@demo.test', `?id=${lead.id}`);
    await page.getByRole('button', { name: 'Request Review' }).waitFor();
    await context.setOffline(true);
    await fillReview(page, 'Caller wanted a different company.');
    await page.getByText('Pending sync').first().waitFor();
    // Settled offline: the request rests in the outbox, queued, with nothing on the way.
    await expect
      .poll(async () => (await outboxRows(page)).map((item) => [item.url, item.status]))
      .toEqual([[`/leads/${lead.id}/review`, 'queued']]);
    expect(answers.settled()).toBe(true);
    expect(answers).toHaveLength(0);
    await screenshot(page, 'leads-review-offline-1280');

    await context.setOffline(false);
    await page.getByText(SUCCESS).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    // Every request sent has been answered: a second delivery would be counted by now.
    await expect.poll(() => answers.settled()).toBe(true);
    expect(answers.filter((a) => a.status === 200 && !a.replayed)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const owner = await e2e.api('owner@demo.test');
    const { lead: stored } = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
      lead: { notes: { review: { text: string } | null } };
    };
    expect(stored.notes.review?.text).toBe('Caller wanted a different company.');
    await context.close();
  });

  it('keeps a review refused after the window closed, with the message and the text', async () => {
    // A bpr lead whose 7-day window closes 10 minutes from now.
    const lead = await e2e.newLead('directories@demo.test', {
      platform: 'bpr',
      lead_type: 'Call',
      age_seconds: 7 * 86_400 - 600,
    });
    const { context, page } = await e2e.newPage();
    // The page decides "window closed" by its own clock too: it moves with the server's.
    await context.clock.install();
    await openLeads(e2e, page, 'directories@demo.test', `?id=${lead.id}`);
    const button = page.getByRole('button', { name: 'Request Review' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(false);
    await context.setOffline(true);
    const note = 'This caller was selling advertising, not a customer.';
    await fillReview(page, note);
    await page.getByText('Pending sync').first().waitFor();
    // The window closes while the device is offline: both clocks jump past its end.
    const before = Date.now();
    const serverNow = await e2e.advanceServerClock(11 * 60_000);
    expect(serverNow.getTime()).toBeGreaterThanOrEqual(before + 11 * 60_000);
    await context.clock.fastForward(11 * 60_000);
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
