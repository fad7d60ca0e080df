/**
 * Staff signed in as the customer (an impersonate_id in the session, app/impersonation-banner.tsx)
 * may read billing but not move money: the server refuses those routes with 403 (MONEY_ROUTES in
 * server/plugins/auth.ts), so the screens turn the actions off and say why instead of failing.
 */
import { useSession } from '../../db/use-session';

export const STAFF_NOTE_ID = 'billing-staff-note';
export const STAFF_MONEY_NOTE =
  'Staff view: paying invoices and adding or changing payment methods is left to the customer, so those actions are off.';

/** Whether the session is staff impersonating the customer. */
export function useStaffView(): boolean {
  const session = useSession();
  return Boolean(session.token) && session.impersonate_id !== null;
}
