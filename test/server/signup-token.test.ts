/**
 * Registration tokens (spec part 1 §2, §4, §8): an invitation creates the customer and a link;
 * the link signs in, verifies, is used up when step 2 completes (with the welcome set-password
 * mail for an invited user), expires, and says 'Sign-up already completed' for a finished user.
 */
import { eq } from 'drizzle-orm';
import { assert as assertStruct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, registrationTokens, users } from '../../server/db/schema/identity';
import { inviteCustomer, issueRegistrationToken } from '../../server/domain/signup/signup-invite';
import { sha256 } from '../../server/lib/crypto';
import { AuthenticateResponse } from '../../src/api/contracts/session';
import { InviteResponse, VerifyResponse } from '../../src/api/contracts/signup';
import { dbKinds, startApp, type TestApp } from './helpers';

const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

describe.each(dbKinds)('registration tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });

  it('invites a new customer, resumes by link and uses the link up at step 2', async () => {
    const invite = await post(
      '/dev/invite',
      {},
      { email: 'Invited@Example.test', business_name: 'Pine Tree Care' },
    );
    expect(invite.statusCode).toBe(200);
    assertStruct(invite.json(), InviteResponse);
    const { token, link, created } = invite.json();
    expect(created).toBe(true);
    expect(link).toBe(`/login?token=${encodeURIComponent(token)}`);
    const [row] = await t.db
      .select()
      .from(registrationTokens)
      .where(eq(registrationTokens.token_hash, sha256(token)));
    expect(row).toBeDefined();

    const auth = await post('/client/authenticate', { authorization: basic(token) });
    expect(auth.statusCode).toBe(200);
    assertStruct(auth.json(), AuthenticateResponse);
    const session = {
      'x-auth-token': auth.json().payload.token,
      'x-user-id': String(auth.json().payload.user_id),
    };

    const verify = await post('/client/registration/verify', { authorization: basic(token) });
    expect(verify.statusCode).toBe(200);
    assertStruct(verify.json(), VerifyResponse);
    expect(verify.json()).toMatchObject({ org: { name: 'Pine Tree Care' }, is_user_new_account: true });
    expect((await post('/client/registration/verify')).statusCode).toBe(422);

    const step2 = await post(
      '/client/account/update',
      { ...session, authorization: basic(token) },
      { name: 'Pine Tree Care LLC', categories: ['tree_service'] },
    );
    expect(step2.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'invited@example.test'));
    expect(user.signup_completed).toBe(true);
    const [welcome] = await t.db.select().from(mails).where(eq(mails.to, 'invited@example.test'));
    expect(welcome.body).toMatch(
      /\/login\?code=[\w-]{43}&email=invited%40example.test&user_id=\d+&first_name=Invited&welcome=1/,
    );

    const used = await post('/client/registration/verify', { authorization: basic(token) });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors).toBe('Sign-up already completed');
    expect((await post('/client/authenticate', { authorization: basic(token) })).statusCode).toBe(422);
  });

  it('refuses an expired link', async () => {
    const { token } = await inviteCustomer(t.db, { email: 'late@example.test' });
    await t.db
      .update(registrationTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(registrationTokens.token_hash, sha256(token)));
    const auth = await post('/client/authenticate', { authorization: basic(token) });
    expect(auth.statusCode).toBe(422);
    expect(auth.json().errors).toBe('This registration link is invalid or has expired');
    expect((await post('/client/registration/verify', { authorization: basic(token) })).statusCode).toBe(422);
  });

  it("says 'Sign-up already completed' for a link to a finished sign-up", async () => {
    // A link minted before sign-up was finished (no new link is issued for a finished account).
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const token = await issueRegistrationToken(t.db, owner.id);
    const verify = await post('/client/registration/verify', { authorization: basic(token) });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors).toBe('Sign-up already completed');
  });
});
