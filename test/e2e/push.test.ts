/**
 * Web Push in real Chromium (issue 18). The vendor push service is out of reach here, so the push
 * is delivered to the registered service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser would after the push service's delivery:
 * the worker writes the notification into the bell's table, and the bell shows it after the app
 * is opened again offline. A push for another user of the device is dropped. A click on a finished
 * export's notification, which the worker turns into "open the overview with ?download=<id>" in the
 * open window, downloads the file, even in a window that has only just opened. A new lead's notification, shown while no window of the app is
 * open, offers "Call back" (the lead's number, which the worker reads with the stored session) and
 * "Open". The subscribe step
 * is covered by the server test's push service; the bell's prompt is screenshotted here.
 */
import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from './fixture';
import { dbRows, waitForController } from './page-db';
import { shots, signedInAs } from './screens';
import { apiUser } from './server-api';

/** The app's service worker registration id, from the DevTools protocol. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const pushed = (userId: number, notificationId: number, message: string, leadId = 1) =>
  JSON.stringify({
    message_type: 'notification',
    user_id: userId,
    notification: {
      notification_id: notificationId,
      message,
      action: 'go_to',
      index: 'leads',
      id: leadId,
      is_read: false,
      created_at: new Date().toISOString(),
    },
  });

type Row = { user_id: number; notification_id: number; message: string };
const stored = (page: Page, message: string) =>
  dbRows<Row>(page, 'notifications').then((rows) => rows.filter((r) => r.message === message));

describe('web push in a real browser', () => {
  const e2e = useE2e();

  it('stores a pushed notification in the bell, shown after the app reopens offline', async () => {
    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const session = await dbRows<{ key: string; value: unknown }>(page, 'session');
    const owner = Number(session.find((row) => row.key === 'user_id')?.value);
    expect(owner).toBeGreaterThan(0);

    const cdp = await context.newCDPSession(page);
    const origin = new URL(e2e.url()).origin;
    const id = await registrationId(cdp, origin);
    const message = `Pushed lead ${Date.now()}`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: pushed(owner, 990_001, message),
    });
    await expect.poll(() => stored(page, message), { timeout: 15_000 }).toHaveLength(1);
    // Again with the same id (seen twice, say over the live channel and push): still one.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: pushed(owner, 990_001, message),
    });
    // Someone else's notification (the device changed hands) never lands here.
    const foreign = `Not yours ${Date.now()}`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: pushed(owner + 1, 990_002, foreign),
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: '{"not":"ours"}',
    });
    expect(await stored(page, message)).toHaveLength(1);
    expect(await stored(page, foreign)).toHaveLength(0);

    await context.setOffline(true);
    await page.reload();
    await signedInAs(page, 'Maria Alvarez');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(() => page.getByText(message).count(), { timeout: 10_000 }).toBe(1);
    await shots(page, 'push-bell-offline');
    await context.setOffline(false);
  });

  it("downloads a finished export's file when its notification is clicked, in the open window", async () => {
    const owner = await apiUser(e2e.server, 'owner@demo.test');
    const answer = await owner.call('POST', '/leads/export', {
      start_date: '2026-11-01',
      end_date: '2026-11-20',
    });
    const { export_id: exportId } = (await answer.json()) as { export_id: number };
    expect(exportId).toBeGreaterThan(0);

    const { context, page } = await e2e.newPage();
    await e2e.signedIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    // The click comes as the window has just opened (its document parsed, its screen not drawn):
    // the page is told before its offline core has loaded, and follows all the same.
    await page.goto(`${e2e.url()}/dashboard/leads`, { waitUntil: 'domcontentloaded' });
    // What the worker's notificationclick does with an open window: focus it and tell it where to go.
    const [worker] = context.serviceWorkers();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      worker.evaluate(async (url) => {
        type Window = { postMessage: (message: unknown) => void };
        const scope = self as unknown as { clients: { matchAll: (o: object) => Promise<Window[]> } };
        for (const client of await scope.clients.matchAll({ type: 'window' }))
          client.postMessage({ type: 'NAVIGATE', url });
      }, `/dashboard/overview?download=${exportId}`),
    ]);
    const lines = readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/overview');
    expect(new URL(page.url()).search).toBe('');
  });

  it('offers "Call back" with the lead\'s number and "Open" on a new lead\'s notification', async () => {
    const lead = await e2e.newLead('owner@demo.test', { lead_type: 'Call' });
    const { context, page } = await e2e.newPage();
    const origin = new URL(e2e.url()).origin;
    await context.grantPermissions(['notifications'], { origin });
    await e2e.signedIn(page, 'owner@demo.test');
    await signedInAs(page, 'Maria Alvarez');
    await waitForController(page);
    const session = await dbRows<{ key: string; value: unknown }>(page, 'session');
    const owner = Number(session.find((row) => row.key === 'user_id')?.value);
    // No window of the app open (a blank tab keeps the browser's DevTools session): the worker shows it.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const id = await registrationId(cdp, origin);
    await page.close();
    const [worker] = context.serviceWorkers();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: pushed(owner, 990_003, 'New lead: call back', lead.id),
    });
    type Shown = { actions: { action: string; title: string }[]; data: { url: string; tel?: string } };
    const shown = () =>
      worker.evaluate(async () => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration };
        return (await scope.registration.getNotifications()).map((n) => ({
          actions: (n as unknown as { actions: { action: string; title: string }[] }).actions,
          data: n.data,
        }));
      }) as Promise<Shown[]>;
    await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(1);
    const [notification] = await shown();
    expect(notification.actions.map((a) => [a.action, a.title])).toEqual([
      ['call', 'Call back'],
      ['open', 'Open'],
    ]);
    expect(notification.data.url).toBe(`/dashboard/leads?id=${lead.id}`);
    expect(notification.data.tel).toMatch(/^tel:\+1\d{10}$/);
    await context.close();
  });
});
