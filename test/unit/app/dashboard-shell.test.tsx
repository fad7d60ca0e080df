import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/app';
import { db } from '../../../src/db/db';
import { clearSession, peekSession, setSession } from '../../../src/db/session';
import { clearUserTables } from '../../../src/db/user-data';
import { flushOutbox } from '../../../src/sync/outbox-sender';
import { rememberedZone } from '../../../src/widgets/toolbar/zone-hint';
import { json } from '../api/fetch-mock';
import { loginResponse, serve, settingsResponse, userCalls } from '../features/auth/fixtures';

const notifications = [
  {
    notification_id: 1,
    message: 'Your invoice for last month is ready.',
    action: 'go_to',
    index: 'billing',
    id: 318,
    is_read: false,
    created_at: '2025-06-09T10:00:00Z',
  },
  {
    notification_id: 2,
    message: 'Your export is ready.',
    action: 'download',
    index: null,
    id: 77,
    is_read: true,
    created_at: '2025-06-08T10:00:00Z',
  },
  {
    notification_id: 3,
    message: `Welcome! ${'A long note that goes on and on. '.repeat(3)}`,
    action: 'no_action',
    index: null,
    id: null,
    is_read: true,
    created_at: '2025-06-07T10:00:00Z',
  },
];

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

async function openShell(
  routes: Parameters<typeof serve>[0] = {},
  extra: Parameters<typeof setSession>[0] = {},
  path = '/dashboard/overview',
) {
  const calls = serve({
    'GET /api/v1/notifications': () => json(200, { notifications }),
    'PUT /api/v1/notifications/1': () => json(200, { notification: { ...notifications[0], is_read: true } }),
    'POST /api/v1/client/end_session': () => json(200, { message: 'Logout Successful' }),
    ...routes,
  });
  await setSession({
    token: 'tok-123',
    user_id: 42,
    user: loginResponse.user,
    tabs: loginResponse.tabs,
    ...extra,
  });
  window.history.replaceState(null, '', path);
  render(<App />);
  // The first render loads the shell and the page lazily: slow on a busy machine (a file's first
  // mount compiles them, over 10 s on a CI run's load), so the wait is the test's own timeout.
  // The overview (Activity Manager) or a section still to come.
  await screen.findByText(/^(This section is coming soon\.|Activity Manager)$/, {}, { timeout: 15_000 });
  // The list is in the local database once the bell counts the unread one.
  await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'), {
    timeout: 5000,
  });
  return calls;
}

