/**
 * Which Account Settings tabs a user sees (spec part 2 §2, §6), in display order: My Profile
 * unless the user's only platform is socius; Badges only with platform bpr or fsr. Pure.
 */
import { ACCOUNT_SETTINGS_SUBTABS } from '../../lib/tabs';

export type AccountTab = 'profile' | 'linked-accounts' | 'security' | 'badges';
export const ACCOUNT_TABS = ACCOUNT_SETTINGS_SUBTABS.map((tab) => tab.path) as AccountTab[];

export type BadgeSet = 'bpr' | 'fsr';

export function badgeSets(platforms: readonly string[]): BadgeSet[] {
  return (['bpr', 'fsr'] as const).filter((platform) => platforms.includes(platform));
}

export function visibleTabs(platforms: readonly string[]): AccountTab[] {
  const sociusOnly = platforms.length > 0 && platforms.every((platform) => platform === 'socius');
  return ACCOUNT_TABS.filter((tab) => {
    if (tab === 'profile') return !sociusOnly;
    if (tab === 'badges') return badgeSets(platforms).length > 0;
    return true;
  });
}
