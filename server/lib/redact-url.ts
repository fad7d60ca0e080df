/**
 * URLs as they may be written down (the request log, the impersonation audit): the values of
 * query parameters that work as credentials are replaced by `[redacted]`, so a log reader cannot
 * reuse a reset code (`code`), a registration token (`token`), a signed link (`sig`), a staff
 * impersonation token (`ed`) or a sign-up link's key (`key`: `/signup?ms_id=…&key=…` opens that
 * customer's personal data and the claim of their account, and never expires). Names that say
 * secret, token, password or signature, or end in key (`api_key`), go too, so a parameter added
 * later is covered without being listed. The path and the other parameters stay, as they are
 * what a log is read for.
 */

const SECRET_NAMES = new Set(['code', 'token', 'sig', 'ed', 'key']);
const SECRET_PATTERN = /token|secret|password|signature|key$/i;

export const REDACTED = '[redacted]';

function isSecret(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: judge the raw name
  }
  return SECRET_NAMES.has(decoded.toLowerCase()) || SECRET_PATTERN.test(decoded);
}

/** The URL (path and query, as Fastify's request.url has it) with credential values redacted. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  // Kept as written apart from the secret values: re-encoding the rest would change what was asked.
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && isSecret(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark + 1)}${query}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's own request serializer (the same fields), with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
