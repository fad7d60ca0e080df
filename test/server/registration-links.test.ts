/**
 * Issue 29, item 1: a registration link must not outlive the account's password. Replays the
 * finding (invite, then a password through the reset code, then the old link), and each path by
 * which a user gets a password or finishes sign-up: every link of the user is spent, and the
 * registration context refuses a link whose user has a password or has completed sign-up.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, registrationTokens, users } from '../../server/db/schema/identity';
import {
  INVITE_HAS_PASSWORD,
  inviteCustomer,
  issueRegistrationToken,
} from '../../server/domain/signup/signup-invite';
import { dbKinds, resetLinkIn, startApp, type TestApp } from './helpers';
import { linkPass } from './signup-passes';

const basic = (token: string) => ({ authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` });

describe.each(dbKinds)('registration links and passwords on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  let ip = 0;
  const post = (url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers,
      payload: payload as object,
      remoteAddress: `10.29.1.${(ip++ % 250) + 1}`,
    });
  const live = async (userId: number) =>
    t.db
      .select()
      .from(registrationTokens)
      .where(and(eq(registrationTokens.user_id, userId), isNull(registrationTokens.used_at)));
  const sessionOf = (res: { json: () => { payload: { token: string; user_id: number } } }) => ({
    'x-auth-token': res.json().payload.token,
    'x-user-id': String(res.json().payload.user_id),
  });

  it('replays the finding: after a reset-code password the old link no longer signs in', async () => {
    const invite = await post('/dev/invite', {}, { email: 'finding1@example.test' });
    const { token, user_id: userId } = invite.json();
    // A session from the link before the reset: the reset signs it out.
    const before = await post('/client/authenticate', basic(token));
    expect(before.statusCode).toBe(200);

    expect((await post('/client/password_reset', {}, { email: 'finding1@example.test' })).statusCode).toBe(
      200,
    );
    const [mail] = await t.db
      .select()
      .from(mails)
      .where(eq(mails.to, 'finding1@example.test'))
      .orderBy(desc(mails.id))
      .limit(1);
    const { code } = resetLinkIn(mail.body);
    const reset = await post(
      '/client/password',
      {},
      { code, user_id: userId, password: 'Finding-one-1!', confirmed_password: 'Finding-one-1!' },
    );
    expect(reset.statusCode).toBe(200);
    expect(await live(userId)).toHaveLength(0);

    const verify = await post('/client/registration/verify', basic(token));
    expect(verify.statusCode).toBe(422);
    const auth = await post('/client/authenticate', basic(token));
    expect(auth.statusCode).toBe(422);
    expect(auth.json().errors).toBe('Sign-up already completed');
    expect(auth.body).not.toContain('"token"');
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: sessionOf(before),
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a link whose user has a password or has completed sign-up, even if not spent', async () => {
    const { token, user_id: userId } = await inviteCustomer(t.db, { email: 'finding2@example.test' });
    // A password written by a path that does not spend links (as a future one might forget to).
    await t.db.update(users).set({ password_hash: 'x' }).where(eq(users.id, userId));
    for (const url of ['/client/authenticate', '/client/registration/verify']) {
      const res = await post(url, basic(token));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBe('Sign-up already completed');
    }
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const ownerLink = await issueRegistrationToken(t.db, owner.id);
    expect((await post('/client/authenticate', basic(ownerLink))).statusCode).toBe(422);
  });

  it('spends every link of the user when sign-up completes, and issues none once there is a password', async () => {
    const first = await inviteCustomer(t.db, { email: 'finding3@example.test', business_name: 'Two Links' });
    const second = await inviteCustomer(t.db, { email: 'finding3@example.test' });
    expect(await live(first.user_id)).toHaveLength(2);
    const auth = await post('/client/authenticate', basic(first.token));
    const done = await post(
      '/client/account/update',
      { ...sessionOf(auth), ...basic(first.token) },
      { name: 'Two Links LLC', categories: ['roofing'] },
    );
    expect(done.statusCode).toBe(200);
    expect(await live(first.user_id)).toHaveLength(0);
    expect((await post('/client/authenticate', basic(second.token))).statusCode).toBe(422);

    // Standard sign-up step 1 gives a password: no invitation for that account, by route or CLI.
    const registered = await post(
      '/client/register',
      {},
      {
        first_name: 'Pat',
        last_name: 'Lee',
        business_name: 'Lee Roofing',
        job_title: 'Owner',
        phone_number: '5125550100',
        email: 'finding3b@example.test',
        password: 'Str0ng!pass',
        confirm_password: 'Str0ng!pass',
      },
    );
    expect(registered.statusCode).toBe(200);
    const refused = await post('/dev/invite', {}, { email: 'finding3b@example.test' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: [INVITE_HAS_PASSWORD] });
    await expect(inviteCustomer(t.db, { email: 'finding3b@example.test' })).rejects.toThrow();
  });

  it("refuses the custom flow's step-2 token as a sign-in link (its user chose a password at step 1)", async () => {
    const one = await post('/client/registration_first_step', linkPass(t, 'lead', '00Q-DEMO-0003'), {
      first_name: 'Sam',
      last_name: 'Reyes',
      address: '1 Main St, Austin, TX 78701',
      phone_number: '5125550111',
      email: 'finding4@example.test',
      password: 'Sunny-side-1!',
      confirm_password: 'Sunny-side-1!',
      salesforce_id: '00Q-DEMO-0003',
    });
    expect(one.statusCode).toBe(200);
    const auth = await post('/client/authenticate', basic(one.json().registration_token));
    expect(auth.statusCode).toBe(422);
    expect(auth.json().errors).toBe('Sign-up already completed');
  });
});
