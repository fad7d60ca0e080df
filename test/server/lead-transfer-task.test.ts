/**
 * The overview's lead_transfer_details task saves through the linked accounts' settings call
 * (POST /client/accounts/{ref_id}/settings) with its activity_id: the settings change and the task
 * completes; a task of another kind or another customer is a 404 and nothing is saved.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../server/db/schema/activities';
import { accounts } from '../../server/db/schema/shell';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe.each(dbKinds)('lead_transfer_details task on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let multi: Session;

  const post = (s: Session, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: s.headers, payload: payload as never });
  const taskOf = async (s: Session, key: string) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/activities', headers: s.headers });
    const pages = list.json().total_pages as number;
    for (let page = 1; page <= pages; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/activities?page=${page}`,
        headers: s.headers,
      });
      const all = res.json().data as { id: number; key: string; ref_id: string | null; status: string }[];
      const found = all.find((a) => a.key === key);
      if (found) return found;
    }
    throw new Error(`no ${key} task`);
  };

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    multi = await signIn(t, 'multi@demo.test');
  });
  afterAll(() => t?.close());

  it('saves the settings of the task account and completes the task', async () => {
    const task = await taskOf(multi, 'lead_transfer_details');
    expect(task.status).toBe('action_required');
    expect(task.ref_id).toBeTruthy();
    const res = await post(multi, `/client/accounts/${task.ref_id}/settings`, {
      destination_phone: '5125550181',
      destination_phone_3: '5125550183',
      email_notification: 'leads@reyes.example',
      activity_id: task.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Settings saved successfully');
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.ref_id, task.ref_id as string));
    expect(row.settings).toMatchObject({
      destination_phone: '5125550181',
      destination_phone_3: '5125550183',
    });
    const [after] = await t.db.select().from(activities).where(eq(activities.id, task.id));
    expect(after).toMatchObject({ status: 'completed', klass: 'success' });
  });

  it('refuses a task of another kind or customer with a 404 and saves nothing', async () => {
    const task = await taskOf(owner, 'lead_transfer_details');
    const other = await taskOf(owner, 'business_details');
    const wrongKind = await post(owner, `/client/accounts/${task.ref_id}/settings`, {
      destination_phone: '5125550191',
      activity_id: other.id,
    });
    expect(wrongKind.statusCode).toBe(404);
    const foreign = await taskOf(multi, 'renew_license');
    const wrongOwner = await post(owner, `/client/accounts/${task.ref_id}/settings`, {
      destination_phone: '5125550191',
      activity_id: foreign.id,
    });
    expect(wrongOwner.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.ref_id, task.ref_id as string));
    expect(row.settings?.destination_phone).not.toBe('5125550191');
    const bad = await post(owner, `/client/accounts/${task.ref_id}/settings`, {
      destination_phone: '',
      activity_id: task.id,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.destination_phone).toEqual(['This field is required*']);
  });
});
