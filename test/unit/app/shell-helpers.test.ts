import { describe, expect, it } from 'vitest';
import { FILE_EXPIRED } from '../../../src/api/contracts/shell';
import { timeAgo, truncate } from '../../../src/app/notification-actions';
import { isLinkActive, isTabActive, navTabs } from '../../../src/app/tabs';
import { notificationEffect } from '../../../src/lib/notification-target';

describe('notificationEffect (spec part 1 §2 "Notification bell")', () => {
  it.each([
    [
      { action: 'go_to', index: 'billing', id: 318 },
      { kind: 'navigate', to: '/dashboard/billing/invoices' },
    ],
    [
      { action: 'go_to', index: 'billing', id: null },
      { kind: 'navigate', to: '/dashboard/billing/payment-methods' },
    ],
    [
      { action: 'go_to', index: 'payment-methods', id: null },
      { kind: 'navigate', to: '/dashboard/billing/payment-methods' },
    ],
    [
      { action: 'go_to', index: 'campaigns', id: null },
      { kind: 'navigate', to: '/dashboard/campaigns' },
    ],
    [
      { action: 'go_to', index: 'leads', id: null },
      { kind: 'navigate', to: '/dashboard/leads' },
    ],
    [
      { action: 'go_to', index: 'leads', id: 4182 },
      { kind: 'navigate', to: '/dashboard/leads?id=4182' },
    ],
    [{ action: 'go_to', index: '//evil.example', id: null }, { kind: 'none' }],
    [{ action: 'go_to', index: null, id: null }, { kind: 'none' }],
    [
      { action: 'download', index: null, id: 12 },
      { kind: 'download', exportId: 12 },
    ],
    [{ action: 'download', index: null, id: null }, { kind: 'expired' }],
    [{ action: 'no_action', index: 'billing', id: 3 }, { kind: 'none' }],
  ])('%j', (notification, effect) => {
    expect(notificationEffect(notification)).toEqual(effect);
  });

  it('keeps the expiry message verbatim', () => {
    expect(FILE_EXPIRED).toBe('File has expired, Please issue export request again.');
  });
});

describe('truncate', () => {
  it('keeps short messages whole', () => {
    expect(truncate('Your invoice is ready.')).toEqual({ text: 'Your invoice is ready.', cut: false });
    expect(truncate('x'.repeat(70)).cut).toBe(false);
  });

  it('cuts at 70 characters, on a word when one is near', () => {
    const message = 'Your card ending 4242 expires soon. Add a new payment method to avoid interruptions.';
    const { text, cut } = truncate(message);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(71);
    expect(text).toBe('Your card ending 4242 expires soon. Add a new payment method to avoid…');
    expect(truncate('y'.repeat(90)).text).toBe(`${'y'.repeat(70)}…`);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  it.each([
    ['2025-06-10T11:59:30Z', 'just now'],
    ['2025-06-10T11:15:00Z', '45 minutes ago'],
    ['2025-06-10T09:00:00Z', '3 hours ago'],
    ['2025-06-09T12:00:00Z', 'yesterday'],
    ['2025-06-06T12:00:00Z', '4 days ago'],
    ['not a date', ''],
  ])('%s -> %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});

describe('navTabs', () => {
  const tabs = navTabs([
    { name: 'Overview', url: '/dashboard/overview' },
    { name: 'Performance', url: '/dashboard/performance/summary' },
    {
      name: 'Billing',
      url: '/dashboard/billing/invoices',
      subtabs: [
        { name: 'Invoices', path: 'invoices' },
        { name: 'Payment Methods', path: 'payment-methods' },
      ],
    },
    { name: 'Elsewhere', url: 'https://example.com' },
  ]);

  it('drops tabs that leave the app and resolves subtab paths', () => {
    expect(tabs.map((tab) => tab.name)).toEqual(['Overview', 'Performance', 'Billing']);
    expect(tabs[2].subtabs.map((sub) => sub.href)).toEqual([
      '/dashboard/billing/invoices',
      '/dashboard/billing/payment-methods',
    ]);
  });

  it('gives Performance its five sub-tabs when the server sends none', () => {
    expect(tabs[1].subtabs.map((sub) => sub.href)).toEqual([
      '/dashboard/performance/summary',
      '/dashboard/performance/social',
      '/dashboard/performance/search',
      '/dashboard/performance/programmatic',
      '/dashboard/performance/revconnect',
    ]);
  });

  it('marks the current tab and page', () => {
    expect(isTabActive(tabs[2], '/dashboard/billing/payment-methods')).toBe(true);
    expect(isTabActive(tabs[0], '/dashboard/billing/payment-methods')).toBe(false);
    expect(isLinkActive(tabs[2].subtabs[1], '/dashboard/billing/payment-methods')).toBe(true);
    expect(isLinkActive(tabs[2].subtabs[0], '/dashboard/billing/payment-methods')).toBe(false);
  });
});