beforeEach(async () => {
  await clearSession();
  await clearUserTables();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('dashboard shell', () => {
  it('identifies the user once on entering the dashboard', async () => {
    const calls = await openShell();
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/onboarding/identify')).toBe(true));
    const identify = calls.filter((c) => c.url === '/api/v1/onboarding/identify');
    expect(identify).toHaveLength(1);
    expect(identify[0].body).toEqual({ user_id: 42, email: 'owner@demo.test', name: 'Maria Alvarez' });
  });

  it("remembers the account's zone from its settings on any screen, for a list screen's first visit", async () => {
    localStorage.clear();
    await openShell({
      'GET /api/v1/user/settings': () => json(200, { ...settingsResponse, time_zone: 'America/Denver' }),
    });
    await vi.waitFor(() => expect(rememberedZone(42)).toBe('America/Denver'));
  });

  it('shows a green dot for unread notifications and opens the list', async () => {
    await openShell();
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(screen.getByTestId('bell-dot')).toBeTruthy();
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(list).getByRole('button', { name: 'Show more' }));
    expect(within(list).getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it("opens the bell from the installed app's Notifications shortcut (#notifications)", async () => {
    await openShell({}, {}, '/dashboard/overview#notifications');
    await vi.waitFor(() => expect(bell().getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('list', { name: 'Notifications' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard/overview'));
  });

  it('go_to billing marks read through the outbox (with an Idempotency-Key) and opens the invoices', async () => {
    const calls = await openShell();
    fireEvent.click(bell());
    const item = await screen.findByText('Your invoice for last month is ready.');
    await act(async () => fireEvent.click(item));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard/billing/invoices'));
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ method: 'PUT', label: 'Mark notification as read' });
    await flushOutbox({ getSession: async () => peekSession() });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/notifications/1');
    expect(put?.headers.get('Idempotency-Key')).toBe(queued.idempotency_key);
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks before signing out while a change waits to sync', async () => {
    const calls = await openShell();
    fireEvent.click(bell());
    await act(async () => fireEvent.click(await screen.findByText('Your invoice for last month is ready.')));
    fireEvent.click(screen.getByRole('button', { name: 'Maria Alvarez' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog.textContent).toContain('You have 1 change waiting to sync.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(peekSession().token).toBe('tok-123');
    expect(userCalls(calls).some((c) => c.url === '/api/v1/client/end_session')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Maria Alvarez' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
    const again = await screen.findByRole('dialog', { name: 'Sign out?' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Sign out anyway' })));
    expect(await screen.findByText('Logout Successful')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('download says the file has expired when there is none', async () => {
    await openShell({ 'GET /api/v1/notifications/export/77': () => json(200, { export_file_url: null }) });
    fireEvent.click(bell());
    await act(async () => fireEvent.click(await screen.findByText('Your export is ready.')));
    expect(await screen.findByText('File has expired, Please issue export request again.')).toBeTruthy();
  });

  it('download starts the file download when there is one', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openShell({
      'GET /api/v1/notifications/export/77': () =>
        json(200, { export_file_url: '/api/v1/exports/77/download?sig=x' }),
    });
    fireEvent.click(bell());
    await act(async () => fireEvent.click(await screen.findByText('Your export is ready.')));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/v1/exports/77/download?sig=x',
    );
  });

  it('downloads the export a clicked system notification asks for (?download=), once, then leaves the address bar', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = await openShell(
      {
        'GET /api/v1/notifications/export/77': () =>
          json(200, { export_file_url: '/api/v1/exports/77/download?sig=x' }),
      },
      {},
      '/dashboard/overview?download=77',
    );
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/v1/exports/77/download?sig=x',
    );
    expect(window.location.search).toBe('');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard/overview'));
    expect(userCalls(calls).filter((c) => c.url === '/api/v1/notifications/export/77')).toHaveLength(1);
  });

  it('says the file has expired when a notification asks for an export that is gone (?download=)', async () => {
    await openShell(
      { 'GET /api/v1/notifications/export/78': () => json(404, { message: 'Not found' }) },
      {},
      '/dashboard/overview?download=78',
    );
    expect(await screen.findByText('File has expired, Please issue export request again.')).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('closes a menu with Escape and returns focus to its button', async () => {
    await openShell();
    const button = screen.getByRole('button', { name: 'Maria Alvarez' });
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe(
      '/dashboard/account-settings',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('signs out: end_session, empty store, toast, /login', async () => {
    const calls = await openShell();
    fireEvent.click(screen.getByRole('button', { name: 'Maria Alvarez' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Out' })));
    expect(await screen.findByText('Logout Successful')).toBeTruthy();
    expect(userCalls(calls).some((c) => c.url === '/api/v1/client/end_session')).toBe(true);
    expect(peekSession().token).toBeNull();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('says whose account is shown while impersonating', async () => {
    await openShell({}, { impersonate_id: 5 });
    // The banner's chunk loads only while impersonating (main.tsx preloads it on a reload).
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain('Maria Alvarez');
    expect(banner.textContent).toContain('owner@demo.test');
  });

  it('shows the packout ad once after a sign-in with show_ad', async () => {
    const { queuePackoutAd } = await import('../../../src/features/auth/packout-ad');
    queuePackoutAd('ad_1');
    await openShell();
    const dialog = await screen.findByRole('dialog', { name: 'Contents packout, handled for you' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('system notifications prompt', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'Notification');
  });

  it('asks for the permission from the bell, then hides', async () => {
    let permission: NotificationPermission = 'default';
    const requestPermission = vi.fn(async () => {
      permission = 'granted';
      return permission;
    });
    Object.defineProperty(globalThis, 'Notification', {
      configurable: true,
      value: {
        get permission() {
          return permission;
        },
        requestPermission,
      },
    });
    await openShell();
    fireEvent.click(bell());
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications on this device' })),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });

  it('is not offered where the browser has no notifications', async () => {
    await openShell();
    fireEvent.click(bell());
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });
});
