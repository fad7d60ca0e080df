/**
 * The tests' load balancer (proxy.ts) against two tiny upstream servers: round-robin and pinning,
 * an event stream passing through unbuffered (and closed upstream when the client goes), and each
 * fault with its counter: refuse (never forwarded), drop (applied upstream, no answer to the
 * client), delay, and an unreachable upstream.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type TestProxy } from './proxy';

type Upstream = { name: string; url: string; server: Server; writes: number; streamsClosed: number };

async function upstream(name: string): Promise<Upstream> {
  const state = { name, url: '', writes: 0, streamsClosed: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(`id: 1\ndata: hello from ${name}\n\n`);
      // Never ends by itself, like the live channel.
      req.on('close', () => {
        state.streamsClosed += 1;
      });
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST') state.writes += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': name });
      res.end(JSON.stringify({ name, path: req.url, body, host: req.headers.host }));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, { server });
}

const answeredBy = async (proxy: TestProxy, path: string) =>
  ((await (await fetch(`${proxy.url}${path}`)).json()) as { name: string }).name;

describe('test proxy', () => {
  let a: Upstream;
  let b: Upstream;
  const proxies: TestProxy[] = [];
  const open = async (...args: Parameters<typeof startProxy>) => {
    const proxy = await startProxy(...args);
    proxies.push(proxy);
    return proxy;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([upstream('a'), upstream('b')]);
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    for (const up of [a, b]) up.server.closeAllConnections();
    await Promise.all([a, b].map((up) => new Promise((done) => up.server.close(done))));
  });

  it('takes turns between upstreams, keeps the Host, and lets the test pin one', async () => {
    const proxy = await open([a.url, b.url]);
    const names = [];
    for (let i = 0; i < 4; i += 1) names.push(await answeredBy(proxy, `/turn/${i}`));
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    const { host } = (await (await fetch(`${proxy.url}/host`)).json()) as { host: string };
    expect(host).toBe(new URL(proxy.url).host);

    proxy.setFaults(() => ({ kind: 'pass', upstream: 1 }));
    expect([await answeredBy(proxy, '/x'), await answeredBy(proxy, '/y')]).toEqual(['b', 'b']);
    expect(proxy.counters).toMatchObject({ requests: 7, forwarded: [3, 4], refused: 0, dropped: 0 });
    expect(proxy.log.map((event) => [event.path, event.upstream, event.status])).toContainEqual([
      '/y',
      1,
      200,
    ]);
  });

  it('streams an event stream as it comes, and closes it upstream when the client goes', async () => {
    const proxy = await open([a.url]);
    const closedBefore = a.streamsClosed;
    const abort = new AbortController();
    const res = await fetch(`${proxy.url}/events`, { signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    // The upstream never ends this answer: the first event arrives only if nothing buffers it.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('data: hello from a');
    abort.abort();
    await expect.poll(() => a.streamsClosed).toBe(closedBefore + 1);
  });

  it('refuses with 502 without forwarding', async () => {
    const proxy = await open([a.url], { faults: () => ({ kind: 'refuse' }) });
    const writes = a.writes;
    const res = await fetch(`${proxy.url}/write`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(502);
    expect(a.writes).toBe(writes);
    expect(proxy.counters).toMatchObject({ requests: 1, refused: 1, forwarded: [0] });
    expect(proxy.log[0]).toMatchObject({ fault: 'refuse', upstream: null, status: 502 });
  });

  it('drops the answer of a request the upstream applied', async () => {
    const proxy = await open([a.url, b.url], {
      faults: ({ n }) => (n === 1 ? { kind: 'drop', upstream: 0 } : { kind: 'pass', upstream: 1 }),
    });
    const [writesA, writesB] = [a.writes, b.writes];
    await expect(fetch(`${proxy.url}/write`, { method: 'POST', body: 'once' })).rejects.toThrow();
    expect(a.writes).toBe(writesA + 1);
    // The client's retry goes to the other upstream.
    const retry = await fetch(`${proxy.url}/write`, { method: 'POST', body: 'once' });
    expect(retry.headers.get('x-upstream')).toBe('b');
    expect(b.writes).toBe(writesB + 1);
    expect(proxy.counters).toMatchObject({ requests: 2, dropped: 1, forwarded: [1, 1] });
    expect(proxy.log.map((event) => [event.fault, event.upstream, event.status])).toEqual([
      ['drop', 0, 200],
      ['pass', 1, 200],
    ]);
  });

  it('delays a request by the given time', async () => {
    const proxy = await open([a.url], { faults: () => ({ kind: 'delay', ms: 300 }) });
    const started = performance.now();
    expect(await answeredBy(proxy, '/slow')).toBe('a');
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(proxy.counters).toMatchObject({ delayed: 1, forwarded: [1] });
  });

  it('answers 502 for an upstream it cannot reach, and 500 for a bad choice', async () => {
    const gone = createServer();
    await new Promise<void>((ready) => gone.listen(0, '127.0.0.1', ready));
    const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((done) => gone.close(done));
    const proxy = await open([goneUrl]);
    expect((await fetch(`${proxy.url}/anything`)).status).toBe(502);
    expect(proxy.counters.upstreamErrors).toBe(1);

    proxy.setFaults(() => ({ kind: 'pass', upstream: 5 }));
    const bad = await fetch(`${proxy.url}/anything`);
    expect(bad.status).toBe(500);
    expect(await bad.text()).toContain('no upstream 5');
  });
});
