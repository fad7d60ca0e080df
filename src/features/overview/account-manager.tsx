/**
 * The account manager widget (spec part 2 §2): name, email, avatar (or the default), and 'View My
 * Account' (the Account Settings page). Without a manager (none assigned, or the answer never
 * arrived) it says so and gives the support line instead. The page hides it in SEO mode.
 */
import { Link } from 'wouter';
import { AccountManagerResponse } from '../../api/contracts/tasks';
import { displayPhone, telHref } from '../../lib/phone';
import { ROUTES } from '../../lib/routes';
import { useCachedRead } from '../../sync/use-cached-read';
import { EmailText } from '../../ui/email-text';
import { OVERVIEW_TEXTS, SUPPORT_PHONE } from './messages';
import { ACCOUNT_MANAGER_PATH } from './overview-api';

export function AccountManager() {
  const read = useCachedRead(AccountManagerResponse, ACCOUNT_MANAGER_PATH, { freshForMs: 60_000 });
  const manager = read.data?.account_manager;
  return (
    <section className="overview-card account-manager" aria-labelledby="account-manager-title">
      <h2 id="account-manager-title" className="overview-card__title">
        Your Account Manager
      </h2>
      {manager ? (
        <div className="account-manager__body">
          {manager.avatar ? (
            <img className="account-manager__avatar" src={manager.avatar} alt="" />
          ) : (
            <span className="account-manager__avatar account-manager__avatar--default" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z"
                />
              </svg>
            </span>
          )}
          <div>
            <p className="account-manager__name">{manager.name}</p>
            <a className="account-manager__email" href={`mailto:${manager.email}`}>
              <EmailText email={manager.email} />
            </a>
          </div>
        </div>
      ) : read.loading ? (
        <p className="activity-manager__muted">Loading…</p>
      ) : (
        <div className="account-manager__none">
          <p className="account-manager__name account-manager__line">
            {read.error ? OVERVIEW_TEXTS.managerUnloaded : OVERVIEW_TEXTS.noManager}
          </p>
          <p className="activity-manager__muted account-manager__line">
            {OVERVIEW_TEXTS.supportLead}{' '}
            <a className="account-manager__support" href={telHref(SUPPORT_PHONE) ?? undefined}>
              {displayPhone(SUPPORT_PHONE)}
            </a>
          </p>
        </div>
      )}
      <Link className="button button--ghost account-manager__link" href={ROUTES.accountSettings}>
        View My Account
      </Link>
    </section>
  );
}
