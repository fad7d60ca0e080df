/**
 * A call schedule saved on top of one still waiting (issue 48 item 5), on real Dexie
 * (fake-indexeddb): a queued change takes the newest hours (one write, the first's version, a new
 * key); one already on the wire is followed by a second write based on the version it makes; a
 * refused one is left alone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleBody, ScheduleResponse } from '../../../../src/api/contracts/campaigns';
import { db } from '../../../../src/db/db';
import { schedulePath } from '../../../../src/features/campaigns/campaigns-api';
import { queueSchedule } from '../../../../src/features/campaigns/schedule-save';
import { listOutbox } from '../../../../src/sync/outbox';
import { apiUrl, storeResponse } from '../../../../src/sync/response-cache';

const USER = 7;
const CAMPAIGN = { id: 12, name: 'HVAC - Austin, TX', platform: 'fb', product: 'ppc' };

const week = (mondayFrom: string, tuesdayFrom: string): ScheduleBody => ({
  enable_call_schedule: true,
  schedule: [
    { weekday: 1, day: 'monday', is_opened: true, is_24_hours: false, from: mondayFrom, to: '18:00' },
    { weekday: 2, day: 'tuesday', is_opened: true, is_24_hours: false, from: tuesdayFrom, to: '18:00' },
  ],
});
const bodies = async () =>
  (await listOutbox(USER)).map((item) => (item.body.kind === 'json' ? item.body.json : null));

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  // The schedule as this device read it: version 4.
  await storeResponse({
    userId: USER,
    method: 'GET',
    url: apiUrl(schedulePath(CAMPAIGN.id)),
    data: { ...week('08:00', '08:00'), version: 4 } as unknown as ScheduleResponse,
  });
});

describe('queueSchedule', () => {
  it('puts a second change into the queued one: one write, the newest hours, a new key', async () => {
    const first = await queueSchedule(USER, CAMPAIGN, week('10:30', '08:00'));
    const [queued] = await listOutbox(USER);
    const second = await queueSchedule(USER, CAMPAIGN, week('10:30', '11:00'));
    expect(second).toBe(first);
    expect(await bodies()).toEqual([{ ...week('10:30', '11:00'), based_on_version: 4 }]);
    const [now] = await listOutbox(USER);
    expect(now?.idempotency_key).not.toBe(queued?.idempotency_key);
    expect(now?.status).toBe('queued');
  });

  it('queues the second behind one on the wire, based on the version that one makes', async () => {
    const first = await queueSchedule(USER, CAMPAIGN, week('10:30', '08:00'));
    await db.outbox.update(first, { status: 'sending' });
    const second = await queueSchedule(USER, CAMPAIGN, week('10:30', '11:00'));
    expect(second).toBeGreaterThan(first);
    expect(await bodies()).toEqual([
      { ...week('10:30', '08:00'), based_on_version: 4 },
      { ...week('10:30', '11:00'), based_on_version: 5 },
    ]);
    expect((await listOutbox(USER)).map((item) => item.status)).toEqual(['sending', 'queued']);
  });

  it('leaves a refused change alone: the new one is a write of its own', async () => {
    const first = await queueSchedule(USER, CAMPAIGN, week('10:30', '08:00'));
    await db.outbox.update(first, { status: 'failed', error: 'This account is locked.' });
    await queueSchedule(USER, CAMPAIGN, week('10:30', '11:00'));
    expect((await listOutbox(USER)).map((item) => item.status)).toEqual(['failed', 'queued']);
  });
});
