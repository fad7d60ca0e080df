/**
 * The Activity Manager API through the real app: list (paging, search, status filter, sorting,
 * SEO mode), viewed, set_activities, the task submissions' effects, isolation and bad input.
 * Expected answers are recomputed from the database.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import {
  brandAssetSettings,
  businessDetails,
  insurances,
  licenses,
  seoContentItems,
  serviceDetails,
} from '../../server/db/schema/activity-records';
import { users } from '../../server/db/schema/identity';
import { gradeRequests } from '../../server/db/schema/signup';
import { ACTIVITIES_PAGE_SIZE, ActivitiesResponse } from '../../src/api/contracts/activities';
import { HALF_HOURS } from '../../src/widgets/task-forms/company-values';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';
import { inFuture, uploaded } from './uploads-helpers';

describe.each(dbKinds)('activities on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  let ownerOrg: number;
  const call = async (
    s: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: s.headers,
      payload: payload as never,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (s: Session, query = '') => {
    const res = await call(s, 'GET', `/activities${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(is(res.body, ActivitiesResponse)).toBe(true);
    return res.body as ActivitiesResponse;
  };
  const task = async (key: string, org = ownerOrg) =>
    (
      await t.db
        .select()
        .from(activities)
        .where(and(eq(activities.organization_id, org), eq(activities.key, key)))
    )[0];

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
    [{ organization_id: ownerOrg }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@demo.test'));
  });
  afterAll(() => t?.close());

  it('lists, pages, searches, filters and sorts the caller’s tasks only', async () => {
    const all = await t.db.select().from(activities).where(eq(activities.organization_id, ownerOrg));
    const first = await list(owner);
    expect(first.total_records).toBe(all.length);
    expect(first.data.length).toBe(Math.min(ACTIVITIES_PAGE_SIZE, all.length));
    expect(first.showing_from).toBe(1);
    expect(first.seo_mode).toBe(true);
    const last = await list(owner, `?page=${first.total_pages}`);
    expect(last.showing_to).toBe(all.length);
    const ids = new Set(all.map((a) => a.id));
    expect(first.data.every((a) => ids.has(a.id))).toBe(true);

    const searched = await list(owner, '?search=license');
    expect(searched.total_records).toBe(all.filter((a) => /license/i.test(a.name)).length);
    expect(searched.total_records).toBeGreaterThan(0);
    const none = await list(owner, '?search=zzzz-nothing');
    expect(none.total_records).toBe(0);
    expect(none.showing_from).toBe(0);

    const filtered = await list(owner, '?status=completed,planned');
    expect(filtered.total_records).toBe(
      all.filter((a) => ['completed', 'planned'].includes(a.status)).length,
    );
    const byDue = await list(owner, '?sort_by=due_date&sort_order=desc');
    const dues = byDue.data.map((a) => a.due_date as string);
    expect(dues).toEqual([...dues].sort().reverse());
    const byStatus = await list(owner, '?sort_by=status&sort_order=asc');
    const statuses = byStatus.data.map((a) => a.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('refuses bad list queries with 422', async () => {
    for (const q of ['?page=0', '?page=abc', '?status=bogus', '?sort_by=name', '?sort_order=up'])
      expect((await call(owner, 'GET', `/activities${q}`)).status, q).toBe(422);
  });

  it('marks a task viewed; another customer’s task is not found', async () => {
    const unviewed = await task('upload_logo');
    expect(unviewed.viewed).toBe(false);
    const res = await call(owner, 'PUT', `/activities/${unviewed.id}`);
    expect(res.status).toBe(200);
    expect(res.body.activity.viewed).toBe(true);
    expect((await call(franchise, 'PUT', `/activities/${unviewed.id}`)).status).toBe(404);
    expect((await call(owner, 'PUT', '/activities/99999999999')).status).toBe(404);
  });

  it('set_activities adds a renewal task for an expired certificate once', async () => {
    const renew = await task('renew_general_insurance');
    await t.db.update(activities).set({ status: 'completed' }).where(eq(activities.id, renew.id));
    const count = async () =>
      (
        await t.db
          .select()
          .from(activities)
          .where(and(eq(activities.organization_id, ownerOrg), eq(activities.key, 'renew_general_insurance')))
      ).length;
    const before = await count();
    expect((await call(owner, 'POST', '/activities/set_activities')).status).toBe(200);
    expect(await count()).toBe(before + 1);
    await call(owner, 'POST', '/activities/set_activities');
    expect(await count()).toBe(before + 1);
  });

  it('set_activities called at once from several tabs answers each and adds the task once', async () => {
    const open = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organization_id, ownerOrg), eq(activities.key, 'renew_general_insurance')));
    for (const row of open)
      await t.db.update(activities).set({ status: 'completed' }).where(eq(activities.id, row.id));
    const count = async () =>
      (
        await t.db
          .select()
          .from(activities)
          .where(
            and(
              eq(activities.organization_id, ownerOrg),
              eq(activities.key, 'renew_general_insurance'),
              eq(activities.status, 'action_required'),
            ),
          )
      ).length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(owner, 'POST', '/activities/set_activities')),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await count()).toBe(1);
  });

  it('renews a license: a new license with its file, the task completed', async () => {
    const renewTask = await task('renew_license');
    const [old] = await t.db
      .select()
      .from(licenses)
      .where(eq(licenses.id, renewTask.object_id as number));
    const file = await uploaded(t, owner);
    const body = {
      name: 'Maria Alvarez',
      number: 'TECL-99',
      expiration_date: inFuture(365),
      file: file.signed_id,
      activity_id: renewTask.id,
    };
    expect((await call(franchise, 'POST', `/activities/renew_license/${old.ref_id}`, body)).status).toBe(404);
    const past = await call(owner, 'POST', `/activities/renew_license/${old.ref_id}`, {
      ...body,
      expiration_date: '2001-01-01',
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.expiration_date).toEqual(['License expiration date cannot be in the past']);
    const res = await call(owner, 'POST', `/activities/renew_license/${old.ref_id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.license).toMatchObject({ type: old.type, number: 'TECL-99', is_expired: false });
    const [renewal] = await t.db.select().from(licenses).where(eq(licenses.renews_id, old.id));
    expect(renewal.file_id).toBe(file.id);
    expect((await task('renew_license')).status).toBe('completed');
    const got = await call(owner, 'GET', `/activities/licenses/${renewal.id}`);
    expect(got.body.license.file.id).toBe(file.id);
    expect((await call(franchise, 'GET', `/activities/licenses/${renewal.id}`)).status).toBe(404);
    expect((await call(franchise, 'DELETE', `/activities/licenses/${renewal.id}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/activities/licenses/${renewal.id}`)).status).toBe(200);
    const [gone] = await t.db
      .select()
      .from(licenses)
      .where(and(eq(licenses.id, renewal.id), isNull(licenses.deleted_at)));
    expect(gone).toBeUndefined();
  });

  it('license not required: records the answer', async () => {
    const res = await call(franchise, 'POST', '/activities/verify_license', { license_required: 0 });
    expect(res.status).toBe(200);
    expect(res.body.license_required).toBe(false);
    const missing = await call(owner, 'POST', '/activities/verify_license', { license_required: 1 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'expiration_date',
      'file',
      'name',
      'number',
      'type',
    ]);
  });

  it('renews general liability insurance with a certificate', async () => {
    const file = await uploaded(t, owner);
    const res = await call(owner, 'POST', '/activities/renew_general_insurance', {
      general_expiration_date: inFuture(300),
      general_liability_insurance_certificate: [file.signed_id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('General Liability insurance renewed successfully');
    expect(
      res.body.insurance.general_liability_insurance_certificate.map((f: { id: number }) => f.id),
    ).toContain(file.id);
    const [row] = await t.db.select().from(insurances).where(eq(insurances.organization_id, ownerOrg));
    expect(row.general_expiration_date).toBe(inFuture(300));
    const noFile = await call(owner, 'POST', '/activities/renew_workers_comp_insurance', {
      workers_comp_expiration_date: inFuture(30),
      workers_compensation_policies: [],
    });
    expect(noFile.status).toBe(422);
  });

  it('saves business and service details, the SEO content decision, brand assets', async () => {
    const business = await task('business_details');
    const saved = await call(owner, 'POST', '/activities/business_details', {
      special_offers: ' 10% off',
      guarantees: '',
      accolades: 'Best of Austin',
      activity_id: business.id,
    });
    expect(saved.status).toBe(200);
    const [bd] = await t.db
      .select()
      .from(businessDetails)
      .where(eq(businessDetails.organization_id, ownerOrg));
    expect(bd.special_offers).toBe('10% off');
    expect((await task('business_details')).status).toBe('completed');
    const long = await call(owner, 'POST', '/activities/business_details', {
      special_offers: 'x'.repeat(501),
      guarantees: '',
      accolades: '',
    });
    expect(long.body.errors.special_offers).toEqual(['You have reached the maximum characters limit.']);
    expect(
      (
        await call(owner, 'POST', '/activities/business_details', {
          special_offers: '',
          guarantees: '',
          accolades: '',
        })
      ).status,
    ).toBe(422);
    // Another customer's task id is not found, and nothing is saved.
    expect(
      (
        await call(franchise, 'POST', '/activities/business_details', {
          special_offers: 'a',
          guarantees: '',
          accolades: '',
          activity_id: business.id,
        })
      ).status,
    ).toBe(404);

    const step1 = await call(owner, 'POST', '/activities/service_details', {
      step: '1',
      job_requirement: 'Homes',
      estimate_fee: 'no',
      estimate_fee_detail: 'dropped',
    });
    expect(step1.status).toBe(200);
    const [sd] = await t.db.select().from(serviceDetails).where(eq(serviceDetails.organization_id, ownerOrg));
    expect(sd.estimate_fee_detail).toBeNull();
    const bad = await call(owner, 'POST', '/activities/service_details', {
      step: '2',
      services_offered: ' ',
    });
    expect(bad.body.errors.services_offered).toBeDefined();

    const seo = await task('seo_content');
    const decided = await call(owner, 'POST', '/activities/seo_content', {
      status: 'approved',
      activity_id: seo.id,
    });
    expect(decided.status).toBe(200);
    expect(decided.body.message).toBe('Your quarterly content plan has been successfully updated.');
    const items = await t.db
      .select()
      .from(seoContentItems)
      .where(eq(seoContentItems.organization_id, ownerOrg));
    expect(items.every((i) => i.status === 'approved' && i.decided_at)).toBe(true);
    expect((await call(owner, 'POST', '/activities/seo_content', { status: 'maybe' })).status).toBe(422);

    const stock = await call(owner, 'POST', '/activities/brand_assets', { use_stock: true });
    expect(stock.body.use_stock).toBe(true);
    const [ba] = await t.db
      .select()
      .from(brandAssetSettings)
      .where(eq(brandAssetSettings.organization_id, ownerOrg));
    expect(ba.use_stock).toBe(true);
    const empty = await call(owner, 'POST', '/activities/brand_assets', { files: [] });
    expect(empty.body.errors.files).toEqual(['No new assets to be uploaded']);
  });

  it('answers the account manager', async () => {
    const res = await call(owner, 'GET', '/account_manager');
    expect(res.status).toBe(200);
    expect(res.body.account_manager.email).toMatch(/@provider\.example$/);
  });

  it('company details: the seeded opening hours are times the form offers', async () => {
    const res = await call(owner, 'GET', '/activities/company_details');
    const hours = res.body.company_detail.operations_hours as { from: string | null; to: string | null }[];
    const times = hours.flatMap((h) => [h.from, h.to]).filter((v) => v !== null);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(HALF_HOURS).toContain(time);
  });

  it('company details: each step’s rules, merged steps, the last step completes the task', async () => {
    const [{ organization_id: franchiseOrg }] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'franchise@demo.test'));
    const wizard = await task('company_details', franchiseOrg);
    const post = (body: Record<string, unknown>) =>
      call(franchise, 'POST', '/activities/company_details', { activity_id: wizard.id, ...body });
    const year = new Date().getUTCFullYear();
    const y = await post({ step: '2', established_year: year + 1, owned: ['other'], other_owned: '' });
    expect(y.status).toBe(422);
    expect(y.body.errors.established_year).toEqual([`Year cannot exceed ${year}`]);
    expect(y.body.errors.other_owned).toEqual(['Other company size is required']);
    expect((await post({ step: '2', established_year: 1999, owned: [] })).body.errors.owned).toEqual([
      'Please select company size',
    ]);
    const hours = [{ day: 'monday', is_opened: true, is_24_hours: false, from: '09:00AM', to: null }];
    expect((await post({ step: '3', operations_hours: hours })).body.errors.operations_hours).toEqual([
      'Please select from and to hours for open days',
    ]);
    const ok3 = await post({
      step: '3',
      operations_hours: [
        { ...hours[0], to: '05:00PM' },
        { day: 'sunday', is_opened: false, is_24_hours: false, from: '09:00AM', to: '10:00AM' },
      ],
    });
    expect(ok3.status, JSON.stringify(ok3.body)).toBe(200);
    expect(ok3.body.company_detail.operations_hours[1]).toMatchObject({ from: null, to: null });
    expect((await task('company_details', franchiseOrg)).status).not.toBe('completed');
    expect((await post({ step: '4', emp_distinctions: [] })).body.errors.emp_distinctions).toEqual([
      'Please select employee distinctions',
    ]);
    expect((await post({ step: '4', emp_distinctions: ['not_applicable', 'wear_uniforms'] })).status).toBe(
      422,
    );
    const done = await post({ step: '4', emp_distinctions: ['wear_uniforms'] });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Company & Employee Details updated successfully');
    expect(done.body.company_detail.completed_step).toBe(4);
    expect(done.body.company_detail.founder).toBe('Derek Hollis');
    expect((await task('company_details', franchiseOrg)).status).toBe('completed');
    expect(
      (
        await call(owner, 'POST', '/activities/company_details', {
          step: '4',
          emp_distinctions: ['wear_uniforms'],
          activity_id: wizard.id,
        })
      ).status,
    ).toBe(404);
  });

  it('answers the upsell cards and records a website grade request', async () => {
    const cards = await call(owner, 'GET', '/upsells');
    expect(cards.status).toBe(200);
    expect(cards.body.upsells.length).toBeGreaterThan(0);
    expect((await call(owner, 'POST', '/fetch_grade', { url: '' })).body.errors.url).toEqual([
      'Please enter a valid URL',
    ]);
    const ok = await call(owner, 'POST', '/fetch_grade', { url: 'www.summitcomfort.example' });
    expect(ok.body.message).toBe(
      'Thank you for submitting. We are generating your report, check back shortly.',
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const rows = await t.db.select().from(gradeRequests).where(eq(gradeRequests.user_id, user.id));
    expect(rows.map((r) => r.url)).toContain('www.summitcomfort.example');
  });
});
