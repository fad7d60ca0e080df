/**
 * How `npm run bench` prints a figure beside its budget (issue 17): the figure, then the budget
 * and whether this run met it. Printed only: a shared machine's timings never fail anything.
 */

/** `at most` for times and sizes, `at least` for scores and throughput. */
type Budget = { max: number } | { min: number } | null;

const pad = (text: string, width: number) => text.padEnd(width);

export function figure(label: string, value: number | null, unit: string, budget: Budget): string {
  const shown = value === null ? 'n/a' : `${round(value)}${unit ? ` ${unit}` : ''}`;
  if (!budget || value === null) return `  ${pad(label, 44)} ${pad(shown, 14)}`;
  const [sign, limit] = 'max' in budget ? ['<=', budget.max] : ['>=', budget.min];
  const met = 'max' in budget ? value <= budget.max : value >= budget.min;
  return `  ${pad(label, 44)} ${pad(shown, 14)} budget ${sign} ${round(limit)}${unit ? ` ${unit}` : ''}  ${met ? 'met' : 'OVER'}`;
}

const round = (value: number) => (value >= 100 ? Math.round(value) : Math.round(value * 10) / 10);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};
