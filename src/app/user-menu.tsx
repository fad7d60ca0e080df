/**
 * The header's user menu (spec part 1 §2 "Dashboard shell"): the user's name on the button, and a
 * dropdown with name, email, My Account (/dashboard/account-settings), Outbox (the changes waiting
 * to sync and those sent today, reachable when the header's sync indicator is hidden because
 * nothing waits) and Sign Out.
 * Sign Out ends the session (sign-out.ts: stored first, then navigate) and toasts 'Logout
 * Successful'; with changes still waiting in the outbox it asks first, since signing out deletes
 * them from the device.
 */
import './user-menu.css';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '@/api/contracts/session';
import { ROUTES } from '@/lib/routes';
import { SIGN_OUT_WARNING, unsentCount } from '@/sync/sign-out-guard';
import { OutboxDialog } from '@/sync/ui/outbox-panel';
import { Modal } from '@/ui/modal';
import { useDisclosure } from '@/ui/use-disclosure';
import { signOutAndLeave } from './sign-out';

export const fullName = (user: SessionUser | null) =>
  [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || 'Account';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function UserMenu({ user }: { user: SessionUser | null }) {
  const menu = useDisclosure();
  const [, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const name = fullName(user);

  async function signOutNow() {
    setUnsent(0);
    setSigningOut(true);
    await signOutAndLeave((to) => navigate(to, { replace: true }));
  }

  async function onSignOut() {
    const count = await unsentCount();
    menu.close();
    if (count > 0) setUnsent(count);
    else await signOutNow();
  }

  return (
    <div className="dropdown user-menu" {...menu.rootProps}>
      <button className="user-menu__button" {...menu.buttonProps}>
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="user-menu__name">{name}</span>
        <svg
          className="chevron"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="dropdown__panel dropdown__panel--end user-menu__panel" {...menu.panelProps}>
        <div className="user-menu__identity">
          <strong className="user-menu__full-name">{name}</strong>
          {user?.email ? <span className="user-menu__email">{user.email}</span> : null}
        </div>
        <ul className="dropdown__list">
          <li>
            <Link className="dropdown__item" href={ROUTES.accountSettings} onClick={() => menu.close()}>
              My Account
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="dropdown__item"
              onClick={() => {
                menu.close();
                setOutboxOpen(true);
              }}
            >
              Outbox
            </button>
          </li>
          <li>
            <button
              type="button"
              className="dropdown__item"
              onClick={() => void onSignOut()}
              disabled={signingOut}
              aria-busy={signingOut}
            >
              Sign Out
            </button>
          </li>
        </ul>
      </div>
      {outboxOpen ? <OutboxDialog onClose={() => setOutboxOpen(false)} /> : null}
      {unsent > 0 ? (
        <Modal
          title="Sign out?"
          size="small"
          onClose={() => setUnsent(0)}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={() => setUnsent(0)}>
                Stay signed in
              </button>
              <button type="button" className="button button--danger" onClick={() => void signOutNow()}>
                Sign out anyway
              </button>
            </>
          }
        >
          <p>{SIGN_OUT_WARNING(unsent)}</p>
        </Modal>
      ) : null}
    </div>
  );
}
