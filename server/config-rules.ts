/**
 * The checks on single start-up settings that guard the network edge: which hosts are loopback,
 * and TRUST_PROXY (whose X-Forwarded-For to believe). A value that would open a hole silently
 * throws ConfigError with a message saying what to set; main.ts prints it and exits.
 */
import { isIP } from 'node:net';

/** A start-up setting that cannot be used as given; main.ts prints the message and exits. */
export class ConfigError extends Error {}

/** Fastify's `trustProxy`: nobody, the proxies' addresses / CIDRs, or a hop-count function. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '::ffff:127.0.0.1']);

/** Whether binding `host` keeps the server reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || (isIP(host) === 4 && host.startsWith('127.'));
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * The narrowest prefix a TRUST_PROXY range may have: /8 for IPv4, /32 for IPv6, and /104 for an
 * IPv4-mapped IPv6 range (::ffff:a.b.c.d, which proxy-addr matches against IPv4 clients too). A
 * wider range trusts a good part of the internet to name its own address; /0 also stops Fastify.
 */
function tooWide(entry: string): boolean {
  const [address, bits] = entry.split('/');
  if (bits === undefined || RANGE_NAMES.has(entry)) return false;
  const n = Number(bits);
  if (isIP(address) === 4) return n < 8;
  return n < (isIPv4Mapped(address) ? 104 : 32);
}

/** ::ffff:a.b.c.d in any spelling (the URL parser writes IPv6 in its canonical short form). */
function isIPv4Mapped(address: string): boolean {
  try {
    return /^\[::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/.test(new URL(`http://[${address}]/`).hostname);
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: unset / off = trust no X-Forwarded-For; a hop count (`1`); or a comma list of the
 * proxies' addresses / CIDRs (`127.0.0.1,10.0.0.0/8`, also `loopback`). `on` / `true` would let any
 * client choose its own address (and so escape the rate limits or lock out someone else), so it
 * is refused rather than guessed at.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'off' || raw === 'false') return false;
  if (raw === 'on' || raw === 'true')
    throw new ConfigError(
      `TRUST_PROXY=${raw} would believe any client's X-Forwarded-For. Set it to your proxies' addresses or ` +
        'CIDRs (TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5), or to the number of proxy hops ' +
        '(TRUST_PROXY=1), or leave it unset.',
    );
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1) return false;
    return (_address: string, hop: number) => hop < hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${bad.join(', ')} is not an address, a CIDR or a hop count (e.g. TRUST_PROXY=10.0.0.1,10.1.0.0/16).`,
    );
  const wide = entries.filter(tooWide);
  if (wide.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${wide.join(', ')} would believe the X-Forwarded-For of a large part of the internet. ` +
        "Name your proxies' addresses, or ranges no wider than /8 (IPv4) or /32 (IPv6), e.g. " +
        'TRUST_PROXY=10.0.0.0/8,fd00:1234::/32 (or loopback, linklocal, uniquelocal), or the number of ' +
        'proxy hops (TRUST_PROXY=1).',
    );
  return entries;
}
