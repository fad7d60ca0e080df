/**
 * The Overview's own texts. Quoted spec copy ('No activities found.', 'No data available') stays
 * verbatim; the lines after it say why a part is empty and what comes next.
 */
import type { ActivityStatus } from '../../api/contracts/activities';
import { STATUS_LABELS } from '../../api/contracts/activities';

/** The provider's support line, for customers without an account manager. */
export const SUPPORT_PHONE = '8005550100';

export const OVERVIEW_TEXTS = {
  noActivities: 'No activities found.',
  nothingAssigned:
    'Nothing is waiting for you. When your account team assigns a setup or compliance task, it appears here with a green dot.',
  clearFilters: 'Clear search and filters',
  noManager: 'No account manager assigned yet.',
  managerUnloaded: 'Your account manager could not be loaded.',
  supportLead: 'Until one is assigned, our support team can help:',
  noData: 'No data available',
  progressScope: (month: string) => `Your SEO plan’s tasks in ${month}`,
  noSeoProgress:
    'No SEO plan tasks this month yet. They appear here once your strategist sets the month’s plan.',
  noBreakdown: 'The breakdown appears once this quarter’s SEO plan has tasks.',
} as const;

const statusList = (statuses: readonly ActivityStatus[]) =>
  statuses.map((s) => STATUS_LABELS[s]).join(' or ');

/** Why a searched or filtered list is empty. */
export function noMatchText(search: string, statuses: readonly ActivityStatus[]): string {
  if (search && statuses.length)
    return `No task matches “${search}” with the status ${statusList(statuses)}.`;
  if (search) return `No task matches “${search}”.`;
  return `No task has the status ${statusList(statuses)}.`;
}

/** The Progress Summary tile's line: what its number counts. */
export function tileDetail(kind: 'action_required' | 'planned', value: number): string {
  const tasks = `${value} SEO plan task${value === 1 ? '' : 's'}`;
  return kind === 'planned'
    ? `${tasks} planned or in progress this month.`
    : `${tasks} this month ${value === 1 ? 'needs' : 'need'} your action.`;
}
