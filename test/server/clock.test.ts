/**
 * The server clock and POST /dev/clock: time moves forward only, by a valid amount, through a
 * route that exists only with dev tools on and TEST_CLOCK=on outside production; and a lead that
 * arrives after the clock moved is stamped with the moved time (and so is its review window); and
 * the rules that count time (reset codes, sign-in limits) count it on the moved clock.
 */
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { mails, users } from '../../server/db/schema/identity';
import { accounts } from '../../server/db/schema/shell';
import { arriveDemoLead } from '../../server/demo/demo-lead';
import { sendResetLink, spendResetCode } from '../../server/domain/auth/passwords';
import { claimAttempt } from '../../server/domain/auth/rate-limit';
import { LiveBus } from '../../server/domain/messaging/live-bus';
import { advanceClock, now, resetClock } from '../../server/lib/clock';
import { HttpError } from '../../server/lib/errors';
import { structValidatorCompiler } from '../../server/lib/validation';
import { devClockRoutes, testClockEnabled } from '../../server/routes/dev-clock';
import { createRng } from '../../server/seed/rng';
import { reviewWindowEnd } from '../../src/lib/review-window';
import { startApp, type TestApp } from './helpers';

const DAY_MS = 86_400_000;

afterEach(() => resetClock());

/**
 * A bare app with the plugin registered as server/app.ts does (only when testClockEnabled), the
 * same validator compiler and the same error shaping.
 */
async function clockApp(env: NodeJS.ProcessEnv) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(structValidatorCompiler);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError ? reply.code(error.statusCode).send(error.body) : reply.send(error),
  );
  if (testClockEnabled(loadConfig(env))) await app.register(devClockRoutes);
  await app.ready();
  return app;
}

describe('server clock', () => {
  it('moves forward by the given amount and back to real time on reset', () => {
    const before = Date.now();
    const moved = advanceClock(3 * DAY_MS);
    expect(moved.getTime()).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(now().getTime()).toBeGreaterThanOrEqual(moved.getTime());
    expect(() => advanceClock(-1)).toThrow(RangeError);
    expect(() => advanceClock(Number.NaN)).toThrow(RangeError);
    resetClock();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('answers POST /dev/clock with the new now, and 422 on bad input', async () => {
    const app = await clockApp({ TEST_CLOCK: 'on' });
    const before = Date.now();
    const res = await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 36_000 } });
    expect(res.statusCode, res.body).toBe(200);
    const moved = new Date(res.json().now).getTime();
    expect(moved).toBeGreaterThanOrEqual(before + 36_000);
    expect(moved).toBeLessThan(Date.now() + 36_000 + 1000);
    expect(now().getTime()).toBeGreaterThanOrEqual(moved);
    for (const payload of [{}, { advance_ms: 'soon' }, { advance_ms: -5 }, { advance_ms: 400 * DAY_MS }]) {
      const bad = await app.inject({ method: 'POST', url: '/dev/clock', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json().errors.advance_ms).toHaveLength(1);
    }
    // Refused input leaves the clock where it was.
    expect(now().getTime() - Date.now()).toBeGreaterThan(35_000);
    expect(now().getTime() - Date.now()).toBeLessThan(37_000);
    await app.close();
  });

  it.each([
    ['TEST_CLOCK unset', {}],
    ['TEST_CLOCK off', { TEST_CLOCK: 'off' }],
    ['dev tools off', { TEST_CLOCK: 'on', DEV_TOOLS: 'off' }],
    ['production, even with dev tools on', { TEST_CLOCK: 'on', NODE_ENV: 'production', DEV_TOOLS: 'on' }],
  ] as const)('has no clock route with %s', async (_case, env) => {
    const app = await clockApp(env);
    const res = await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 1000 } });
    expect(res.statusCode).toBe(404);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    await app.close();
  });

  describe('on a running app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp('pglite');
    });
    afterAll(() => t?.close());

    it('stamps a new lead with the moved time, and counts its review window from it', async () => {
      const [account] = await t.db.select().from(accounts).where(eq(accounts.platform, 'bpr')).limit(1);
      advanceClock(2 * DAY_MS);
      const expected = Date.now() + 2 * DAY_MS;
      const lead = await arriveDemoLead({ db: t.db, live: new LiveBus(t.handle) }, createRng(3), account.id, {
        lead_type: 'Call',
      });
      expect(Math.abs(lead.created_at.getTime() - expected)).toBeLessThan(5000);
      expect(reviewWindowEnd(lead.ref_id, lead.created_at).getTime()).toBe(
        lead.created_at.getTime() + 7 * DAY_MS,
      );
    });

    it('ends a reset link at its hour on the moved clock', async () => {
      const [user] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
      const sendCode = async () => {
        await sendResetLink(t.db, user.email);
        const [mail] = await t.db
          .select()
          .from(mails)
          .where(eq(mails.to, user.email))
          .orderBy(desc(mails.id))
          .limit(1);
        return new URLSearchParams(/\/login\?(\S+)/.exec(mail.body)?.[1] ?? '').get('code') ?? '';
      };
      const early = await sendCode();
      advanceClock(30 * 60_000);
      expect(await spendResetCode(t.db, user.id, early)).toBe(true);
      const late = await sendCode();
      advanceClock(61 * 60_000);
      expect(await spendResetCode(t.db, user.id, late)).toBe(false);
    });

    it('lets sign-in attempts again once the moved clock passes the window', async () => {
      const claim = () => claimAttempt(t.db, t.config, 'sign_in', 'clock@demo.test', '203.0.113.9');
      for (let i = 0; i < t.config.rateLimit.perAccountAndIp; i++) await claim();
      await expect(claim()).rejects.toMatchObject({ statusCode: 429 });
      advanceClock((t.config.rateLimit.windowMinutes + 1) * 60_000);
      await expect(claim()).resolves.toBeUndefined();
    });
  });
});
