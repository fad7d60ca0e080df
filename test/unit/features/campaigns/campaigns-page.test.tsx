/**
 * The campaigns screen's first list request: it waits for the account's time zone, so the month to
 * date it asks for is the account's from the first request. Asking in the browser's zone first and
 * the account's after made a second request, and a user who lost the connection between the two
 * saw the list empty ("You're offline and this page hasn't been opened on this device yet").
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignsResponse } from '../../../../src/api/contracts/campaigns';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import CampaignsPage from '../../../../src/features/campaigns/campaigns-page';
import { defaultDateRange } from '../../../../src/lib/date-range';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { rememberZone } from '../../../../src/widgets/toolbar/zone-hint';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

/** A zone whose date is not the browser's right now (UTC+14 or UTC-11: one of them always differs). */
const browserToday = defaultDateRange(null).end_date;
const ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
  (zone) => defaultDateRange(zone).end_date !== browserToday,
) as string;
const { start_date, end_date } = defaultDateRange(ZONE);
const accountMonth = { start_date, end_date };

const stat = (title: string, value: number) => ({ title, value });
const list: CampaignsResponse = {
  campaigns: [
    {
      id: 92,
      ref_id: 'CMP-92',
      expandable: false,
      platform: 'live',
      product: 'Calls',
      account: { ref_id: 'LIVE-6001', name: 'Denver', is_locked: false },
      status: {
        value: 'active',
        pending: false,
        placeholder: null,
        disable: false,
        trigger_status: true,
        paused_until: null,
      },
      data: [{ name: 'name', label: 'Name', value: 'HVAC - Denver, CO' }],
    },
  ],
  campaigns_statistic: {
    total_campaigns: stat('Total Campaigns', 1),
    active_campaigns: stat('Active Campaigns', 1),
    paused_campaigns: stat('Paused Campaigns', 0),
    total_leads: stat('Total Leads', 0),
    total_cost: stat('Total Cost', 0),
  },
  total_records: 1,
  current_page: 1,
  total_pages: 1,
  showing_from: 1,
  showing_to: 1,
  can_create_campaign: false,
};

const settings = {
  tabs: [],
  platforms: [],
  review_types: [],
  time_zone: ZONE,
  providers: [],
  show_revconnect: false,
};

const emptyList: CampaignsResponse = {
  ...list,
  campaigns: [],
  campaigns_statistic: { ...list.campaigns_statistic, total_campaigns: stat('Total Campaigns', 0) },
  total_records: 0,
  total_pages: 0,
  showing_from: 0,
  showing_to: 0,
};

/** The API, with the settings answer held until `answerSettings()`. */
function scriptedApi(answer: (body: Record<string, unknown>) => CampaignsResponse = () => list) {
  let answerSettings = () => {};
  const settingsAnswered = new Promise<void>((resolve) => {
    answerSettings = resolve;
  });
  const calls = mockFetch(async (call: Call) => {
    const path = new URL(call.url, 'http://local').pathname.replace('/api/v1', '');
    if (path === '/user/settings') {
      await settingsAnswered;
      return json(200, settings);
    }
    if (path === '/filters/campaigns')
      return json(200, { saved_filters: [], recent_filters: [], query_filters: [] });
    if (path === '/campaigns/filter_fields') return json(200, { fields: [] });
    if (path === '/table/campaigns') return json(200, { required_fields: [] });
    if (path === '/campaigns') return json(200, answer((call.body ?? {}) as Record<string, unknown>));
    return json(404, { errors: 'Not found' });
  });
  const listCalls = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/campaigns'));
  return { calls, listCalls, answerSettings };
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  window.history.replaceState(null, '', '/dashboard/campaigns');
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('campaigns page', () => {
  it("asks for the list once, in the account's zone, after the settings have answered", async () => {
    const api = scriptedApi();
    render(<CampaignsPage />);
    // The toolbar's reads go out; the list waits for the zone.
    await vi.waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/table/campaigns'))).toBe(true));
    await vi.waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/user/settings'))).toBe(true));
    expect(api.listCalls()).toHaveLength(0);
    api.answerSettings();
    expect(await screen.findByText('HVAC - Denver, CO')).toBeTruthy();
    expect(api.listCalls()).toHaveLength(1);
    expect(api.listCalls()[0].body).toMatchObject(accountMonth);
  });

  it('asks at once in the zone this device remembers for the account', async () => {
    rememberZone(7, ZONE);
    const api = scriptedApi();
    render(<CampaignsPage />);
    await vi.waitFor(() => expect(api.listCalls()).toHaveLength(1));
    expect(api.listCalls()[0].body).toMatchObject(accountMonth);
    expect(await screen.findByText('HVAC - Denver, CO')).toBeTruthy();
    api.answerSettings();
    await vi.waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/user/settings'))).toBe(true));
    expect(api.listCalls()).toHaveLength(1);
  });

  it('an account with no campaign yet says why the list is empty and what comes next', async () => {
    rememberZone(7, ZONE);
    scriptedApi(() => emptyList);
    render(<CampaignsPage />);
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    expect(
      screen.getByText(
        'Your campaigns show here, with their leads and spend, as soon as the first one goes live.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Your account manager sets up your first campaign once your onboarding tasks are done.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your onboarding tasks' }).getAttribute('href')).toBe(
      '/dashboard/overview',
    );
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it('a search that matches nothing names it and clears it back to every campaign', async () => {
    rememberZone(7, ZONE);
    const api = scriptedApi((body) => (body.query ? emptyList : list));
    render(<CampaignsPage />);
    await screen.findByText('HVAC - Denver, CO');
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'Smith' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText('No campaigns match “Smith”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('HVAC - Denver, CO')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(api.listCalls().at(-1)?.body).not.toHaveProperty('query');
  });
});
