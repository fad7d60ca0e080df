/**
 * The errors the api client throws. Screens catch ApiError to show what the server said under
 * their fields (fieldErrors) or to tell the user they are offline (status 0).
 */

/** Field name -> messages, from a 422 `{errors: {field: [messages]}}`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer came (offline, timeout, aborted). */
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors | null = null,
  ) {
    super(message);
  }

  get offline(): boolean {
    return this.status === 0;
  }
}

/** A response that does not match its contract: a server bug, never the user's fault. */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    readonly method: string,
    readonly url: string,
    readonly detail: string,
  ) {
    super(`Unexpected response from ${method} ${url}: ${detail}`);
  }
}
