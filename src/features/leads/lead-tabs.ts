/**
 * Which drawer tabs a lead has (spec part 3 §2.7): Details always; Questions not for calls;
 * Transcript not for forms, nor for calls without transcriptions; Demographic not when empty.
 */
import type { LeadDetail } from '../../api/contracts/leads';

export type LeadTab = 'details' | 'questions' | 'transcript' | 'demographic';

export const TAB_LABELS: Record<LeadTab, string> = {
  details: 'Details',
  questions: 'Questions',
  transcript: 'Transcript',
  demographic: 'Demographic',
};

export function visibleTabs(lead: Pick<LeadDetail, 'type' | 'details' | 'demographic'>): LeadTab[] {
  const tabs: LeadTab[] = ['details'];
  if (lead.type !== 'Call') tabs.push('questions');
  if (lead.type === 'Call' && lead.details.transcriptions.length > 0) tabs.push('transcript');
  const demographic = lead.demographic;
  if (demographic && (demographic.owner.length > 0 || demographic.property.length > 0))
    tabs.push('demographic');
  return tabs;
}
