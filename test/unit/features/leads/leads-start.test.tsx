/**
 * The leads screen's stored first content, read ahead at start (app/route-preload.ts with
 * leads-start.ts): with the settings and the list stored on the device and a network that has not
 * answered, the page's very first render already shows the rows and the statistics, with no loading
 * state in between; and the read ahead makes no request of its own.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_COLUMN_NAMES, type LeadsResponse } from '../../../../src/api/contracts/leads';
import { preloadStart } from '../../../../src/app/route-preload';
import { db } from '../../../../src/db/db';
import { clearSession, getSession, setSession } from '../../../../src/db/session';
import LeadsPage from '../../../../src/features/leads/leads-page';
import { defaultDateRange } from '../../../../src/lib/date-range';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { bodyText, storeResponse } from '../../../../src/sync/response-cache';
import { mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const ZONE = 'America/Chicago';
const created = new Date(Date.now() - 3600_000).toISOString();
const stat = (title: string, value: number) => ({ title, value, previous_value: 0, performance_change: 0 });
const list: LeadsResponse = {
  leads: [
    {
      lead_id: 5,
      lead_type: 'Call',
      ref_id: 'bpr-5',
      created_at: created,
      review_status: null,
      data: [
        { name: 'name', label: 'Name', value: 'Ana Garcia', width: null },
        { name: 'created_at', label: 'Created', value: created, width: null },
        { name: 'cost', label: 'Cost', value: '125.00', width: null },
      ],
    },
  ],
  leads_statistic: {
    total_leads: stat('Total Leads', 1),
    call_leads: stat('Calls', 1),
    form_leads: stat('Forms', 0),
    total_cost: stat('Total Cost', 125),
    avg_cpl: stat('AVG CPL', 125),
  },
  total_pages: 1,
  current_page: 1,
  showing_from: 1,
  showing_to: 1,
  total_records: 1,
};

/** What the screen sends first: newest first, month to date in the account's zone, page 1. */
function firstBody() {
  const { start_date, end_date } = defaultDateRange(ZONE);
  return {
    order: 'desc',
    order_by: 'created_at',
    start_date,
    end_date,
    page: 1,
    per_page: 20,
    // Every column: the rows' Call and Email actions read the contact cells whatever is shown.
    required_fields: LEAD_COLUMN_NAMES,
  };
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  window.history.replaceState(null, '', '/dashboard/leads');
  await storeResponse({
    userId: 7,
    method: 'GET',
    url: '/api/v1/user/settings',
    data: {
      tabs: [],
      platforms: [],
      review_types: [],
      time_zone: ZONE,
      providers: [],
      show_revconnect: false,
    },
  });
  await storeResponse({
    userId: 7,
    method: 'POST',
    url: '/api/v1/leads',
    body: bodyText(firstBody()),
    data: list,
  });
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('leads screen read ahead at start', () => {
  it('renders the stored rows and figures in its first render, before the network answers', async () => {
    const calls = mockFetch(() => new Promise<Response>(() => undefined));
    await preloadStart(getSession());
    expect(calls).toHaveLength(0);

    // No waiting: this is the first render's output.
    render(<LeadsPage />);
    expect(screen.getByRole('button', { name: 'Ana Garcia' })).toBeTruthy();
    expect(screen.getByText('$125.00', { selector: '[data-stat="total_cost"]' })).toBeTruthy();
    expect(document.querySelector('.skeleton-bar')).toBeNull();
    // The page still asks the network for its list, once.
    const lists = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/v1/leads'));
    await vi.waitFor(() => expect(lists()).toHaveLength(1));
  });
});
