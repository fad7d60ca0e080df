import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/app';
import { clearSession, setSession } from '../../../src/db/session';
import { loginResponse, serve } from '../features/auth/fixtures';

beforeEach(async () => {
  await clearSession();
  serve({});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function visit(path: string, platform: 'live' | 'franchise' = 'live', built = false) {
  const user = { ...loginResponse.user, platforms: [{ platform }] };
  await setSession({ token: 'tok-123', user_id: 42, user, tabs: loginResponse.tabs });
  window.history.replaceState(null, '', path);
  render(<App />);
  // The billing screens name their navigation; other pages show a heading of their own.
  if (built) {
    await screen.findByRole('navigation', { name: 'Billing' }, { timeout: 15_000 });
    return;
  }
  // The page has arrived: the lazy load's spinner is gone and the page shows a heading of its own.
  await vi.waitFor(
    () => {
      const main = document.querySelector('main');
      expect(main?.querySelector('.page-loading')).toBeNull();
      expect(main?.querySelector('h1, h2')).not.toBeNull();
    },
    { timeout: 15_000 },
  );
}

describe('route table (spec part 1 §2)', () => {
  it.each([
    ['/', '/dashboard/overview'],
    ['/dashboard', '/dashboard/overview'],
    ['/dashboard/overview/qsp', '/dashboard/overview/qsp'],
    ['/dashboard/billing/nope', '/dashboard/overview'],
    ['/dashboard/account-settings', '/dashboard/account-settings/profile'],
    // Badges are for bpr and fsr only (spec part 2 §6): a live user goes to the first tab.
    ['/dashboard/account-settings/badges', '/dashboard/account-settings/profile'],
    ['/dashboard/performance', '/dashboard/performance'],
    ['/dashboard/performance/revconnect', '/dashboard/performance/revconnect'],
    ['/dashboard/services', '/dashboard/services'],
    ['/dashboard/nowhere', '/dashboard/overview'],
    ['/no/such/page', '/dashboard/overview'],
  ])('%s -> %s', async (path, expected) => {
    await visit(path);
    await vi.waitFor(() => expect(window.location.pathname).toBe(expected));
  });

  it.each([
    ['/dashboard/billing', '/dashboard/billing/invoices'],
    ['/dashboard/billing/payment-methods', '/dashboard/billing/payment-methods'],
  ])('%s -> %s (the billing screens)', async (path, expected) => {
    await visit(path, 'live', true);
    await vi.waitFor(() => expect(window.location.pathname).toBe(expected));
  });

  it('sends franchise accounts from the Performance index to the summary', async () => {
    await visit('/dashboard/performance', 'franchise');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/dashboard/performance/summary'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/Summary$/);
  });
});
