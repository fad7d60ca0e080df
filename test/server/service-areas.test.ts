/**
 * The service area task through the real app: the service-area mode of GET /locations/search
 * (selected counties first, selected_only, query, paging; the 30-mile default for a business with
 * no stored area), selecting and unselecting zip codes, naming the area (a selection must be
 * present) which completes the task, replays applied once, bad input as 422, and campaigns' modes
 * of the same search unchanged.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import { serviceAreas, serviceAreaZipcodes } from '../../server/db/schema/activity-records';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

type Loc = { name: string; selected: boolean; zipcodes: { zipcode: string; selected: boolean }[] };

describe.each(dbKinds)('service areas on %s', (kind) => {
  let t: TestApp;
  let multi: Session;
  let franchise: Session;

  const call = (s: Session, method: 'GET' | 'POST', url: string, payload?: unknown, extra = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...s.headers, ...extra },
      payload: payload as never,
    });
  const search = async (s: Session, qs = '') => {
    const res = await call(s, 'GET', `/locations/search${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      locations: Loc[];
      next: string | null;
      has_selected_county: boolean;
      existing_user: boolean;
    };
  };
  const selectedIn = async (organizationEmail: Session) => {
    const all: string[] = [];
    let next: string | null = '0';
    while (next !== null) {
      const page = await search(organizationEmail, `?selected_only=true&next=${next}`);
      for (const l of page.locations) for (const z of l.zipcodes) if (z.selected) all.push(z.zipcode);
      next = page.next;
    }
    return all.sort();
  };

  beforeAll(async () => {
    t = await startApp(kind);
    multi = await signIn(t, 'multi@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it('lists the stored area with selected counties first, and filters by selected_only and query', async () => {
    const page = await search(multi);
    expect(page.existing_user).toBe(true);
    expect(page.has_selected_county).toBe(true);
    expect(page.locations[0].selected).toBe(true);
    const firstUnselected = page.locations.findIndex((l) => !l.selected);
    if (firstUnselected >= 0)
      expect(page.locations.slice(firstUnselected).every((l) => !l.selected)).toBe(true);
    const only = await search(multi, '?selected_only=true');
    expect(only.locations.length).toBeGreaterThan(0);
    expect(only.locations.every((l) => l.selected)).toBe(true);
    const county = page.locations[0].name.split(',')[0];
    const found = await search(multi, `?query=${encodeURIComponent(county.slice(0, 4))}`);
    expect(found.locations.some((l) => l.name.startsWith(county))).toBe(true);
    const none = await search(multi, '?query=zzzzqq');
    expect(none).toMatchObject({ locations: [], next: null });
  });

  it('offers the zip codes within 30 miles of the business before an area is stored', async () => {
    const page = await search(franchise);
    expect(page.existing_user).toBe(false);
    expect(page.has_selected_county).toBe(true);
    const chosen = await selectedIn(franchise);
    expect(chosen.length).toBeGreaterThan(0);
  });

  it('selects and unselects zip codes once per Idempotency-Key, and names the area', async () => {
    const page = await search(multi);
    const zip = page.locations.flatMap((l) => l.zipcodes).find((z) => z.selected);
    if (!zip) throw new Error('no selected zip');
    const key = { 'idempotency-key': 'area-remove-0001' };
    const removed = await call(
      multi,
      'POST',
      '/activities/service_areas/locations/remove',
      { locations: [zip.zipcode] },
      key,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const replay = await call(
      multi,
      'POST',
      '/activities/service_areas/locations/remove',
      { locations: [zip.zipcode] },
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await selectedIn(multi)).not.toContain(zip.zipcode);
    const added = await call(multi, 'POST', '/activities/service_areas/locations/add', {
      locations: [zip.zipcode],
    });
    expect(added.statusCode).toBe(200);
    expect(await selectedIn(multi)).toContain(zip.zipcode);

    const [task] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.key, 'service_areas'), eq(activities.status, 'in_progress')));
    const saved = await call(multi, 'POST', '/activities/service_areas/form', {
      title: ' Austin metro ',
      activity_id: task.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: 'Updated successfully',
      service_area: { title: 'Austin metro' },
    });
    expect((await call(multi, 'GET', '/activities/service_areas')).json()).toEqual({
      service_area: { title: 'Austin metro' },
    });
    const [after] = await t.db.select().from(activities).where(eq(activities.id, task.id));
    expect(after.status).toBe('completed');
  });

  it('refuses naming an area with no zip code selected, and bad input', async () => {
    const chosen = await selectedIn(franchise);
    const cleared = await call(franchise, 'POST', '/activities/service_areas/locations/remove', {
      locations: chosen,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const refused = await call(franchise, 'POST', '/activities/service_areas/form', { title: 'Roofs' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toBe('Please select at least one ZIP code');
    const [area] = await t.db.select().from(serviceAreas).where(eq(serviceAreas.title, 'Roofs'));
    expect(area).toBeUndefined();
    expect(await selectedIn(franchise)).toEqual([]);
    const stored = await t.db
      .select()
      .from(serviceAreaZipcodes)
      .where(eq(serviceAreaZipcodes.zipcode, chosen[0]));
    expect(stored.some((r) => !r.selected)).toBe(true);
    const blank = await call(franchise, 'POST', '/activities/service_areas/form', { title: '  ' });
    expect(blank.json().errors).toEqual({ title: ['This field is required*'] });
    const unknown = await call(franchise, 'POST', '/activities/service_areas/locations/add', {
      locations: ['00000'],
    });
    expect(unknown.statusCode).toBe(422);
    const malformed = await call(franchise, 'POST', '/activities/service_areas/locations/add', {
      locations: ['12'],
    });
    expect(malformed.statusCode).toBe(422);
    await call(franchise, 'POST', '/activities/service_areas/locations/add', { locations: [chosen[0]] });
    const foreignTask = await call(franchise, 'POST', '/activities/service_areas/form', {
      title: 'x',
      activity_id: 999999,
    });
    expect(foreignTask.statusCode).toBe(404);
  });

  it('keeps the campaign creation mode: an account without a service is still refused', async () => {
    const res = await call(multi, 'GET', '/locations/search?account_ref_id=nope');
    expect(res.statusCode).toBe(422);
  });
});
