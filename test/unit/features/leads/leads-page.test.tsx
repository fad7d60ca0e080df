/**
 * The leads screen with its hooks and the real Dexie (fake-indexeddb), against a scripted API:
 * header and rows, ?id= opening the drawer then leaving the address, the drawer's tabs, and a
 * review request that waits in the outbox with "Pending sync" (the sender is not running here).
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
