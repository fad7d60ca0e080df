/** Reads one typed value of the wizard's stored form values (kept as unknown: persisted data is never trusted). */
export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
