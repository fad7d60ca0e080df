/**
 * The chaos test's fault function for proxy.ts: seeded, it passes, refuses (502), drops the answer
 * after the server applied the request, or delays each delivery of a write (and of the upload's
 * presign and PUT), and books every delivery by its write kind and Idempotency-Key.
 *
 * - Reads (POST list reads included), the live stream, sign-in and static files always pass: the
 *   faults are about writes (and any other request that carries an Idempotency-Key).
 * - One key is faulted at most MAX_FAULTS_PER_KEY times, so the outbox's backoff (doubling from 1 s)
 *   stays short and the run ends in reasonable time; its later deliveries pass.
 */
import { createRng } from '../../server/seed/rng';
import type { ChooseFault, Fault, ProxyRequest } from './proxy';

const MAX_FAULTS_PER_KEY = 2;

/** Which queueable write a request is (its API path and method), or null for anything else. */
export function writeKind(method: string, path: string): string | null {
  const p = path.split('?')[0].replace(/^\/api\/v1/, '');
  if (method === 'GET') return p === '/activities/assets/presigned_url' ? 'upload presign' : null;
  if (p.startsWith('/activities/assets/upload/')) return 'upload PUT';
  const kinds: [RegExp, string][] = [
    [/^\/leads\/\d+\/review$/, 'lead review'],
    [/^\/[\w-]+\/campaigns\/\d+\/settings\/update_status$/, 'campaign status'],
    [/^\/[\w-]+\/campaigns\/\d+\/settings\/update_schedule$/, 'campaign schedule'],
    [/^\/client$/, 'profile details'],
    [/^\/client\/profile$/, 'paid media'],
    [/^\/client\/accounts\/[^/]+\/settings$/, 'linked account settings'],
    [/^\/notifications\/read_all$/, 'notifications read-all'],
    [/^\/notifications\/\d+$/, 'notification read'],
    [/^\/activities\/upload_logo$/, 'logo task'],
    [/^\/activities\/service_areas\/locations\/(add|remove)$/, 'service area zips'],
    [/^\/activities\/service_areas\/form$/, 'service area task'],
    [/^\/activities\/\d+$/, 'task viewed'],
    [/^\/filters\/\w+/, 'saved filter'],
    [/^\/table\/\w+$/, 'table config'],
  ];
  return kinds.find(([pattern]) => pattern.test(p))?.[1] ?? null;
}

export type Delivery = { kind: string; key: string; method: string; path: string; fault: Fault['kind'] };

export function chaosFaults(seed: number) {
  const rng = createRng(seed);
  const deliveries: Delivery[] = [];
  const faultsOf = new Map<string, number>();
  let enabled = true;

  const choose: ChooseFault = (request: ProxyRequest) => {
    // A keyed write not listed above is still faulted and checked, under its own path.
    const keyed = request.method !== 'GET' && request.headers['idempotency-key'] !== undefined;
    const kind =
      writeKind(request.method, request.path) ?? (keyed ? `other ${request.path.split('?')[0]}` : null);
    if (!kind) return { kind: 'pass' };
    const key = String(request.headers['idempotency-key'] ?? request.path.split('?')[0]);
    let fault: Fault = { kind: 'pass' };
    if (enabled && (faultsOf.get(key) ?? 0) < MAX_FAULTS_PER_KEY) {
      const roll = rng.next();
      if (roll < 0.2) fault = { kind: 'refuse' };
      else if (roll < 0.4) fault = { kind: 'drop' };
      else if (roll < 0.55) fault = { kind: 'delay', ms: rng.int(200, 1500) };
      if (fault.kind !== 'pass') faultsOf.set(key, (faultsOf.get(key) ?? 0) + 1);
    }
    deliveries.push({
      kind,
      key,
      method: request.method,
      path: request.path.split('?')[0],
      fault: fault.kind,
    });
    return fault;
  };

  return {
    choose,
    deliveries,
    /** Off: every later delivery passes (the final drain). */
    setEnabled: (on: boolean) => {
      enabled = on;
    },
    /** Per kind: deliveries, and the faults injected by kind of fault. */
    counts() {
      const byKind = new Map<
        string,
        { deliveries: number; keys: Set<string>; faults: Record<string, number> }
      >();
      for (const d of deliveries) {
        const entry = byKind.get(d.kind) ?? { deliveries: 0, keys: new Set<string>(), faults: {} };
        entry.deliveries += 1;
        entry.keys.add(d.key);
        if (d.fault !== 'pass') entry.faults[d.fault] = (entry.faults[d.fault] ?? 0) + 1;
        byKind.set(d.kind, entry);
      }
      return byKind;
    },
  };
}
