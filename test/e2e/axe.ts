/**
 * The accessibility sweep of the browser tests: axe-core (the engine, injected into the page)
 * over the screen as it is, failing on serious or critical violations. Moderate and minor ones
 * are returned for a test that wants them but do not fail the sweep.
 *
 * - `expectAccessible(page, where)` checks one screen now; the fixture's `axe: true` option runs
 *   it over every page a test leaves open (its last screen), so a file opts in once.
 * - The report names the rule, its impact, and the first few offending elements, so a failure
 *   says what to fix without a rerun.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

type AxeNode = { target: string[]; html: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** axe's own source, as the package hands it over for injecting into a page. */
const source = axe.source;
const FAILING = new Set(['serious', 'critical']);

/** Runs axe over the page (inside an open dialog, over the dialog's tree too). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // The screen at rest: a toast or dialog fading in or out (short, finite animations) is waited
  // for, else its half-transparent text reads as low contrast. Long ones (a toast's 3 s progress
  // bar) and endless ones (spinners) are not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return a.playState === 'running' && typeof end === 'number' && end <= 1000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would refuse a
  // script tag with inline content.
  if (!loaded) await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 160) })),
    }));
  });
}

export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} (${v.help})\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html}`).join('\n')}`,
    )
    .join('\n');
}

/** Fails with a readable report when the screen has serious or critical violations. */
export async function expectAccessible(page: Page, where: string): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const failing = violations.filter((v) => v.impact !== null && FAILING.has(v.impact));
  if (failing.length > 0)
    throw new Error(`axe found serious or critical problems\n${describeViolations(where, failing)}`);
  return violations;
}
