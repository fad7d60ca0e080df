/**
 * Security headers (plugins/security-headers.ts): every answer (an API read, its errors, a static
 * file, a client route) carries exactly the headers @fastify/helmet sets with the app's options,
 * worked out once at start instead of per request; a route that sets one itself still wins, and
 * API answers are no-store unless the route says otherwise. No inline script is allowed: script-src
 * is 'self' alone (an inline script in index.html would not run).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import { isNotNull } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../server/app';
import { leadDetails } from '../../server/db/schema/leads';
import { signedRecordingUrl } from '../../server/domain/leads/leads-recording';
import { type Session, signIn, startApp, type TestApp } from './helpers';

/** What @fastify/helmet itself, registered the usual way, adds to an answer. */
async function helmetReference() {
  const plain = Fastify({ logger: false });
  plain.get('/', async () => 'ok');
  const withHelmet = Fastify({ logger: false });
  await withHelmet.register(helmet, HELMET_OPTIONS);
  withHelmet.get('/', async () => 'ok');
  const [bare, secured] = [(await plain.inject('/')).headers, (await withHelmet.inject('/')).headers];
  await Promise.all([plain.close(), withHelmet.close()]);
  return Object.fromEntries(Object.entries(secured).filter(([name]) => !(name in bare)));
}

describe('security headers', () => {
  let t: TestApp;
  let session: Session;
  let reference: Record<string, unknown>;
  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));

  beforeAll(async () => {
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><head><script type="module" src="/assets/app.js"></script></head><div id="root"></div>',
    );
    writeFileSync(join(distDir, 'assets', 'app.js'), 'console.log(1);');
    t = await startApp('pglite', { distDir });
    session = await signIn(t, 'franchise@demo.test');
    reference = await helmetReference();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("are helmet's own, with the portal's CSP", () => {
    expect(reference['content-security-policy']).toContain("default-src 'self'");
    expect(reference['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reference['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(reference).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    expect(reference).not.toHaveProperty('cross-origin-embedder-policy');
    const directives = String(reference['content-security-policy']).split(';');
    expect(directives.find((directive) => directive.startsWith('script-src '))).toBe("script-src 'self'");
  });

  it('are on every answer: an API read, a 401, a 404, a static file and a client route', async () => {
    const answers = [
      await t.app.inject({ url: '/api/v1/user/settings', headers: session.headers }),
      await t.app.inject({ url: '/api/v1/user/settings' }),
      await t.app.inject({ url: '/api/v1/nothing-here' }),
      await t.app.inject({ url: '/assets/app.js' }),
      await t.app.inject({ url: '/dashboard/leads' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 200, 200]);
    for (const answer of answers) expect(answer.headers).toMatchObject(reference);
  });

  it('give way to a route that sets its own, and API answers are no-store unless the route says otherwise', async () => {
    const read = await t.app.inject({ url: '/api/v1/user/settings', headers: session.headers });
    expect(read.headers['cache-control']).toBe('no-store');
    // The embeddable analytics page may be framed by the portal: its route sets its own CSP.
    const keys = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client/analytics',
      headers: session.headers,
    });
    const key = (keys.json() as { data: { agency_api_key: string } }).data.agency_api_key;
    const embed = await t.app.inject({ url: `/embed/analytics/${key}` });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(embed.headers['content-security-policy']).not.toBe(reference['content-security-policy']);
    // A call recording's signed link may be cached by the browser for an hour.
    const [call] = await t.db
      .select({ id: leadDetails.lead_id })
      .from(leadDetails)
      .where(isNotNull(leadDetails.recording_url))
      .limit(1);
    const url = signedRecordingUrl(t.app.becomeSecret, call.id);
    const recording = await t.app.inject({ url });
    expect(recording.statusCode).toBe(200);
    expect(recording.headers['cache-control']).toBe('private, max-age=3600');
    expect(recording.headers).toMatchObject(reference);
  });
});
