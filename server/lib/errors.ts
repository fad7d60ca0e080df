/**
 * The error shapes every route answers with (never a 500 for bad input):
 * 422 {errors: {field: [messages]}} for invalid fields, 4xx {errors: "message"} otherwise.
 * Input is checked against its contract by the validator compiler (validation.ts), which uses
 * fieldErrors for the 422 body; handlers throw these for the rules a contract cannot state.
 */
import type { StructError } from 'superstruct';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { errors: string | Record<string, string[]> },
  ) {
    super(typeof body.errors === 'string' ? body.errors : 'Invalid input');
  }
}

export const badRequest = (message: string) => new HttpError(400, { errors: message });
export const unauthorized = (message = 'Your session has expired') => new HttpError(401, { errors: message });
export const notFound = (message = 'Not found') => new HttpError(404, { errors: message });
export const unprocessable = (errors: string | Record<string, string[]>) => new HttpError(422, { errors });
export const tooMany = (message: string) => new HttpError(429, { errors: message });

export function fieldErrors(error: StructError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const failure of error.failures()) {
    const field = failure.path.length ? failure.path.join('.') : '_';
    const message =
      failure.value === undefined || failure.value === null
        ? 'This field is required'
        : failure.refinement
          ? failure.message
          : failure.type === 'never'
            ? 'Unknown field'
            : `Invalid value: expected ${failure.type}`;
    out[field] = [...(out[field] ?? []), message];
  }
  return out;
}
