/**
 * The Overview's empty parts against a scripted API with the real Dexie: each says why it is
 * empty and what comes next (no tasks assigned, a search that matches nothing with a way to clear
 * it, no account manager with the support line), and the Progress Summary says what it counts.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivitiesResponse } from '../../../../src/api/contracts/activities';
import type { SeoStatsResponse } from '../../../../src/api/contracts/seo';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import { AccountManager } from '../../../../src/features/overview/account-manager';
import { ActivityManager } from '../../../../src/features/overview/activity-manager';
import SeoWidgets from '../../../../src/features/overview/seo-widgets';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));
vi.mock('../../../../src/ui/chart', () => ({ Chart: () => null }));

const EMPTY: ActivitiesResponse = {
  data: [],
  total_records: 0,
  current_page: 1,
  total_pages: 1,
  showing_from: 0,
  showing_to: 0,
  seo_mode: false,
};

const path = (call: Call) => new URL(call.url, 'http://local').pathname.replace('/api/v1', '');

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('overview empty states', () => {
  it('says nothing is assigned yet, and for a search that matches nothing offers to clear it', async () => {
    const calls = mockFetch((call) => (path(call) === '/activities' ? json(200, EMPTY) : json(404, {})));
    render(<ActivityManager />);
    expect(await screen.findByText('No activities found.')).toBeTruthy();
    expect(screen.getByText(/When your account team assigns a setup or compliance task/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Search activities'), { target: { value: 'Smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No task matches “Smith”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Action Required' }));
    expect(await screen.findByText('No task matches “Smith” with the status Action Required.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByText(/When your account team assigns/)).toBeTruthy();
    expect((screen.getByLabelText('Search activities') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Action Required' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    // The cleared list shows from the stored read at once; its refetch follows: wait for it.
    const lastSearch = () =>
      new URL(calls.filter((c) => path(c) === '/activities').at(-1)?.url ?? '', 'http://local').search;
    await waitFor(() => expect(lastSearch()).toBe(''));
  });

  it('without an account manager says so and gives the support line', async () => {
    mockFetch((call) =>
      path(call) === '/account_manager' ? json(200, { account_manager: null }) : json(404, {}),
    );
    render(<AccountManager />);
    expect(await screen.findByText('No account manager assigned yet.')).toBeTruthy();
    const support = screen.getByRole('link', { name: '(800) 555-0100' });
    expect(support.getAttribute('href')).toBe('tel:+18005550100');
    expect(screen.getByText(/Until one is assigned, our support team can help/)).toBeTruthy();
  });

  it('shows the manager when one is assigned', async () => {
    mockFetch(() =>
      json(200, {
        account_manager: { name: 'Jordan Blake', email: 'jordan.blake@provider.example', avatar: null },
      }),
    );
    render(<AccountManager />);
    expect(await screen.findByText('Jordan Blake')).toBeTruthy();
    expect(screen.queryByText('No account manager assigned yet.')).toBeNull();
  });
});

describe('progress summary', () => {
  const stats: SeoStatsResponse = {
    plan_widget: { categories: [], series: [], month: null, has_previous: false, has_next: false },
    breakdown_widget: [],
    progress: {
      action_required: 1,
      completed: 4,
      planned: 2,
      current_month: 'Nov 2026',
      completed_percentage: 57,
      increased: true,
      current_month_tasks_completed: 4,
    },
  };

  it('says its tiles count this month’s SEO plan tasks', async () => {
    mockFetch(() => json(200, stats));
    render(<SeoWidgets />);
    expect(await screen.findByText('Your SEO plan’s tasks in Nov 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Action Required/ }));
    expect(screen.getByText('1 SEO plan task this month needs your action.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Planned/ }));
    expect(screen.getByText('2 SEO plan tasks planned or in progress this month.')).toBeTruthy();
    expect(screen.getByText('The breakdown appears once this quarter’s SEO plan has tasks.')).toBeTruthy();
  });

  it('shows a task’s due date as MM/DD/YYYY, as every other date', async () => {
    const task = {
      id: 1,
      name: 'Upload your company logo',
      status: 'action_required' as const,
      status_lable: 'Action Required',
      team_members: [],
      service: 'Onboarding',
      category: null,
      due_date: '2026-11-29',
      klass: null,
      viewed: true,
      cta: 'modal' as const,
      key: 'upload_logo',
      index: null,
      action: null,
      ref_id: null,
      object_id: null,
      show_multiple_destination_phones: false,
      description: null,
    };
    const one = { ...EMPTY, data: [task], total_records: 1, showing_from: 1, showing_to: 1 };
    mockFetch((call) => (path(call) === '/activities' ? json(200, one) : json(404, {})));
    render(<ActivityManager />);
    expect(await screen.findByText('11/29/2026')).toBeTruthy();
    expect(screen.queryByText('2026-11-29')).toBeNull();
  });
});
