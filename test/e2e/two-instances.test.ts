/**
 * Two server instances on one PostgreSQL database behind a round-robin proxy (proxy.ts), driven by
 * a real Chromium, as README "When one machine is not enough" describes: a session made on one
 * instance reads on the other; a live message raised through one reaches a page connected to the
 * other (LISTEN/NOTIFY); an offline write whose first delivery was applied by one instance but
 * lost on the way back is retried on the other and applied once; background jobs (payment
 * settlement, a large export) run once though both instances' workers poll; VAPID keys and the
 * signing secret agree (a download link signed by one is honoured by the other); and, on two more
 * instances with STORAGE=s3 on one bucket (s3rver, in-process), a logo uploaded through the page:
 * presigned by one instance, PUT by the browser straight to the bucket, accepted by the other.
 *
 * The instances share what the README says must match: BECOME_SECRET and the file storage (one
 * DATA_DIR, as a shared volume would be). PostgreSQL only: without DATABASE_URL the file skips.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../server/db/client';
import { idempotencyKeys } from '../../server/db/schema/identity';
import { leadReviews } from '../../server/db/schema/leads';
import { SETTLE_JOB } from '../../server/domain/billing/billing-payments';
import { createPgDatabase, launchBrowser, newPage, startServer, type TestServer } from './harness';
import { hasStoredSession, outboxRows } from './page-db';
import { passThrough, startProxy, type TestProxy } from './proxy';
import { startBucket } from './s3-bucket';
import { screenshotDir, signedInAs } from './screens';
import { apiUser, DEMO_PASSWORD, emit, newLead } from './server-api';

const postgres = process.env.DATABASE_URL;
if (!postgres)
  console.warn('two-instances.test.ts skipped: two instances need PostgreSQL; set DATABASE_URL (CI does).');

const A = 0;
const B = 1;
const OWNER = 'owner@demo.test';
const REVIEWED = 'Lead review has been requested successfully.';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 5),
]);

type Row = Record<string, unknown>;

describe.skipIf(!postgres)('two instances on one PostgreSQL database, behind a round-robin proxy', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let instances: TestServer[] = [];
  let proxy: TestProxy;
  let browser: Browser;
  let handle: DbHandle;
  const sharedDir = join(
    resolve(import.meta.dirname, '../..'),
    '.test-data',
    `instances-${randomUUID().slice(0, 8)}`,
  );
  const contexts: BrowserContext[] = [];
  /** What a test started beyond the shared pair (the S3 instances, their proxy, the bucket), stopped last first. */
  const cleanups: (() => Promise<void>)[] = [];
  const sharedSecret = randomBytes(32).toString('hex');
  const checked: string[] = [];
  // The owner's page, signed in through the proxy; its live stream stays on instance B.
  let page: Page;

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
  /** The API as a demo user, through the proxy (round-robin, like the page). */
  const viaProxy = (email: string) => apiUser({ ...instances[A], url: proxy.url }, email);
  const answered = (path: string, upstream: number) =>
    proxy.log.filter((event) => event.path.split('?')[0] === path && event.upstream === upstream);

  beforeAll(async () => {
    database = await createPgDatabase();
    mkdirSync(sharedDir, { recursive: true });
    const env = {
      BECOME_SECRET: sharedSecret,
      RATE_PER_IP: '500',
      RATE_PER_ACCOUNT_IP: '50',
    };
    const options = { databaseUrl: database.url, dataDir: sharedDir };
    [instances, browser] = await Promise.all([
      Promise.all([startServer(env, options), startServer(env, options)]),
      launchBrowser(),
    ]);
    proxy = await startProxy(instances.map((instance) => instance.url));
    handle = await openDb({ databaseUrl: database.url, migrate: false });
  }, 300_000);

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !page || page.isClosed()) return;
    const dir = join(screenshotDir, '..', 'failures');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `two-instances-${task.name.replace(/[^\w-]+/g, '_')}.png`) });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await handle?.close();
    await database?.drop();
    rmSync(sharedDir, { recursive: true, force: true });
    if (checked.length > 0) {
      const { requests, forwarded, dropped } = proxy.counters;
      console.log(
        `two instances checked: ${checked.join('; ')} ` +
          `(proxy: ${requests} requests, ${forwarded[A]} to A, ${forwarded[B]} to B, ${dropped} dropped)`,
      );
    }
  });

  it('signs in on instance A and reads on instance B; both serve the same VAPID key', async () => {
    // Sign-in to A, every other API call (the live stream included) to B; assets take turns.
    proxy.setFaults((request) => {
      if (!request.path.startsWith('/api/v1/')) return { kind: 'pass' };
      return { kind: 'pass', upstream: request.path === '/api/v1/client/create_session' ? A : B };
    });
    const opened = await newPage(browser);
    contexts.push(opened.context);
    page = opened.page;
    const login = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/client/create_session'),
    );
    await page.goto(`${proxy.url}/login`);
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const { show_ad } = (await (await login).json()) as { show_ad?: boolean };
    await page.waitForURL('**/dashboard/**');
    await expect.poll(() => hasStoredSession(page), { timeout: 10_000 }).toBe(true);
    await signedInAs(page, 'Maria Alvarez');
    if (show_ad) await page.getByRole('button', { name: 'Not now' }).click();
    await page.locator('.data-table__row').first().waitFor();

    expect(answered('/api/v1/client/create_session', A).map((event) => event.status)).toEqual([200]);
    const api = proxy.log.filter((event) => event.path.startsWith('/api/v1/'));
    const readsOnB = api.filter(
      (event) =>
        event.method === 'GET' &&
        event.upstream === B &&
        event.status === 200 &&
        !event.path.startsWith('/api/v1/live'),
    );
    expect(readsOnB.length).toBeGreaterThan(0);
    expect(api.filter((event) => event.status === 401)).toEqual([]);

    const owner = await apiUser(instances[A], OWNER);
    const keys = await Promise.all(
      instances.map(async (instance) => {
        const res = await fetch(`${instance.url}/api/v1/push/key`, { headers: owner.headers });
        return ((await res.json()) as { public_key: string }).public_key;
      }),
    );
    expect(keys[0]).toMatch(/^[\w-]{80,}$/);
    expect(keys[1]).toBe(keys[0]);
    checked.push(`sign-in on A, ${readsOnB.length} reads on B, one VAPID key`);
  });

  it('delivers a live message raised through A to the page whose stream is on B', async () => {
    await expect
      .poll(() => answered('/api/v1/live', B).some((event) => event.status === 200), { timeout: 20_000 })
      .toBe(true);
    expect(answered('/api/v1/live', A)).toEqual([]);
    const message = `Raised on instance A ${Date.now()}`;
    await emit(instances[A], OWNER, { notification: { message, action: 'no_action' } });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(() => page.getByText(message).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Escape');
    checked.push('live message raised on A shown by the page on B');
  });

  it('applies once an offline write whose first delivery hit A and lost its answer, retried on B', async () => {
    const lead = await newLead(instances[A], OWNER, { lead_type: 'Form' });
    const reviewPath = `/api/v1/leads/${lead.id}/review`;
    let key: string | undefined;
    // Round-robin again, except the review: its first delivery is applied by A and its answer
    // dropped; every later one (the browser's or the outbox's retry) goes to B.
    proxy.setFaults((request) => {
      if (request.method !== 'POST' || request.path !== reviewPath) return passThrough(request);
      key ??= String(request.headers['idempotency-key']);
      return answered(reviewPath, A).length === 0
        ? { kind: 'drop', upstream: A }
        : { kind: 'pass', upstream: B };
    });
    const replays: string[] = [];
    page.context().on('response', (response) => {
      if (new URL(response.url()).pathname === reviewPath)
        replays.push(response.headers()['idempotent-replayed'] ?? 'false');
    });
    await page.goto(`${proxy.url}/dashboard/leads?id=${lead.id}`);
    await page.locator('h1.leads-page__title').waitFor();
    await page.getByRole('button', { name: 'Request Review' }).waitFor();

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Request Review' }).click();
    const form = page.getByRole('dialog', { name: 'Request Review' });
    await form.getByLabel(/Reason for review/).selectOption('spam');
    await form.getByLabel(/Description of the issue/).fill('Sent offline, retried on the other instance.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Pending sync').first().waitFor();
    // Settled offline: the request rests in the outbox, queued, with nothing on the way.
    await expect
      .poll(async () => (await outboxRows(page)).map((item) => [item.url, item.status]))
      .toEqual([[`/leads/${lead.id}/review`, 'queued']]);
    await page.context().setOffline(false);

    await page.getByText(REVIEWED).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await outboxRows(page)).length, { timeout: 10_000 }).toBe(0);
    const deliveries = proxy.log.filter((event) => event.path === reviewPath);
    expect(deliveries.map((event) => [event.fault, event.upstream, event.status])).toEqual([
      ['drop', A, 200],
      ...deliveries.slice(1).map(() => ['pass', B, 200]),
    ]);
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    // What reached the page came from B, which answered with A's stored result.
    expect(replays.length).toBeGreaterThan(0);
    expect(replays.every((replayed) => replayed === 'true')).toBe(true);

    const reviews = await handle.db.select().from(leadReviews).where(eq(leadReviews.lead_id, lead.id));
    expect(reviews).toHaveLength(1);
    // Applied once: a second application would have updated the row.
    expect(reviews[0].updated_at.getTime()).toBe(reviews[0].created_at.getTime());
    const keyRows = await handle.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.key, key as string), eq(idempotencyKeys.scope, `user:${reviews[0].user_id}`)),
      );
    expect(keyRows).toHaveLength(1);
    checked.push(
      `offline review: applied on A, answer dropped, ${deliveries.length - 1} retry(ies) on B replayed, 1 row`,
    );
  });

  it('settles a payment in one job run, whichever worker claims it', async () => {
    proxy.setFaults(passThrough);
    const payer = await viaProxy('directories@demo.test');
    const billed = await fetch(`${instances[B].url}/api/v1/dev/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'directories@demo.test' }),
    });
    const { invoice } = (await billed.json()) as {
      invoice: { id: number; outstanding_amount_cents: number };
    };
    const methods = (await (await payer.call('GET', `/payment_methods?invoice_id=${invoice.id}`)).json()) as {
      records: { ref_id: string; type: string; last_four: string | null; is_expired: boolean }[];
    };
    const card = methods.records.find(
      (m) => m.type === 'credit_card' && m.last_four === '1111' && !m.is_expired,
    );
    expect(card).toBeDefined();
    const paid = await fetch(`${proxy.url}/api/v1/invoices/${invoice.id}`, {
      method: 'POST',
      headers: {
        ...payer.headers,
        'content-type': 'application/json',
        'idempotency-key': `pay-${randomUUID()}`,
      },
      body: JSON.stringify({ amount: invoice.outstanding_amount_cents / 100, pm_ref_id: card?.ref_id }),
    });
    expect(paid.status).toBe(200);
    const { payment } = (await paid.json()) as { payment: { id: number } };

    await expect
      .poll(
        async () =>
          (await rows(sql`select status from payments where invoice_id = ${invoice.id}`)).map(
            (r) => r.status,
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual(['succeeded']);
    // The job is marked done just after the settlement it made commits.
    await expect
      .poll(() =>
        rows(
          sql`select status, attempts from jobs where kind = ${SETTLE_JOB} and payload->>'payment_id' = ${String(payment.id)}`,
        ),
      )
      .toEqual([{ status: 'done', attempts: 1 }]);
    const told = await rows(
      sql`select id from live_messages where user_id = ${payer.userId}
          and payload->>'object' = 'Invoice' and payload->>'id' = ${String(invoice.id)}`,
    );
    expect(told).toHaveLength(1);
    checked.push('payment settled by one job run (1 attempt, 1 live message)');
  });

  it('writes a large export in one job run; a link signed by A downloads from B', async () => {
    const owner = await viaProxy(OWNER);
    const readyNotices = async () =>
      (
        await rows(
          sql`select id from notifications where user_id = ${owner.userId} and message like 'Your Leads export is ready%'`,
        )
      ).length;
    const noticesBefore = await readyNotices();
    await page.goto(`${proxy.url}/dashboard/overview`);
    await signedInAs(page, 'Maria Alvarez');
    const started = (await (
      await owner.call('POST', '/leads/export', { start_date: '2025-01-01', end_date: '2026-11-20' })
    ).json()) as { action: string; export_id: number };
    expect(started.action).toBe('wait');
    await expect
      .poll(
        () =>
          rows(
            sql`select status, attempts, last_error from jobs where key = ${`export:${started.export_id}`}`,
          ),
        { timeout: 90_000 },
      )
      .toEqual([{ status: 'done', attempts: 1, last_error: null }]);
    expect(await readyNotices()).toBe(noticesBefore + 1);
    // The page is told live, whichever instance's worker wrote the file and wherever its stream is.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect
      .poll(() => page.getByText('Your Leads export is ready.', { exact: false }).first().isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.keyboard.press('Escape');

    const link = await fetch(`${instances[A].url}/api/v1/notifications/export/${started.export_id}`, {
      headers: owner.headers,
    });
    const { export_file_url } = (await link.json()) as { export_file_url: string | null };
    expect(export_file_url).toMatch(/^\/api\/v1\/exports\/\d+\/download\?/);
    const file = await fetch(`${instances[B].url}${export_file_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect((await file.text()).length).toBeGreaterThan(1000);
    checked.push(
      'export written by one job run (1 attempt, 1 notification); link signed on A downloaded from B',
    );
  });

  it('uploads a logo to S3 through the page: presigned by one instance, accepted by the other', async () => {
    // Two more instances on the same database, both with STORAGE=s3 on one bucket, behind a proxy
    // of their own whose origin (the page's) the bucket's CORS rule allows.
    const bucket = await startBucket();
    cleanups.push(() => bucket.close());
    const env = { BECOME_SECRET: sharedSecret, RATE_PER_IP: '500', RATE_PER_ACCOUNT_IP: '50', ...bucket.env };
    const s3Dir = `${sharedDir}-s3`;
    mkdirSync(s3Dir, { recursive: true });
    cleanups.push(async () => rmSync(s3Dir, { recursive: true, force: true }));
    const onS3 = await Promise.all([
      startServer(env, { databaseUrl: database.url, dataDir: s3Dir }),
      startServer(env, { databaseUrl: database.url, dataDir: s3Dir }),
    ]);
    cleanups.push(() => Promise.all(onS3.map((instance) => instance.stop())).then(() => undefined));
    const s3Proxy = await startProxy(onS3.map((instance) => instance.url));
    cleanups.push(() => s3Proxy.close());
    await bucket.allowOrigin(s3Proxy.url);
    const presignPath = '/api/v1/activities/assets/presigned_url';
    const logoPath = '/api/v1/activities/upload_logo';
    // The presign goes to A, the task naming the file to B: B checks an object A signed for.
    s3Proxy.setFaults((request) => {
      const path = request.path.split('?')[0];
      if (path === presignPath) return { kind: 'pass', upstream: A };
      if (path === logoPath) return { kind: 'pass', upstream: B };
      return passThrough(request);
    });

    const opened = await newPage(browser);
    contexts.push(opened.context);
    page = opened.page;
    await page.goto(`${s3Proxy.url}/login`);
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
    await signedInAs(page, 'Maria Alvarez');
    await page.goto(`${s3Proxy.url}/dashboard/overview`);
    await page.locator('.activity-row').first().waitFor();
    await page.getByLabel('Search activities').fill('logo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: /Upload your company logo/ }).click();
    const form = page.getByRole('dialog', { name: 'Upload Logo' });
    await form
      .getByLabel('Company Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: 'Logo preview' }).waitFor();
    const put = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().startsWith(bucket.env.S3_ENDPOINT),
    );
    const presigned = page.waitForResponse((response) => response.url().includes(presignPath));
    await form.getByRole('button', { name: 'Save' }).click();
    // The bytes went from the page straight to the bucket (cross-origin, allowed by CSP and CORS).
    expect((await put).status()).toBe(200);
    await page.getByText('Logo updated successfully').waitFor({ timeout: 30_000 });

    const sent = (path: string) =>
      s3Proxy.log.filter((event) => event.path.split('?')[0] === path).map((e) => [e.upstream, e.status]);
    expect(sent(presignPath)).toEqual([[A, 200]]);
    expect(sent(logoPath)).toEqual([[B, 200]]);
    const { id } = (await (await presigned).json()) as { id: number };
    const [file] = await rows(
      sql`select f.signed_id, f.storage_key, f.byte_size, f.uploaded_at, f.activity_id, o.logo_url
          from files f join organizations o on o.id = f.organization_id where f.id = ${id}`,
    );
    expect(file.uploaded_at).not.toBeNull();
    expect(file.activity_id).not.toBeNull();
    expect(file.byte_size).toBe(PNG.length);
    expect(file.logo_url).toBe(`/api/v1/logos/${encodeURIComponent(String(file.signed_id))}`);
    expect(await bucket.head(String(file.storage_key))).toEqual({
      size: PNG.length,
      md5Hex: createHash('md5').update(PNG).digest('hex'),
    });
    // Either instance serves it: the logo link redirects to a presigned GET of the bucket.
    const logo = await fetch(`${onS3[A].url}${file.logo_url}`);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    checked.push(
      `S3 upload: presigned by A, PUT by the page to the bucket (${PNG.length} bytes there), logo task accepted by B`,
    );
  });
});
