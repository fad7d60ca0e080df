/**
 * The leads screen with its hooks and the real Dexie (fake-indexeddb), against a scripted API:
 * header and rows, ?id= opening the drawer then leaving the address, the drawer's tabs, a
 * review request that waits in the outbox with "Pending sync" (the sender is not running here),
 * the rows' Call and Email actions and review-window countdown, a search that matches nothing,
 * and the empty period.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadDetail, LeadsResponse } from '../../../../src/api/contracts/leads';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import LeadsPage from '../../../../src/features/leads/leads-page';
import { REVIEW_MESSAGES } from '../../../../src/features/leads/messages';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const stat = (title: string, value: number) => ({
  title,
  value,
  previous_value: value,
  performance_change: 0,
});
const created = new Date(Date.now() - 3600_000).toISOString();
const cells = (name: string) => [
  { name: 'name', label: 'Name', value: name, width: null },
  { name: 'created_at', label: 'Created', value: created, width: null },
  { name: 'cost', label: 'Cost', value: '125.00', width: 220 },
  { name: 'phone_number', label: 'Phone Number', value: '+1 512-555-0100', width: null },
  { name: 'email', label: 'Email', value: `${name.split(' ')[0].toLowerCase()}@example.com`, width: null },
];
const list: LeadsResponse = {
  leads: [
    {
      lead_id: 5,
      lead_type: 'Call',
      ref_id: 'bpr-5',
      created_at: created,
      review_status: null,
      data: cells('Ana Garcia'),
    },
    {
      lead_id: 6,
      lead_type: 'Form',
      ref_id: 'LD-6',
      created_at: created,
      review_status: null,
      data: cells('Bo Lee'),
    },
  ],
  leads_statistic: {
    total_leads: stat('Total Leads', 2),
    call_leads: stat('Calls', 1),
    form_leads: stat('Forms', 1),
    total_cost: stat('Total Cost', 250),
    avg_cpl: stat('AVG CPL', 125),
  },
  total_pages: 1,
  current_page: 1,
  showing_from: 1,
  showing_to: 2,
  total_records: 2,
};
const detail: LeadDetail = {
  id: 5,
  ref_id: 'bpr-5',
  name: 'Ana Garcia',
  type: 'Call',
  created_at: created,
  phone_number: '5125550100',
  email: null,
  address: null,
  can_review: true,
  review_window_ends_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  summary: 'Ana called about a leaking roof.',
  details: {
    lead_details: [{ name: 'service', label: 'Service', description: 'Roofing' }],
    recording_url: '/api/v1/leads/5/recording?expires=1&sig=x',
    call_duration: 125,
    dispute_status: 'none',
    conversations: [],
    transcriptions: [{ participant_type: 'speaker_1', message_text: 'Thanks for calling.' }],
  },
  questions: [],
  demographic: null,
  notes: { review: null, response: null },
};

function api(call: Call): Response {
  const path = new URL(call.url, 'http://local').pathname.replace('/api/v1', '');
  if (path === '/user/settings')
    return json(200, {
      tabs: [],
      platforms: [],
      review_types: [{ id: 1, key: 'spam', name: 'Spam or solicitation' }],
      time_zone: 'America/Chicago',
      providers: [],
      show_revconnect: false,
    });
  if (path === '/filters/leads')
    return json(200, { saved_filters: [], recent_filters: [], query_filters: [] });
  if (path === '/leads/filter_fields') return json(200, { fields: [] });
  if (path === '/table/leads') return json(200, { required_fields: [] });
  if (path === '/leads') return json(200, list);
  if (path === '/leads/5') return json(200, { lead: detail });
  return json(404, { errors: 'Not found' });
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  window.history.replaceState(null, '', '/dashboard/leads');
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('leads page', () => {
  it('shows the statistics header and the rows', async () => {
    const calls = mockFetch(api);
    render(<LeadsPage />);
    expect(await screen.findByRole('button', { name: 'Ana Garcia' })).toBeTruthy();
    for (const label of ['Total Leads', 'Calls', 'Forms', 'Total Cost', 'AVG CPL'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('$250.00')).toBeTruthy();
    const request = calls.find((c) => c.method === 'POST' && c.url.endsWith('/leads'));
    expect(request?.body).toMatchObject({ page: 1, per_page: 20, order: 'desc', order_by: 'created_at' });
    // Every cell: the rows' Call and Email actions need the phone and e-mail whatever is shown.
    expect((request?.body as { required_fields?: string[] } | undefined)?.required_fields).toEqual(
      expect.arrayContaining(['name', 'phone_number', 'email']),
    );
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Leads pages' })).toBeNull();
  });

  it('opens the lead of ?id= once the list has loaded, then clears the query', async () => {
    mockFetch(api);
    window.history.replaceState(null, '', '/dashboard/leads?id=5');
    render(<LeadsPage />);
    const drawer = await screen.findByRole('dialog', { name: 'Lead Ana Garcia' });
    await waitFor(() => expect(window.location.search).toBe(''));
    await within(drawer).findByRole('tab', { name: 'Transcript' });
    const tabs = within(drawer)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['Details', 'Transcript']);
    expect(
      await within(drawer).findByText('Portions of these details have been generated by the use of AI.'),
    ).toBeTruthy();
  });

  it('checks the review form, then queues the request with "Pending sync"', async () => {
    mockFetch(api);
    render(<LeadsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Garcia' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request Review' }));
    const form = await screen.findByRole('dialog', { name: 'Request Review' });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(within(form).getByText(REVIEW_MESSAGES.typeRequired)).toBeTruthy();
    expect(within(form).getByText(REVIEW_MESSAGES.noteRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Reason for review/), { target: { value: 'spam' } });
    fireEvent.change(within(form).getByLabelText(/Description/), { target: { value: 'too short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(within(form).getByText(REVIEW_MESSAGES.noteTooShort)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Description/), {
      target: { value: 'Robocall, not a customer.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      method: 'POST',
      url: '/leads/5/review',
      body: { kind: 'json', json: { review_type: 'spam', note: 'Robocall, not a customer.' } },
    });
    expect((await screen.findAllByText('Pending sync')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Edit Review' })).toBeTruthy();
  });
});

/** A loaded machine (CI shares its cores) can take more than the default second to render. */
const SLOW = { timeout: 5000 };
const isList = (call: Call) => new URL(call.url, 'http://local').pathname === '/api/v1/leads';

