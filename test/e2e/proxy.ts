/**
 * A small HTTP proxy for browser tests: the page talks to it as to one server, and it forwards each
 * request to one of several upstream servers (round-robin), as a load balancer would. Answers are
 * streamed as they arrive, so the live channel (server-sent events) passes through unbuffered.
 *
 * Per request, a function the test supplies (`faults`, changeable with `setFaults`) decides what
 * happens, and may pin the upstream instead of taking round-robin's turn:
 * - `pass`: forward and stream the answer back;
 * - `refuse`: answer 502 without forwarding (the server never sees it);
 * - `drop`: forward, read the server's whole answer (so it has applied the request), then destroy
 *   the client's socket: the client sees a network error for a request that took effect;
 * - `delay`: wait `ms`, then forward.
 * An upstream that cannot be reached answers 502 (counted as `upstreamErrors`). `counters` and
 * `log` record what was done, in arrival order. Only plain HTTP/1.1 upstreams (the test servers).
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyRequest = {
  /** 1, 2, 3...: the order in which requests reached the proxy. */
  n: number;
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The upstream (index into `upstreams`) round-robin gives this request. */
  upstream: number;
};

/** What to do with one request; `upstream` overrides round-robin's choice. */
export type Fault =
  | { kind: 'pass'; upstream?: number }
  | { kind: 'refuse' }
  | { kind: 'drop'; upstream?: number }
  | { kind: 'delay'; ms: number; upstream?: number };

export type ChooseFault = (request: ProxyRequest) => Fault;

export type ProxyEvent = {
  n: number;
  method: string;
  path: string;
  fault: Fault['kind'];
  /** The upstream it went to; null when refused. */
  upstream: number | null;
  /** The status the upstream (or the proxy's 502) answered; null until known, or on an upstream error. */
  status: number | null;
};

export type ProxyCounters = {
  requests: number;
  /** Requests forwarded, per upstream. */
  forwarded: number[];
  refused: number;
  dropped: number;
  delayed: number;
  upstreamErrors: number;
};

export type TestProxy = {
  url: string;
  upstreams: readonly string[];
  counters: ProxyCounters;
  log: ProxyEvent[];
  setFaults: (choose: ChooseFault) => void;
  /** Closes the proxy and every connection through it (open live streams included). */
  close: () => Promise<void>;
};

export const passThrough: ChooseFault = () => ({ kind: 'pass' });

// Hop-by-hop headers describe one connection, not the message: never forwarded (RFC 9110 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

export async function startProxy(
  upstreams: string[],
  options: { faults?: ChooseFault } = {},
): Promise<TestProxy> {
  if (upstreams.length === 0) throw new Error('startProxy: give at least one upstream');
  const targets = upstreams.map((url) => new URL(url));
  const agent = new Agent({ keepAlive: true });
  let choose = options.faults ?? passThrough;
  let turn = 0;
  const counters: ProxyCounters = {
    requests: 0,
    forwarded: upstreams.map(() => 0),
    refused: 0,
    dropped: 0,
    delayed: 0,
    upstreamErrors: 0,
  };
  const log: ProxyEvent[] = [];
  const sockets = new Set<Socket>();

  const forward = (req: IncomingMessage, res: ServerResponse, event: ProxyEvent, drop: boolean) => {
    const index = event.upstream as number;
    const target = targets[index];
    counters.forwarded[index] += 1;
    const upstreamReq = httpRequest({
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      // The Host stays the one the client used, as behind a real load balancer.
      headers: endToEnd(req.headers),
    });
    upstreamReq.on('response', (upstreamRes) => {
      event.status = upstreamRes.statusCode ?? null;
      if (drop) {
        // The answer exists, so the server has applied the request: read it all, tell the client nothing.
        upstreamRes.resume();
        upstreamRes.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, endToEnd(upstreamRes.headers));
      // Sent at once: an event stream's headers must not wait for its first message.
      res.flushHeaders();
      upstreamRes.pipe(res);
    });
    upstreamReq.on('error', () => {
      counters.upstreamErrors += 1;
      event.status = null;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('Bad gateway: upstream unreachable');
      } else res.destroy();
    });
    // The client went away (a page closed its live stream): so does the upstream request.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    req.pipe(upstreamReq);
  };

  const server = createServer((req, res) => {
    counters.requests += 1;
    const proposed = turn % targets.length;
    turn += 1;
    const request: ProxyRequest = {
      n: counters.requests,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      upstream: proposed,
    };
    let fault: Fault;
    try {
      fault = choose(request);
      const pinned = fault.kind === 'refuse' ? undefined : fault.upstream;
      if (pinned !== undefined && !(Number.isInteger(pinned) && pinned >= 0 && pinned < targets.length))
        throw new Error(`no upstream ${pinned}`);
    } catch (error) {
      // A mistake in the test's function answers 500 with its message instead of crashing the run.
      req.resume();
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`test proxy: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const upstream = fault.kind === 'refuse' ? null : (fault.upstream ?? proposed);
    const event: ProxyEvent = {
      n: request.n,
      method: request.method,
      path: request.path,
      fault: fault.kind,
      upstream,
      status: null,
    };
    log.push(event);
    if (fault.kind === 'refuse') {
      counters.refused += 1;
      event.status = 502;
      req.resume();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway (refused by the test proxy)');
      return;
    }
    if (fault.kind === 'drop') counters.dropped += 1;
    if (fault.kind === 'delay') {
      counters.delayed += 1;
      const timer = setTimeout(() => forward(req, res, event, false), fault.ms);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    forward(req, res, event, fault.kind === 'drop');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    counters,
    log,
    setFaults: (next) => {
      choose = next;
    },
    close: async () => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
