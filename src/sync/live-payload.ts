/**
 * Reading a live message's payload defensively: payloads are untrusted (the wire, or rows stored by
 * an older version), so every field is checked before an effect uses it. Shared by the core
 * (live-effects.ts) and the effects each area registers.
 */
export type LivePayload = Record<string, unknown>;

/** A non-empty string, else null. */
export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** An integer, also sent as a numeric string ('12'), else null. */
export const integer = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
};

export const isObject = (payload: unknown): payload is LivePayload =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload);

/** The payload's `object` ('Invoice', 'Campaign'), lower-cased. */
export const objectOf = (payload: LivePayload) => text(payload.object)?.toLowerCase() ?? null;
