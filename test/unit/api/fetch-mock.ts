/**
 * A globalThis.fetch stand-in for api client tests: records each call, answers from a handler.
 * Importing it also installs the app's handlers as main.tsx does (session headers, read cache,
 * connectivity, toasts, session expiry), so a test reaches the api exactly as the app does.
 */
import { vi } from 'vitest';
import { installHandlers } from '../../../src/app/install-handlers';

installHandlers();

export type Call = { url: string; method: string; headers: Headers; body: unknown };

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function mockFetch(handler: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: Call = {
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: raw === undefined ? undefined : JSON.parse(raw),
    };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return calls;
}
