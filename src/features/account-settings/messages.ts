/**
 * Account settings' product copy: the spec's toasts and labels (part 2 §2, §8), verbatim, and
 * our own words where the spec has none.
 */
export { ACCOUNT_TOASTS as TOASTS } from '../../api/contracts/account';

export const QUEUED = 'Your changes will be sent when the connection returns.';

export const TAB_LABELS = {
  profile: 'My Profile',
  'linked-accounts': 'Linked Accounts',
  security: 'Security',
  badges: 'Badges',
} as const;

export const EMPTY = {
  accounts: 'No data available',
} as const;

/** The profile tab's own toast for its company details (spec part 2 §8). */
export const BUSINESS_DETAILS_SAVED = 'Business details has been updated successfully';
