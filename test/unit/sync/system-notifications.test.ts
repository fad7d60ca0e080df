import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedDownload } from '../../../src/lib/notification-target';
import { notificationUrl, showSystemNotification } from '../../../src/sync/system-notifications';

const notification = {
  notification_id: 9,
  message: 'Invoice #1042 was paid.',
  action: 'go_to',
  index: 'billing',
  id: 318,
  is_read: false,
  created_at: '2026-11-20T10:00:00Z',
};

function withWorker(permission: NotificationPermission) {
  const postMessage = vi.fn();
  Object.defineProperty(globalThis, 'Notification', { configurable: true, value: { permission } });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage } },
  });
  return postMessage;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('system notifications', () => {
  it('hands a live notification to the service worker with where a click leads', () => {
    const postMessage = withWorker('granted');
    showSystemNotification({ message_type: 'notification', notification });
    expect(postMessage).toHaveBeenCalledWith({
      type: 'LIVE_NOTIFICATION',
      title: 'Customer Portal',
      body: 'Invoice #1042 was paid.',
      tag: 'notification-9',
      url: '/dashboard/billing/invoices',
    });
  });

  it('shows nothing without the permission, or for other live messages', () => {
    const unasked = withWorker('default');
    showSystemNotification({ message_type: 'notification', notification });
    expect(unasked).not.toHaveBeenCalled();
    const granted = withWorker('granted');
    showSystemNotification({ message_type: 'reach_update', notification });
    showSystemNotification({ message_type: 'notification', notification: { message: 'no id' } });
    expect(granted).not.toHaveBeenCalled();
  });

  it('sends a click without a page of its own to the overview', () => {
    expect(notificationUrl({ action: 'no_action', index: null, id: null })).toBe('/dashboard/overview');
    expect(notificationUrl({ action: 'go_to', index: 'campaigns', id: null })).toBe('/dashboard/campaigns');
  });

  it("sends a finished export's click to the overview, asking it to download the file", () => {
    const url = notificationUrl({ action: 'download', index: null, id: 12 });
    expect(url).toBe('/dashboard/overview?download=12');
    expect(requestedDownload(new URL(url, 'https://portal.test').search)).toBe(12);
    expect(notificationUrl({ action: 'download', index: null, id: null })).toBe('/dashboard/overview');
    for (const search of ['', '?download=', '?download=0', '?download=-3', '?download=1.5', '?download=x'])
      expect(requestedDownload(search), search).toBeNull();
  });
});
