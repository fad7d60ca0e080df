/**
 * The connect-accounts step: the linked accounts the portal already knows (name, username), read
 * fresh from the accounts summary, and 'Add a new account', which opens the external calls portal.
 * Moving on makes no call: the finalizing step starts in its creating state.
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { LinkedAccount } from '@/api/contracts/signup';
import { ApiError } from '@/api/errors';
import { CALLS_PORTAL_URL } from '@/lib/config';
import { headings, texts } from './messages';
import { getAccountsSummary } from './signup-api';
import { StepActions } from './step-actions';
import type { Wizard } from './use-wizard';

export function ConnectAccountsStep({ wizard }: { wizard: Wizard }) {
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getAccountsSummary()
      .then((answer) => current && setAccounts(answer.accounts))
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof ApiError ? failure.message : 'Your accounts could not be loaded.');
      });
    return () => {
      current = false;
    };
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void wizard.advance({ creating: true });
  }

  return (
    <form className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.connect.title}
      </h1>
      <p className="signup-card__lead">{headings.connect.lead}</p>
      <section className="linked-accounts" aria-label="Linked accounts">
        {accounts === null && !error ? (
          <span className="spinner spinner--large" role="status" aria-label="Loading your accounts" />
        ) : null}
        {error ? <p className="form__notice">{error}</p> : null}
        {accounts?.length === 0 ? (
          <p className="linked-accounts__empty">No accounts are linked yet. Add one from the calls portal.</p>
        ) : null}
        {accounts?.length ? (
          <ul className="linked-accounts__list">
            {accounts.map((account) => (
              <li key={account.ref_id} className="linked-accounts__item">
                <span className="linked-accounts__name">{account.name}</span>
                <span className="linked-accounts__username">{account.username ?? 'No username yet'}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <a className="button button--ghost" href={CALLS_PORTAL_URL} target="_blank" rel="noopener noreferrer">
          {texts.addNewAccount}
          <span className="visually-hidden"> (opens the calls portal in a new tab)</span>
        </a>
      </section>
      <StepActions label={texts.nextStep} />
    </form>
  );
}
