/**
 * The push path's pure decisions: what a push message shows (same tag as the live path, so one
 * notification per id), where a click leads (the lead's drawer, the invoices, the campaigns page,
 * the overview asked to download an export's file), that a click's data from anywhere else cannot send the app off
 * site, and the VAPID key's bytes.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/lib/routes';
import { keyBytes } from '../../../src/sync/push';
import { clickDestination, pushDisplay, pushTarget, readClickData } from '../../../sw/push-target';

const notification = (over: Record<string, unknown> = {}) => ({
  notification_id: 41,
  message: 'New lead: Dana Reyes',
  action: 'go_to' as const,
  index: 'leads',
  id: 7,
  is_read: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('push target', () => {
  it('opens the record of a go_to, the page of the others', () => {
    expect(pushTarget(notification())).toBe(`${ROUTES.leads}?id=7`);
    expect(pushTarget(notification({ index: 'invoices', id: null }))).toBe(ROUTES.invoices);
    expect(pushTarget(notification({ index: 'campaigns', id: null }))).toBe(ROUTES.campaigns);
    expect(pushTarget(notification({ action: 'download', index: 'export', id: 9 }))).toBe(
      `${ROUTES.overview}?download=9`,
    );
    expect(pushTarget(notification({ action: 'download', index: null, id: null }))).toBe(ROUTES.overview);
    expect(pushTarget(notification({ action: 'no_action', index: null, id: null }))).toBe(ROUTES.overview);
    expect(pushTarget(notification({ index: '//evil.example', id: 3 }))).toBe(ROUTES.overview);
  });

  it('shows the message under the tag the live path uses, carrying whose and where', () => {
    const { title, options } = pushDisplay({
      message_type: 'notification',
      user_id: 5,
      notification: notification(),
    });
    expect(title).toBeTruthy();
    expect(options).toMatchObject({
      body: 'New lead: Dana Reyes',
      tag: 'notification-41',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: `${ROUTES.leads}?id=7`, user_id: 5, notification_id: 41 },
    });
  });

  it('offers "Call back" and "Open" on a new lead with a phone, and only then', () => {
    const payload = { message_type: 'notification' as const, user_id: 5, notification: notification() };
    const { options } = pushDisplay(payload, '+1 512-555-0100');
    expect(options.actions).toEqual([
      { action: 'call', title: 'Call back' },
      { action: 'open', title: 'Open' },
    ]);
    expect(options.data).toEqual({
      url: `${ROUTES.leads}?id=7`,
      user_id: 5,
      notification_id: 41,
      tel: 'tel:+15125550100',
    });
    // No number, or not a lead: a plain notification whose click opens its page.
    expect(pushDisplay(payload).options.actions).toBeUndefined();
    expect(pushDisplay(payload, '').options.actions).toBeUndefined();
    const invoice = { ...payload, notification: notification({ index: 'invoices', id: 3 }) };
    expect(pushDisplay(invoice, '5125550100').options.actions).toBeUndefined();
    expect(pushDisplay(invoice, '5125550100').options.data).not.toHaveProperty('tel');
  });

  it('dials on "Call back" and opens the lead on "Open", on a plain click and where actions are missing', () => {
    const click = readClickData({
      url: '/dashboard/leads?id=7',
      user_id: 5,
      notification_id: 41,
      tel: 'tel:+15125550100',
    });
    expect(clickDestination(click, 'call')).toEqual({ kind: 'call', url: 'tel:+15125550100' });
    expect(clickDestination(click, 'open')).toEqual({ kind: 'open', url: '/dashboard/leads?id=7' });
    expect(clickDestination(click, '')).toEqual({ kind: 'open', url: '/dashboard/leads?id=7' });
    expect(clickDestination(click, undefined)).toEqual({ kind: 'open', url: '/dashboard/leads?id=7' });
    // A tel link that is anything but digits is dropped: 'call' then opens the lead.
    const forged = readClickData({ url: '/dashboard/leads?id=7', tel: 'javascript:alert(1)' });
    expect(forged.tel).toBeNull();
    expect(clickDestination(forged, 'call')).toEqual({ kind: 'open', url: '/dashboard/leads?id=7' });
  });

  it('reads click data defensively', () => {
    expect(readClickData({ url: '/dashboard/leads?id=7', user_id: 5, notification_id: 41 })).toEqual({
      url: '/dashboard/leads?id=7',
      userId: 5,
      notificationId: 41,
      tel: null,
    });
    expect(readClickData({ url: 'https://evil.example/' })).toEqual({
      url: ROUTES.dashboard,
      userId: null,
      notificationId: null,
      tel: null,
    });
    expect(readClickData(null).url).toBe(ROUTES.dashboard);
    expect(readClickData({ url: '/x', user_id: '5', notification_id: -1 })).toMatchObject({
      userId: null,
      notificationId: null,
    });
  });

  it('turns the URL-safe base64 VAPID key into its 65 bytes', () => {
    const bytes = Buffer.alloc(65, 7);
    bytes[0] = 4;
    expect([...keyBytes(bytes.toString('base64url'))]).toEqual([...bytes]);
  });
});
