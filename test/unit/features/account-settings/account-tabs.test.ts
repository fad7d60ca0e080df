/** Account Settings tab visibility (spec part 2 §2, §6). */
import { describe, expect, it } from 'vitest';
import { badgeSets, visibleTabs } from '../../../../src/features/account-settings/account-tabs';

describe('account settings tabs', () => {
  it('hides My Profile when socius is the only platform', () => {
    expect(visibleTabs(['socius'])).toEqual(['linked-accounts', 'security']);
    expect(visibleTabs(['socius', 'live'])).toEqual(['profile', 'linked-accounts', 'security']);
  });

  it('shows Badges only for bpr or fsr, with their sets', () => {
    expect(visibleTabs(['live'])).not.toContain('badges');
    expect(visibleTabs(['live', 'bpr'])).toContain('badges');
    expect(badgeSets(['fsr', 'bpr'])).toEqual(['bpr', 'fsr']);
    expect(badgeSets(['direct'])).toEqual([]);
  });
});
