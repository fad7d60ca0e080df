/**
 * While a staff member is signed in as a customer (an impersonate_id is stored), every screen says
 * whose account is shown, so nobody mistakes it for their own session (spec part 1 §4, §6).
 */
import { useSession } from '../db/use-session';
import { fullName } from './user-menu';

export function ImpersonationBanner() {
  const session = useSession();
  if (!session.token || session.impersonate_id === null) return null;
  const name = fullName(session.user);
  const email = session.user?.email;
  return (
    <section className="impersonation-banner" aria-label="Impersonation">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="12" cy="12" r="3" fill="currentColor" />
      </svg>
      <p>
        Staff view: you are viewing the account of <strong>{name}</strong>
        {email && email !== name ? ` (${email})` : ''}. Changes you make apply to their account.
      </p>
    </section>
  );
}
