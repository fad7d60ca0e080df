/**
 * The server's "today" is the customer's: at 23:30 Eastern (already tomorrow in UTC) a licence or
 * insurance expiring today is accepted and not expired, yesterday is refused, and bringing the task
 * list up to date adds no renewal for it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import { organizations, users } from '../../server/db/schema/identity';
import { advanceClock, now, resetClock } from '../../server/lib/clock';
import { addDays, todayIn } from '../../src/lib/date-range';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { uploaded } from './uploads-helpers';

const ZONE = 'America/New_York';

/** The first instant after `from` whose wall clock in New York reads 23:30. */
function nextEasternHalfPastEleven(from: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  let at = Math.ceil(from / 60_000) * 60_000 + 60_000;
  while (format.format(new Date(at)) !== '23:30') at += 60_000;
  return at;
}

describe.each(dbKinds)("the customer's today on %s", (kind) => {
  let t: TestApp;
  let owner: Session;
  let today: string;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: owner.headers,
      payload: payload as never,
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    t = await startApp(kind);
    const [{ organization_id }] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    await t.db.update(organizations).set({ time_zone: ZONE }).where(eq(organizations.id, organization_id));
    advanceClock(nextEasternHalfPastEleven(now().getTime()) - now().getTime());
    today = todayIn(ZONE, now());
    // The premise: UTC is already on the next day.
    expect(now().toISOString().slice(0, 10)).toBe(addDays(today, 1));
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(async () => {
    resetClock();
    await t?.close();
  });

  it('accepts a licence expiring today and refuses yesterday', async () => {
    const body = {
      license_required: 1,
      name: 'Maria Alvarez',
      type: 'State contractor',
      number: 'TX-2330',
      file: (await uploaded(t, owner)).signed_id,
    };
    const past = await call('POST', '/activities/verify_license', {
      ...body,
      expiration_date: addDays(today, -1),
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.expiration_date).toEqual(['License expiration date cannot be in the past']);
    const res = await call('POST', '/activities/verify_license', { ...body, expiration_date: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const added = res.body.licenses.find((l: { number: string }) => l.number === 'TX-2330');
    expect(added).toMatchObject({ expiration_date: today, is_expired: false });
    // Bringing the task list up to date adds no renewal for a licence that expires today.
    expect((await call('POST', '/activities/set_activities')).status).toBe(200);
    const renewals = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.key, 'renew_license'), eq(activities.object_id, added.id)));
    expect(renewals).toEqual([]);
  });

  it('accepts general liability insurance expiring today', async () => {
    const certificate = (await uploaded(t, owner)).signed_id;
    const res = await call('POST', '/activities/verify_insurance', {
      general_expiration_date: today,
      general_liability_insurance_certificate: [certificate],
      workers_compensation: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const past = await call('POST', '/activities/verify_insurance', {
      general_expiration_date: addDays(today, -1),
      general_liability_insurance_certificate: [certificate],
      workers_compensation: false,
    });
    expect(past.status).toBe(422);
  });
});
