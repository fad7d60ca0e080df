/**
 * A live switch_status refreshes the campaigns list on screen: the list (a POST read with the
 * screen's range) shows 'Pending' until the platforms confirm; the confirmation arrives on the real
 * live channel (sync-engine.ts, server-sent events from the fetch below), its effect
 * (campaigns-live.ts) fetches every stored variant of the list again, and the mounted list follows
 * its stored row, with no tick or watcher of its own.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignsResponse } from '../../../../src/api/contracts/campaigns';
import { db } from '../../../../src/db/db';
import { clearSession, setSession } from '../../../../src/db/session';
import CampaignsPage from '../../../../src/features/campaigns/campaigns-page';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { startSync } from '../../../../src/sync/sync-engine';
import { rememberZone } from '../../../../src/widgets/toolbar/zone-hint';
import { type Call, json, mockFetch } from '../../api/fetch-mock';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const ZONE = 'America/Denver';
const stat = (title: string, value: number) => ({ title, value });

/** The list as the server holds it: the pause still pending, or confirmed. */
const list = (pending: boolean): CampaignsResponse => ({
  campaigns: [
    {
      id: 92,
      ref_id: 'CMP-92',
      expandable: false,
      platform: 'live',
      product: 'Calls',
      account: { ref_id: 'LIVE-6001', name: 'Denver', is_locked: false },
      status: {
        value: 'paused',
        pending,
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
    active_campaigns: stat('Active Campaigns', 0),
    paused_campaigns: stat('Paused Campaigns', 1),
    total_leads: stat('Total Leads', 0),
    total_cost: stat('Total Cost', 0),
  },
  total_records: 1,
  current_page: 1,
  total_pages: 1,
  showing_from: 1,
  showing_to: 1,
  can_create_campaign: false,
});

const settings = {
  tabs: [],
  platforms: [],
  review_types: [],
  time_zone: ZONE,
  providers: [],
  show_revconnect: false,
};

/** The live stream: held open; `send` writes one event into it. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const streams: ReadableStream<Uint8Array>[] = [];
  const open = () => {
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    streams.push(stream);
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  const send = (id: number, payload: unknown) =>
    controller?.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(payload)}\n\n`));
  const opened = () => streams.length > 0;
  return { open, send, opened };
}

let stop = () => {};

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
  await setSession({ token: 'tok', user_id: 7 });
  markNetworkSuccess();
  rememberZone(7, ZONE);
  window.history.replaceState(null, '', '/dashboard/campaigns');
});

afterEach(async () => {
  stop();
  cleanup();
  vi.restoreAllMocks();
  await clearSession();
});

describe('campaigns live', () => {
  it('a live switch_status refreshes the mounted list: Pending clears', async () => {
    let confirmed = false;
    const live = liveStream();
    const calls = mockFetch(async (call: Call) => {
      const path = new URL(call.url, 'http://local').pathname.replace('/api/v1', '');
      if (path === '/live') return live.open();
      if (path === '/user/settings') return json(200, settings);
      if (path === '/filters/campaigns')
        return json(200, { saved_filters: [], recent_filters: [], query_filters: [] });
      if (path === '/campaigns/filter_fields') return json(200, { fields: [] });
      if (path === '/table/campaigns') return json(200, { required_fields: [] });
      if (path === '/campaigns' && call.method === 'POST') return json(200, list(!confirmed));
      return json(404, { errors: 'Not found' });
    });
    const listCalls = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/campaigns'));

    render(<CampaignsPage />);
    const row = (await screen.findByText('HVAC - Denver, CO')).closest('tr') as HTMLElement;
    await within(row).findByText('Pending');
    expect(listCalls()).toHaveLength(1);

    stop = startSync();
    await vi.waitFor(() => expect(live.opened()).toBe(true));
    confirmed = true;
    live.send(1, {
      message_type: 'switch_status',
      object: 'Campaign',
      id: 92,
      status: 'paused',
      placeholder: null,
      level: null,
    });

    await vi.waitFor(() => expect(within(row).queryByText('Pending')).toBeNull(), { timeout: 3000 });
    // The list was asked again as the screen asks it (its range in the body), once.
    expect(listCalls()).toHaveLength(2);
    expect(listCalls()[1].body).toEqual(listCalls()[0].body);
  });
});
