/**
 * Compressed transfers (issue 17): the built PWA's pre-compressed .br/.gz files are sent as they
 * are to a client that accepts them, API JSON above 1 KB is compressed on the fly, and neither
 * happens without Accept-Encoding; the live stream (SSE) is never compressed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn, startApp, type TestApp } from './helpers';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INDEX = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

/** A dist/ with the files a build writes: originals and their .br/.gz siblings. */
function writeDist(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['index.html', INDEX],
    ['assets/app-abc.js', SCRIPT],
  ]) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
}

/** The headers of a GET over real HTTP; the body is not read (a stream never ends). */
function headersOf(url: string, headers: Record<string, string>): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      resolve(res.headers);
      req.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed transfers', () => {
  let t: TestApp;
  let session: Session;

  const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));

  beforeAll(async () => {
    writeDist(distDir);
    t = await startApp('pglite', { distDir });
    session = await signIn(t, 'franchise@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the pre-compressed asset for br and gzip, the original without Accept-Encoding', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url: '/assets/app-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a client route its compressed index.html, still revalidated (no-cache)', async () => {
    const res = await t.app.inject({ url: '/dashboard/leads', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    const direct = await t.app.inject({ url: '/index.html', headers: { 'accept-encoding': 'gzip' } });
    expect(direct.headers['content-encoding']).toBe('gzip');
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON above the threshold only when the client accepts it', async () => {
    const body = { page: 1, per_page: 20, order_by: 'created_at', order: 'desc' };
    const headers = { ...session.headers, 'accept-encoding': 'br, gzip' };
    const compressed = await t.app.inject({ method: 'POST', url: '/api/v1/leads', headers, payload: body });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: session.headers,
      payload: body,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { ...session.headers, 'accept-encoding': 'gzip' },
      payload: body,
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers (below 1 KB) uncompressed', async () => {
    const res = await t.app.inject({
      url: '/api/v1/nothing-here',
      headers: { ...session.headers, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ errors: 'Not found' });
  });

  it('never compresses the live stream', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await headersOf(`${url}/api/v1/live`, {
      ...session.headers,
      accept: 'text/event-stream',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(headers['content-type']).toMatch(/text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
  });
});
