/**
 * Two tabs of one user, offline, lead reviews in quick succession: each review is submitted and
 * the next lead opened (a new page load) as soon as the dialog closes. The review must be durable
 * in IndexedDB before its dialog closes, whatever the other tab does, so after reconnecting the
 * server has every review, each applied exactly once, the first alone and the rest in a batch.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { openLeads } from './leads-helpers';
import { outboxRows, waitForController } from './page-db';
import { watchWriteAnswers } from './write-answers';

async function submitReview(page: Page, note: string) {
  await page.getByRole('button', { name: 'Request Review' }).click();
  const form = page.getByRole('dialog', { name: 'Request Review' });
  await form.getByLabel(/Reason for review/).selectOption('spam');
  await form.getByLabel(/Description of the issue/).fill(note);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
}

/** Review requests the server applied (first answers, not replays), per path. */
function appliedReviews(context: BrowserContext) {
  const applied = new Map<string, number>();
  watchWriteAnswers(context, ({ method, path, status, replayed }) => {
    if (method !== 'POST' || !path.endsWith('/review')) return;
    if (status === 200 && !replayed) applied.set(path, (applied.get(path) ?? 0) + 1);
  });
  return applied;
}

describe('two tabs, reviews in quick succession', () => {
  const e2e = useE2e({ env: { RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50' } });

  it('delivers every review exactly once', { timeout: 240_000 }, async () => {
    const leads = [];
    for (let n = 0; n < 4; n += 1) leads.push(await e2e.newLead('owner@demo.test', { lead_type: 'Form' }));
    const { context, page } = await e2e.newPage();
    const applied = appliedReviews(context);
    await openLeads(e2e, page, 'owner@demo.test');
    await waitForController(page);
    const other = await context.newPage();
    await other.goto(e2e.url('/dashboard/leads'));
    await other.locator('h1.leads-page__title').waitFor();
    const openLead = async (id: number) => {
      await page.goto(e2e.url(`/dashboard/leads?id=${id}`));
      await page.getByRole('button', { name: 'Request Review' }).waitFor({ timeout: 20_000 });
    };
    // Each drawer read once online, so each opens offline.
    for (const lead of leads) await openLead(lead.id);

    await context.setOffline(true);
    const notes = leads.map((lead) => `Quick succession review of lead ${lead.id}.`);
    for (const [n, lead] of leads.entries()) {
      await openLead(lead.id);
      // No pause: the next page load starts the moment the dialog is gone.
      await submitReview(page, notes[n]);
    }
    await page.goto(e2e.url('/dashboard/leads'));
    await expect
      .poll(async () => (await outboxRows(page)).map((item) => item.url).sort(), { timeout: 10_000 })
      .toEqual(leads.map((lead) => `/leads/${lead.id}/review`).sort());

    // Delivered as the app drains: the first write alone, the rest together (POST /outbox/batch).
    const batched: number[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/v1/outbox/batch'))
        batched.push((JSON.parse(request.postData() ?? '{"items":[]}') as { items: unknown[] }).items.length);
    });
    await context.setOffline(false);
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 60_000 }).toBe(0);
    expect(batched.length, 'the queued reviews went in a batch').toBeGreaterThan(0);
    expect(Math.max(...batched)).toBeGreaterThan(1);
    const owner = await e2e.api('owner@demo.test');
    for (const [n, lead] of leads.entries()) {
      const answer = (await (await owner.call('GET', `/leads/${lead.id}`)).json()) as {
        lead: { notes: { review: { text: string } | null } };
      };
      expect(answer.lead.notes.review?.text).toBe(notes[n]);
      expect(applied.get(`/api/v1/leads/${lead.id}/review`)).toBe(1);
    }
  });
});
