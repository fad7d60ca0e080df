/**
 * One lead's drawer and its review: the detail shapes of a call and a form lead, the review form's
 * messages, create then edit, exactly-once replays, the review window at its boundaries (7 days for
 * bpr/fsr, the following Tuesday 12pm Eastern otherwise, across daylight-saving changes), and
 * tenant isolation of leads.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../server/db/schema/identity';
import { leadDetails, leadReviews, leads } from '../../server/db/schema/leads';
import { accounts } from '../../server/db/schema/shell';
import { requestReview } from '../../server/domain/leads/leads-detail';
import { LeadDetailResponse, REVIEW_MESSAGES, ReviewResponse } from '../../src/api/contracts/leads';
import { reviewWindowEnd, windowClosedMessage } from '../../src/lib/review-window';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('lead detail and review on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let other: Session;
  let ownerOrg: number;

  const newLead = async (email: string, body: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/leads', payload: { email, ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lead as { id: number; ref_id: string };
  };
  const review = (s: Session, id: number, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/leads/${id}/review`,
      headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const detail = async (s: Session, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/v1/leads/${id}`, headers: s.headers });

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    other = await signIn(t, 'direct@demo.test');
    ownerOrg = (await t.db.select().from(users).where(eq(users.email, 'owner@demo.test')))[0].organization_id;
  });
  afterAll(() => t?.close());

  const ownerLead = (where: ReturnType<typeof and>) =>
    t.db
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .innerJoin(leadDetails, eq(leadDetails.lead_id, leads.id))
      .where(and(eq(accounts.organization_id, ownerOrg), where))
      .limit(1);

  it('answers a transcribed call lead with recording, conversations, transcript and disclaimer fields', async () => {
    const [call] = await ownerLead(and(eq(leads.lead_type, 'Call'), isNotNull(leadDetails.transcriptions)));
    const res = await detail(owner, call.id);
    expect(is(res.json(), LeadDetailResponse)).toBe(true);
    const lead = res.json().lead;
    expect(lead.type).toBe('Call');
    expect(lead.details.transcriptions.length).toBeGreaterThan(0);
    expect(lead.details.conversations.length).toBeGreaterThan(0);
    expect(lead.details.call_duration).toBeGreaterThan(0);
    expect(lead.questions).toEqual([]);
    expect(lead.details.recording_url).toMatch(/^\/api\/v1\/leads\/\d+\/recording\?expires=\d+&sig=/);
    const audio = await t.app.inject({ method: 'GET', url: lead.details.recording_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    const forged = await t.app.inject({
      method: 'GET',
      url: lead.details.recording_url.replace('sig=', 'sig=x'),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('answers a form lead with its questions and no transcript', async () => {
    const [form] = await ownerLead(eq(leads.lead_type, 'Form'));
    const lead = (await detail(owner, form.id)).json().lead;
    expect(lead.type).toBe('Form');
    expect(lead.questions.length).toBeGreaterThan(0);
    expect(lead.questions[0]).toEqual({ label: expect.any(String), answer: { label: expect.any(String) } });
    expect(lead.details.transcriptions).toEqual([]);
  });

  it("keeps every customer's leads to themselves", async () => {
    const [mine] = await ownerLead(eq(leads.lead_type, 'Call'));
    expect((await detail(other, mine.id)).statusCode).toBe(404);
    expect(
      (await review(other, mine.id, { review_type: 'spam', note: 'Not my lead at all.' })).statusCode,
    ).toBe(404);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: other.headers,
      payload: { per_page: 100 },
    });
    const ids: number[] = list.json().leads.map((l: { lead_id: number }) => l.lead_id);
    const owners = await t.db
      .select({ org: accounts.organization_id })
      .from(leads)
      .innerJoin(accounts, eq(accounts.id, leads.account_id))
      .where(eq(leads.id, ids[0]));
    expect(owners[0].org).not.toBe(ownerOrg);
    // Another customer's location ids match nothing.
    const [ownerAccount] = await t.db.select().from(accounts).where(eq(accounts.organization_id, ownerOrg));
    const scoped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: other.headers,
      payload: { location_ids: [ownerAccount.ref_id] },
    });
    expect(scoped.json().total_records).toBe(0);
    for (const id of ['0', '99999999', 'abc'])
      expect((await detail(owner, id as unknown as number)).statusCode).toBe(404);
  });

  it("answers the form's messages under their fields", async () => {
    const lead = await newLead('owner@demo.test');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { review_type: [REVIEW_MESSAGES.typeRequired], note: [REVIEW_MESSAGES.noteRequired] }],
      [{ review_type: 'spam', note: '   ' }, { note: [REVIEW_MESSAGES.noteRequired] }],
      [{ review_type: 'spam', note: 'too short' }, { note: [REVIEW_MESSAGES.noteTooShort] }],
      [
        { review_type: 'no_such_reason', note: 'A long enough note.' },
        { review_type: [REVIEW_MESSAGES.typeRequired] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await review(owner, lead.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
  });

  it('creates a review, edits it, and applies a replay exactly once', async () => {
    const lead = await newLead('owner@demo.test', { lead_type: 'Form' });
    const before = (await detail(owner, lead.id)).json().lead;
    expect(before.can_review).toBe(true);
    expect(before.notes.review).toBeNull();
    const key = `review-${lead.id}-key`;
    const first = await review(
      owner,
      lead.id,
      { review_type: 'spam', note: 'Robocall, not a customer.' },
      key,
    );
    expect(first.statusCode).toBe(200);
    expect(is(first.json(), ReviewResponse)).toBe(true);
    expect(first.json().message).toBe(REVIEW_MESSAGES.success);
    expect(first.json().lead.notes.review).toMatchObject({
      review_type: 'spam',
      text: 'Robocall, not a customer.',
      status: 'pending',
    });
    const replay = await review(
      owner,
      lead.id,
      { review_type: 'spam', note: 'Robocall, not a customer.' },
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().lead.notes.review.text).toBe('Robocall, not a customer.');
    const edited = await review(owner, lead.id, {
      review_type: 'duplicate',
      note: 'Same caller as this morning.',
    });
    expect(edited.json().lead.notes.review).toMatchObject({
      review_type: 'duplicate',
      review_type_label: 'Duplicate lead',
    });
    expect(edited.json().lead.details.dispute_status).toBe('pending');
    const rows = await t.db.select().from(leadReviews).where(eq(leadReviews.lead_id, lead.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a review after the window closed, with the closing time, and stores nothing', async () => {
    const lead = await newLead('directories@demo.test', { platform: 'bpr', age_seconds: 7 * 86_400 + 5 });
    expect(lead.ref_id).toMatch(/^bpr-/);
    const directories = await signIn(t, 'directories@demo.test');
    expect((await detail(directories, lead.id)).json().lead.can_review).toBe(false);
    const res = await review(
      directories,
      lead.id,
      { review_type: 'spam', note: 'Robocall, not a customer.' },
      'late-key-1',
    );
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    // Named in the business's own zone (the seed's are Central or Mountain), never Eastern.
    const [org] = await t.db
      .select({ zone: organizations.time_zone })
      .from(organizations)
      .innerJoin(users, eq(users.organization_id, organizations.id))
      .where(eq(users.email, 'directories@demo.test'));
    expect(org.zone).not.toBe('America/New_York');
    expect(res.json().errors).toBe(
      windowClosedMessage(reviewWindowEnd(row.ref_id, row.created_at), org.zone),
    );
    expect(res.json().errors).toMatch(/closed on \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M [CM][SD]T\./);
    expect(await t.db.select().from(leadReviews).where(eq(leadReviews.lead_id, lead.id))).toEqual([]);
  });

  it('refuses to edit a decided review', async () => {
    const lead = await newLead('owner@demo.test');
    await review(owner, lead.id, { review_type: 'spam', note: 'Robocall, not a customer.' });
    await t.db.update(leadReviews).set({ status: 'denied' }).where(eq(leadReviews.lead_id, lead.id));
    expect((await detail(owner, lead.id)).json().lead.can_review).toBe(false);
    const res = await review(owner, lead.id, { review_type: 'spam', note: 'Please look again at it.' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatch(/already denied/);
  });

  describe('the window at its boundaries', () => {
    const at = async (refPrefix: 'LD' | 'bpr' | 'fsr', created: string) => {
      const lead = await newLead('owner@demo.test');
      const ref = `${refPrefix}-${9_000_000 + lead.id}`;
      await t.db
        .update(leads)
        .set({ ref_id: ref, created_at: new Date(created) })
        .where(eq(leads.id, lead.id));
      return lead.id;
    };
    const attempt = (id: number, now: Date) =>
      t.db.transaction((tx) =>
        requestReview(
          tx as never,
          ownerOrg,
          owner.user_id,
          id,
          { review_type: 'spam', note: 'Robocall, not a customer.' },
          now,
        ),
      );

    it.each([
      // [prefix, created, last open instant (exclusive end)]
      ['bpr', '2026-11-10T15:00:00Z', '2026-11-17T15:00:00Z'],
      ['fsr', '2026-03-05T15:00:00Z', '2026-03-12T15:00:00Z'],
      // Eastern standard time: Tuesday noon is 17:00 UTC.
      ['LD', '2026-11-16T10:00:00Z', '2026-11-17T17:00:00Z'],
      // Created on a Tuesday (before noon): the next week's Tuesday.
      ['LD', '2026-11-17T14:00:00Z', '2026-11-24T17:00:00Z'],
      // Monday 11:30pm Eastern is still Monday there (Tuesday in UTC): closes at noon the next day.
      ['LD', '2026-11-17T04:30:00Z', '2026-11-17T17:00:00Z'],
      // Spring forward (Sunday March 8, 2026) inside the week: noon EDT is 16:00 UTC.
      ['LD', '2026-03-07T18:00:00Z', '2026-03-10T16:00:00Z'],
      // Fall back (Sunday November 1, 2026) inside the week: noon EST is 17:00 UTC.
      ['LD', '2026-10-31T18:00:00Z', '2026-11-03T17:00:00Z'],
    ] as const)('%s lead created %s closes at %s', async (prefix, created, end) => {
      const id = await at(prefix, created);
      const closes = new Date(end);
      await expect(attempt(id, new Date(closes.getTime() - 1))).resolves.toMatchObject({ id });
      await t.db.delete(leadReviews).where(eq(leadReviews.lead_id, id));
      await expect(attempt(id, closes)).rejects.toMatchObject({
        statusCode: 422,
        body: { errors: windowClosedMessage(closes, 'America/Chicago') },
      });
    });
  });
});
