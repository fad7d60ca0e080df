/**
 * Names a dashboard section for the header and the page title: from the user's tabs (the
 * server's names, e.g. 'Performance · Search') when the path belongs to one, else from the path.
 */
import type { Tab } from '../api/contracts/session';

const titleCase = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** `/dashboard/performance/search` -> ['performance', 'search']. */
export function sectionPath(path: string): string[] {
  return path
    .replace(/^\/dashboard\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
}

export function sectionTitle(path: string, tabs: readonly Tab[]): string {
  const [area, sub] = sectionPath(path);
  if (!area) return 'Overview';
  const tab = tabs.find((candidate) => sectionPath(candidate.url)[0] === area);
  const areaName = tab?.name ?? titleCase(area);
  if (!sub) return areaName;
  const subtab = tab?.subtabs?.find((candidate) => candidate.path === sub);
  return `${areaName} · ${subtab?.name ?? titleCase(sub)}`;
}
