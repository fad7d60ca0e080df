/**
 * Analytics and Services through the real app: the agency key, banners, the embeddable analytics
 * page drawing that customer's own figures (framed by this origin only, the profile hidden on
 * request, unknown keys 404) and the partner offerings.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { monthlyFigures } from '../../server/domain/analytics/analytics';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('analytics and services on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let franchise: Session;
  const key = async (s: Session) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/client/analytics', headers: s.headers })).json().data
      .agency_api_key as string;

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    franchise = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it('serves the embed of an agency key with that customer figures, framed by the portal only', async () => {
    const ownerKey = await key(owner);
    expect(ownerKey).not.toBe(await key(franchise));
    const res = await t.app.inject({ method: 'GET', url: `/embed/analytics/${ownerKey}?hide_profile=true` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    const [user] = await t.db.select().from(users).where(eq(users.id, owner.user_id));
    const months = await monthlyFigures(t.db, user.organization_id);
    expect(months.length).toBe(12);
    const leads = months.reduce((n, m) => n + m.calls + m.forms, 0);
    expect(res.body).toContain(`Leads<b>${leads.toLocaleString('en-US')}</b>`);
    expect(res.body).not.toContain('<header>');
    const withProfile = await t.app.inject({ method: 'GET', url: `/embed/analytics/${ownerKey}` });
    expect(withProfile.body).toContain('<header>');
    expect((await t.app.inject({ method: 'GET', url: '/embed/analytics/unknown-key-123' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/embed/analytics/%3Cscript%3E' })).statusCode).toBe(
      404,
    );
  });

  it('answers the analytics banner and the partner offerings', async () => {
    const banners = await t.app.inject({ method: 'GET', url: '/api/v1/banners', headers: owner.headers });
    expect(banners.json().banners[0]).toMatchObject({ call_to_action_label: 'Learn More' });
    const partners = await t.app.inject({
      method: 'GET',
      url: '/api/v1/partner_services',
      headers: owner.headers,
    });
    const services = partners.json().services as { title: string; demo_url: string }[];
    expect(services).toHaveLength(12);
    expect(services.every((s) => s.demo_url.startsWith('https://'))).toBe(true);
  });
});