/** The list answer of a search or a period with no leads: zeros, and a previous period that had some. */
const nothing: LeadsResponse = {
  ...list,
  leads: [],
  leads_statistic: {
    total_leads: { ...stat('Total Leads', 0), previous_value: 12, performance_change: -100 },
    call_leads: { ...stat('Calls', 0), previous_value: 8, performance_change: -100 },
    form_leads: { ...stat('Forms', 0), previous_value: 4, performance_change: -100 },
    total_cost: { ...stat('Total Cost', 0), previous_value: 900, performance_change: -100 },
    avg_cpl: { ...stat('AVG CPL', 0), previous_value: 75, performance_change: -100 },
  },
  total_pages: 0,
  showing_from: 0,
  showing_to: 0,
  total_records: 0,
};

describe('leads page: acting from the list, and empty lists', () => {
  it('calls and e-mails from the row without opening the drawer, and counts the review window down', async () => {
    mockFetch(api);
    render(<LeadsPage />);
    const call = await screen.findByRole('link', { name: 'Call Ana Garcia' }, SLOW);
    expect(call.getAttribute('href')).toBe('tel:+15125550100');
    expect(call.getAttribute('title')).toBe('Call (512) 555-0100');
    // A call lead has no e-mail action; a form lead has both.
    expect(screen.queryByRole('link', { name: 'Email Ana Garcia' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Call Bo Lee' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Email Bo Lee' }).getAttribute('href')).toBe(
      'mailto:bo@example.com',
    );
    fireEvent.click(call);
    expect(screen.queryByRole('dialog')).toBeNull();
    // bpr-5 was created an hour ago: six days (and some hours) of its seven left.
    expect(screen.getAllByText('Review window closes in 6 days').length).toBeGreaterThan(0);
  });

  it('says a search matched nothing, shows no change figures, and clears the search', async () => {
    const calls = mockFetch((call) => {
      const body = call.body as { query?: string } | undefined;
      if (isList(call) && body?.query === 'Smith') return json(200, nothing);
      return api(call);
    });
    render(<LeadsPage />);
    await screen.findByRole('button', { name: 'Ana Garcia' }, SLOW);
    expect(document.querySelectorAll('.leads-stats__change').length).toBe(5);
    const search = screen.getByRole('searchbox', { name: 'Search leads' });
    fireEvent.change(search, { target: { value: 'Smith' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText("No leads match 'Smith'", {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => (c.body as { query?: string } | undefined)?.query === 'Smith')).toBe(true);
    // The figures are the search's, with no comparison to a period that was not searched alike.
    expect(document.querySelector('[data-stat="total_leads"]')?.textContent).toBe('0');
    expect(document.querySelectorAll('.leads-stats__change').length).toBe(0);
    expect(screen.queryByText(/-100\.00%/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('button', { name: 'Ana Garcia' }, SLOW)).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByText("No leads match 'Smith'")).toBeNull();
  });

  it('says why an empty period is empty and what comes next', async () => {
    mockFetch((call) => (isList(call) ? json(200, nothing) : api(call)));
    render(<LeadsPage />);
    expect(await screen.findByText('No leads in this period', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Leads appear here as soon as your first campaign goes live.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });
});
