/**
 * Linked Accounts (spec part 2 §2, §3 "Linked account", §6): one card per account (name, username,
 * brand) with its lead transfer settings, and 'Add New Account' only when the server allows it
 * (can_add_account), opening the add-existing-account modal. The summary is a POST read, cached
 * like any other (offline: the stored copy, "as of"). The tab's h2 (for screen readers: the tab
 * link already says it) keeps the headings in order: page h1, tab h2, each account card's h3.
 */
import { useState } from 'react';
import { AccountsSummaryResponse } from '../../api/contracts/account';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { SUMMARY_PATH } from './account-api';
import { AccountCard } from './account-card';
import { AddAccountDialog } from './add-account-dialog';
import { EMPTY } from './messages';

const BODY = {};

export function LinkedAccountsTab() {
  const summary = useCachedRead(AccountsSummaryResponse, SUMMARY_PATH, { method: 'POST', body: BODY });
  const [adding, setAdding] = useState(false);
  const data = summary.data;
  return (
    <div className="settings-stack">
      <h2 className="visually-hidden">Linked Accounts</h2>
      <div className="settings-toolbar">
        <OfflineBadge offline={summary.offline} asOf={summary.asOf} />
        {data?.can_add_account ? (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add New Account
          </button>
        ) : null}
      </div>
      {data === undefined ? (
        summary.loading ? (
          <p className="settings-state">Loading your accounts…</p>
        ) : (
          <p className="settings-state settings-state--error" role="alert">
            {summary.error?.message ?? 'Your accounts could not be loaded.'}
          </p>
        )
      ) : data.accounts.length === 0 ? (
        <p className="settings-state">{EMPTY.accounts}</p>
      ) : (
        <ul className="account-cards">
          {data.accounts.map((account) => (
            <li key={account.ref_id}>
              <AccountCard account={account} onSaved={summary.refresh} />
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddAccountDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
