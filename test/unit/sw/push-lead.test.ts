/**
 * The worker's lookup of a pushed lead's phone number (for "Call back"): the lead stored on the
 * device first, else the API with the session's headers, whose answer is then stored (so the lead
 * opens offline from the notification); nothing at all (a failure, a malformed answer) is null.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadDetail } from '../../../src/api/contracts/leads';
import { db } from '../../../src/db/db';
import type { Session } from '../../../src/db/session';
import { readResponse, requestKey, storeResponse } from '../../../src/sync/response-cache';
import { leadPhone } from '../../../sw/push-lead';

const session = { token: 'tok', user_id: 7, impersonate_id: null } as Session;
const lead = (phone: string | null): LeadDetail => ({
  id: 12,
  ref_id: 'LD-12',
  name: 'Rebecca Richardson',
  type: 'Call',
  created_at: '2026-11-20T15:00:00.000Z',
  phone_number: phone,
  email: null,
  address: null,
  can_review: true,
  review_window_ends_at: '2026-11-24T17:00:00.000Z',
  review_version: 0,
  summary: null,
  details: {
    lead_details: [],
    recording_url: null,
    call_duration: null,
    dispute_status: null,
    conversations: [],
    transcriptions: [],
  },
  questions: [],
  demographic: null,
  notes: { review: null, response: null },
});
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await db.responses.clear();
  vi.restoreAllMocks();
});

describe("a pushed lead's phone number", () => {
  it('asks the API with the session and stores the answer for offline use', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ lead: lead('5125550100') }));
    expect(await leadPhone(session, 12)).toBe('5125550100');
    const [url, init] = fetch.mock.calls[0];
    expect(new URL(String(url)).pathname).toBe('/api/v1/leads/12');
    expect(new Headers(init?.headers).get('X-Auth-Token')).toBe('tok');
    expect(new Headers(init?.headers).get('X-User-Id')).toBe('7');
    const stored = await readResponse(requestKey(7, 'GET', '/api/v1/leads/12'));
    expect((stored?.data as { lead?: LeadDetail } | undefined)?.lead?.name).toBe('Rebecca Richardson');
  });

  it('reads the lead stored on the device without a call', async () => {
    await storeResponse({
      userId: 7,
      method: 'GET',
      url: '/api/v1/leads/12',
      data: { lead: lead('5125550111') },
    });
    const fetch = vi.spyOn(globalThis, 'fetch');
    expect(await leadPhone(session, 12)).toBe('5125550111');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is null offline, on an error, for a malformed answer and without a session', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await leadPhone(session, 12)).toBeNull();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer({ errors: 'Not found' }, 404));
    expect(await leadPhone(session, 12)).toBeNull();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer({ lead: { name: 'x' } }));
    expect(await leadPhone(session, 12)).toBeNull();
    expect(await leadPhone({ ...session, user_id: null }, 12)).toBeNull();
    expect(await readResponse(requestKey(7, 'GET', '/api/v1/leads/12'))).toBeNull();
  });
});
