/**
 * Seeded pseudo-random numbers (mulberry32): the same seed gives the same demo data, so tests and
 * screenshots see the same customers, leads and invoices on every machine.
 */
export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (probability: number) => boolean;
  /** A child generator, so adding data to one area does not shift every other area's numbers. */
  fork: (label: string) => Rng;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    fork: (label) => {
      let h = seed >>> 0;
      for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 2654435761) >>> 0;
      return createRng(h);
    },
  };
  return rng;
}
