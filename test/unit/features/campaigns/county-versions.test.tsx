/**
 * A county's status change and its zip targeting carry the version their row read (the Locations
 * tab's read), on real Dexie and the real sender with a fake fetch: the row's targeting button
 * queues the county's target_version; a status change its status_version, one past an unsent one;
 * none known, none sent. A 409 shows in the Outbox conflict view with both values under the
 * field's label, and both ways out work: keep mine resends on the server's version, take the
 * server's drops it and refreshes the Locations read.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetail, CampaignLocation } from '../../../../src/api/contracts/campaigns';
import { CONFLICT_MESSAGE } from '../../../../src/api/contracts/versions';
import type { OutboxItem } from '../../../../src/db/app-db';
import { db } from '../../../../src/db/db';
import { clearSession, emptySession, setSession } from '../../../../src/db/session';
import { setCountyStatus, targetCounty } from '../../../../src/features/campaigns/campaigns-api';
import { CountyItem } from '../../../../src/features/campaigns/county-item';
import { markNetworkSuccess } from '../../../../src/sync/connectivity';
import { flushOutbox, type SenderDeps } from '../../../../src/sync/outbox-sender';
import { registerRefresher } from '../../../../src/sync/read-refresh';
import { KEEP_MINE, OutboxConflict, TAKE_SERVERS } from '../../../../src/sync/ui/outbox-conflict';

vi.mock('../../../../src/ui/toast', () => ({
  showToast: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
}));

const USER = 7;
const campaign = { id: 41, name: 'HVAC - Austin', platform: 'live', product: 'pay_per_call' };
const location: CampaignLocation = {
  id: 9,
  name: 'Travis',
  state: 'TX',
  status: 'active',
  pending: false,
  prices: { call: '40.00', form: '20.00' },
  zipcodes: [
    { zipcode: '78701', targeted: true },
    { zipcode: '78702', targeted: true },
  ],
  is_target: false,
  status_version: 4,
  target_version: 2,
};
const detail = {
  ...campaign,
  is_locked: false,
  trigger_location_status: true,
} as unknown as CampaignDetail;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let sent: unknown[];
function deps(answer: (index: number) => Response): SenderDeps {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(init?.body ? JSON.parse(String(init.body)) : null);
    return answer(sent.length - 1);
  }) as unknown as typeof globalThis.fetch;
  return {
    getSession: async () => ({ ...emptySession(), token: 'tok', user_id: USER }),
    fetch,
    random: () => 0.5,
  };
}
const conflict = (version: number, current: Record<string, unknown>) =>
  json(409, { errors: CONFLICT_MESSAGE, conflict: { version, current } });
const bodyOfItem = (item: OutboxItem | undefined) => (item?.body.kind === 'json' ? item.body.json : null);

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setSession({ token: 'tok', user_id: USER });
  markNetworkSuccess();
  sent = [];
});

afterEach(async () => {
  cleanup();
  await clearSession();
});

describe('county writes carry the version their row read', () => {
  it('targeting from the row sends the county target_version', async () => {
    render(<CountyItem campaign={detail} location={location} userId={USER} />);
    const button = await screen.findByRole('button', { name: 'Target All' });
    fireEvent.click(button);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await db.outbox.toArray();
    expect(item.url).toContain('/live/campaigns/41/settings/locations');
    expect(bodyOfItem(item)).toEqual({ locations: ['78701', '78702'], based_on_version: 2 });
  });

  it('a status change sends status_version, one past an unsent change, none when unknown', async () => {
    const pause = { status: 'paused' as const, locations: [9], pause_duration: 3 as const };
    const first = await setCountyStatus(USER, campaign, location, pause);
    expect(bodyOfItem(await db.outbox.get(first))).toEqual({ ...pause, based_on_version: 4 });
    const second = await setCountyStatus(USER, campaign, location, { status: 'active', locations: [9] });
    expect(bodyOfItem(await db.outbox.get(second))).toMatchObject({ based_on_version: 5 });
    const other = { ...location, id: 10, status_version: undefined };
    const none = await setCountyStatus(USER, campaign, other, { ...pause, locations: [10] });
    expect(bodyOfItem(await db.outbox.get(none))).toEqual({ ...pause, locations: [10] });
  });
});

describe('a county conflict in the outbox', () => {
  it('shows both statuses, and keep mine resends the pause on the server version', async () => {
    const pause = { status: 'paused' as const, locations: [9], pause_duration: 3 as const };
    const id = await setCountyStatus(USER, campaign, location, pause);
    // Another device paused it and it was resumed since: the server says active, at version 6.
    await flushOutbox(deps(() => conflict(6, { status: 'active' })));
    const item = (await db.outbox.get(id)) as OutboxItem & { conflict: { version: number; current: object } };
    expect(item).toMatchObject({ status: 'failed', error: CONFLICT_MESSAGE });

    render(<OutboxConflict item={item} />);
    expect(screen.getByText('Status')).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: KEEP_MINE }));
    await waitFor(async () => expect((await db.outbox.get(id))?.status).toBe('queued'));

    await flushOutbox(deps(() => json(200, { message: 'ok', locations: [] })));
    expect(sent.at(-1)).toEqual({ ...pause, based_on_version: 6 });
    expect(await db.outbox.get(id)).toBeUndefined();
  });

  it("shows both zip lists as Targeted zip codes, and take the server's refreshes the locations", async () => {
    const refreshed: string[] = [];
    const stop = registerRefresher(
      (path) => path.startsWith('/campaigns/41/'),
      async (_user, path) => {
        refreshed.push(path);
      },
    );
    const id = await targetCounty(USER, campaign, location, ['78701', '78702']);
    await flushOutbox(deps(() => conflict(3, { locations: ['78702'] })));
    const item = (await db.outbox.get(id)) as OutboxItem & { conflict: { version: number; current: object } };
    expect(item.conflict).toEqual({ version: 3, current: { locations: ['78702'] } });

    render(<OutboxConflict item={item} />);
    expect(screen.getByText('Targeted zip codes')).toBeTruthy();
    expect(screen.getByText('78701, 78702')).toBeTruthy();
    expect(screen.getByText('78702')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TAKE_SERVERS }));
    await waitFor(async () => expect(await db.outbox.get(id)).toBeUndefined());
    stop();
    expect(refreshed).toEqual(['/campaigns/41/locations']);
    await flushOutbox(deps(() => json(200, {})));
    expect(sent).toHaveLength(1);
  });
});
