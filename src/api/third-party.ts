/**
 * Calls to third parties the portal talks to directly (the marketing-automation form intake): a
 * plain ofetch without the app's session headers, since a third party must never receive the
 * user's token. The answer is still checked against its contract; a refusal becomes an ApiError
 * with the provider's message, as for our own API.
 */
import { FetchError, ofetch } from 'ofetch';
import type { Struct } from 'superstruct';
import { ApiError } from './errors';

export async function postThirdParty<T, S>(struct: Struct<T, S>, url: string, body: unknown): Promise<T> {
  try {
    const data: unknown = await ofetch(url, {
      method: 'POST',
      body: body as Record<string, unknown>,
      retry: 0,
      timeout: 30_000,
    });
    return struct.mask(data);
  } catch (error) {
    if (error instanceof FetchError) {
      const errors = (error.data as { errors?: unknown } | undefined)?.errors;
      const fieldErrors = errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : null;
      const message = typeof errors === 'string' ? errors : 'The form could not be sent. Please try again.';
      throw new ApiError(error.status ?? 0, message, fieldErrors);
    }
    throw error;
  }
}
