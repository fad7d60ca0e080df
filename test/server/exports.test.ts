/**
 * CSV exports through the real app: a small export downloads at once, a large one answers 'wait'
 * and ends in a live 'download' notification whose link works until the file expires; the CSV
 * matches the list; exports, their notifications and files stay with the user who asked.
 */
import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/shell';
import { dataExports } from '../../server/db/schema/toolbar';
import { csvCell, csvLine } from '../../server/domain/exports/csv';
import { EXPORT_DIRECT_LIMIT } from '../../server/domain/exports/exports';
import { csvTime } from '../../server/domain/leads/leads-export';
import { FILE_EXPIRED } from '../../src/api/contracts/shell';
import { EXPORT_IN_PROGRESS, ExportResponse } from '../../src/api/contracts/toolbar';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

describe('csv cells', () => {
  it('quotes, doubles quotes and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null, 3])).toBe('a,"b,c","say ""hi""",,3\r\n');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it("writes a lead's time in the account's zone and names the zone, CST or CDT, row by row", () => {
    expect(csvTime(new Date('2026-11-20T20:05:00Z'), 'America/Chicago')).toBe('2026-11-20 14:05 CST');
    expect(csvTime(new Date('2026-07-04T02:30:00Z'), 'America/Chicago')).toBe('2026-07-03 21:30 CDT');
    expect(csvTime(new Date('2026-07-04T02:30:00Z'), 'America/Phoenix')).toBe('2026-07-03 19:30 MST');
  });
});

describe.each(dbKinds)('exports on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let other: Session;

  const exportLeads = (s: Session, body: Record<string, unknown>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/export',
      headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const download = async (url: string) => t.app.inject({ method: 'GET', url });
  const fileOf = async (s: Session, id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/notifications/export/${id}`, headers: s.headers })
    ).json();

  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
    other = await signIn(t, 'franchise@demo.test');
  });
  afterAll(() => t?.close());

  it('downloads a small export at once, matching the list', async () => {
    const range = { start_date: '2026-11-01', end_date: '2026-11-20' };
    const res = await exportLeads(owner, {
      ...range,
      filters: [{ name: 'lead_type', op: 'equals', value: 'Call' }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, ExportResponse)).toBe(true);
    expect(body.action).toBe('download');
    const file = await download(body.message);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Lead ID,Type,Name,Created,Service/);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: owner.headers,
      payload: { ...range, filters: [{ name: 'lead_type', op: 'equals', value: 'Call' }] },
    });
    expect(lines.length - 1).toBe(list.json().total_records);
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'Call')).toBe(true);
    // Every time says its zone: owner@demo.test is in Austin (Central).
    expect(lines.slice(1).every((l) => /,2026-11-\d\d \d\d:\d\d C[SD]T,/.test(l))).toBe(true);
    const first = list.json().leads[0] as { ref_id: string; created_at: string };
    const line = lines.find((l) => l.startsWith(`${first.ref_id},`));
    expect(line).toContain(`,${csvTime(new Date(first.created_at), 'America/Chicago')},`);
  });

  it('answers wait for a large export, then notifies with a working link', async () => {
    const key = 'export-large-1';
    const res = await exportLeads(owner, { start_date: '2025-01-01', end_date: '2026-11-20' }, key);
    const body = res.json();
    expect(body).toMatchObject({ action: 'wait', message: EXPORT_IN_PROGRESS.body });
    const exportId = body.export_id as number;
    // A replay answers the same export and starts no second job.
    const replay = await exportLeads(owner, { start_date: '2025-01-01', end_date: '2026-11-20' }, key);
    expect(replay.json().export_id).toBe(exportId);
    const note = await waitFor(async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.target_id, exportId));
      return row;
    });
    expect(note).toMatchObject({ user_id: owner.user_id, action: 'download', index: 'export' });
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(row.status).toBe('ready');
    expect(row.row_count).toBeGreaterThan(EXPORT_DIRECT_LIMIT);
    const { export_file_url } = await fileOf(owner, exportId);
    const file = await download(export_file_url);
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\r\n')).toHaveLength((row.row_count ?? 0) + 1);
    // Another customer gets nothing of it: the 404 of an export that is not (or no longer) there,
    // in the spec's words for a file the user can no longer have.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/export/${exportId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toBe(FILE_EXPIRED);
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/export/2147483000',
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toBe(FILE_EXPIRED);
    const theirs = await t.db.select().from(notifications).where(eq(notifications.user_id, other.user_id));
    expect(theirs.some((n) => n.target_id === exportId && n.action === 'download')).toBe(false);

    // Once expired: no link, and an old link answers the spec's message.
    await t.db
      .update(dataExports)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    expect(await fileOf(owner, exportId)).toEqual({ export_file_url: null });
    const late = await download(export_file_url);
    expect(late.statusCode).toBe(404);
    expect(late.json().errors).toBe(FILE_EXPIRED);
  });

  it("exports only the caller's leads", async () => {
    const res = await exportLeads(other, { start_date: '2026-11-19', end_date: '2026-11-20' });
    const file = await download(res.json().message);
    const refs = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: other.headers,
      payload: { start_date: '2026-11-19', end_date: '2026-11-20', per_page: 100 },
    });
    expect(refs.sort()).toEqual(
      list
        .json()
        .leads.map((l: { ref_id: string }) => l.ref_id)
        .sort(),
    );
  });

  it('refuses bad requests', async () => {
    for (const body of [
      {},
      { start_date: '2026-11-20', end_date: '2026-11-01' },
      {
        start_date: '2026-11-01',
        end_date: '2026-11-20',
        filters: [{ name: 'nope', op: 'equals', value: 'x' }],
      },
    ]) {
      const res = await exportLeads(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await download('/api/v1/exports/1/download?expires=1&sig=x')).statusCode).toBe(404);
  });
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
