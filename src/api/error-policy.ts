/**
 * What a failed call means for the user (spec part 1 §4, §8), as pure decisions: the api client
 * carries them out. Keep the spec's texts verbatim.
 *
 * - 401/403: the session is over (the client clears it, toasts, redirects, clears caches, reloads).
 * - 5xx: a generic apology toast. An `{errors: "message"}` 4xx: an 'Error' toast with the message.
 * - 422 `{errors: {field: [messages]}}`: no toast, the form shows them (ApiError.fieldErrors).
 * - Reported to the monitoring endpoint: every failure except no answer at all, 401, 403 and 422.
 *   Passwords never leave the device in a report.
 */
import { is } from 'superstruct';
import { ErrorBody } from './contracts/common';
import { ApiError, type FieldErrors } from './errors';

export type ToastText = { header: string; body: string };

export const SESSION_EXPIRED: ToastText = {
  header: 'Session expired',
  body: 'Your session has expired, you will be redirected to login page shortly.',
};

export const SERVER_ERROR: ToastText = {
  header: 'Oops... something went wrong',
  body: "We can't fulfill this request at this time, please try again.",
};

export const OFFLINE_MESSAGE = "You're offline - this needs a connection";

/** A read with no answer and no copy on the device (the worker's offline answer says the same). */
export const NOT_CACHED_MESSAGE = "You're offline and this page hasn't been opened on this device yet";

/** After a 401/403: redirect to /login after 2000 ms, clear caches and reload 500 ms later. */
export const EXPIRY_REDIRECT_MS = 2000;
export const EXPIRY_CLEAR_MS = 500;

/** status null: the request got no answer (offline, DNS, timeout, aborted). */
export type Failure = { status: number | null; data: unknown };

export type Decision = {
  error: ApiError;
  expireSession: boolean;
  toast: ToastText | null;
  report: boolean;
};

export function decideFailure(failure: Failure, { toast = true } = {}): Decision {
  const { status, data } = failure;
  if (status === null) {
    return { error: new ApiError(0, OFFLINE_MESSAGE), expireSession: false, toast: null, report: false };
  }
  const errors = is(data, ErrorBody) ? data.errors : null;
  const serverMessage = typeof errors === 'string' ? errors : null;
  const fieldErrors: FieldErrors | null = errors !== null && typeof errors !== 'string' ? errors : null;

  if (status === 401 || status === 403) {
    return {
      error: new ApiError(status, serverMessage ?? SESSION_EXPIRED.body),
      expireSession: true,
      toast: null,
      report: false,
    };
  }
  if (status >= 500) {
    return {
      error: new ApiError(status, serverMessage ?? SERVER_ERROR.body),
      expireSession: false,
      toast: toast ? SERVER_ERROR : null,
      report: true,
    };
  }
  const report = status !== 422;
  if (fieldErrors) {
    const first = Object.values(fieldErrors).flat()[0] ?? 'Invalid input';
    return { error: new ApiError(status, first, fieldErrors), expireSession: false, toast: null, report };
  }
  if (serverMessage !== null) {
    return {
      error: new ApiError(status, serverMessage),
      expireSession: false,
      toast: toast ? { header: 'Error', body: serverMessage } : null,
      report,
    };
  }
  return {
    error: new ApiError(status, `Request failed (${status})`),
    expireSession: false,
    toast: null,
    report,
  };
}

const PASSWORD_KEYS = new Set(['password', 'current_password', 'confirmed_password', 'confirm_password']);
export const MASK = '********';

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, PASSWORD_KEYS.has(key) ? MASK : maskValue(inner)]),
  );
}

/** A request body as text for an error report, with every password field replaced by asterisks. */
export function maskPasswords(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.stringify(maskValue(JSON.parse(body)));
    } catch {
      return body.replace(
        /\b(password|current_password|confirmed_password|confirm_password)=[^&]*/g,
        `$1=${MASK}`,
      );
    }
  }
  if (body instanceof URLSearchParams) {
    const copy = new URLSearchParams(body);
    for (const key of PASSWORD_KEYS) if (copy.has(key)) copy.set(key, MASK);
    return copy.toString();
  }
  if (typeof FormData !== 'undefined' && body instanceof FormData) return '[form data]';
  if (body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return '[binary]';
  return JSON.stringify(maskValue(body));
}
