/**
 * Fitting a table's columns into the width it has (laptops at 1024-1280 px, phones), so no
 * column ends up cut off inside a sideways scroll box.
 *
 * - Columns keep their proportions: each gets its share of the room, but never less than its
 *   floor (what its header and usual content need); the room taken by floored columns is shared
 *   among the others.
 * - When even the floors do not fit, the floors are answered and the table scrolls sideways:
 *   a cut-off column is better than an unreadable one.
 * - Widths only ever shrink to fit; a table narrower than its box keeps its own widths.
 */

/** Pixel widths for `wanted` that sum to at most `room` while respecting `floors`. */
export function fitWidths(wanted: number[], floors: number[], room: number): number[] {
  const total = wanted.reduce((sum, width) => sum + width, 0);
  if (room <= 0 || total <= room) return wanted;
  const floorsTotal = floors.reduce((sum, width, i) => sum + Math.min(width, wanted[i]), 0);
  if (floorsTotal >= room) return wanted.map((width, i) => Math.min(width, floors[i]));
  const fixed = new Set<number>();
  // Each pass floors the columns that would fall below their floor; at most one pass per column.
  for (let pass = 0; pass <= wanted.length; pass += 1) {
    const fixedWidth = [...fixed].reduce((sum, i) => sum + Math.min(floors[i], wanted[i]), 0);
    const freeWanted = wanted.reduce((sum, width, i) => (fixed.has(i) ? sum : sum + width), 0);
    const scale = (room - fixedWidth) / freeWanted;
    const below = wanted.findIndex((width, i) => !fixed.has(i) && width * scale < floors[i]);
    if (below === -1) {
      return wanted.map((width, i) =>
        fixed.has(i) ? Math.min(floors[i], width) : Math.floor(width * scale),
      );
    }
    fixed.add(below);
  }
  return wanted;
}

/** The narrowest a column may get when fitted: its header (label and sort arrow) stays whole. */
export function headerFloor(label: string, sortable: boolean, padding = 24): number {
  // About 8 px a character for the 12 px bold uppercase header, plus the arrow and its gap.
  return Math.ceil(label.length * 8.2 + padding + (sortable ? 14 : 0));
}
