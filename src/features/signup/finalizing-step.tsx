/**
 * The last step: 'Creating your new account' for 3 s, then 'Your account has been created
 * successfully' and 'Go to Dashboard', which clears the registration data (spec part 1 §2, §4, §9).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { texts } from './messages';
import { clearRegistration } from './signup-api';
import type { Wizard } from './use-wizard';

export const CREATING_MS = 3000;

export function FinalizingStep({ wizard }: { wizard: Wizard }) {
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(true);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setCreating(false), CREATING_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!creating) button.current?.focus();
  }, [creating]);

  async function goToDashboard() {
    wizard.close();
    await clearRegistration();
    navigate('/dashboard');
  }

  return (
    <div className="signup-final" aria-live="polite">
      {creating ? (
        <>
          <span className="spinner spinner--large" aria-hidden="true" />
          <h1 id="signup-step-title" className="signup-card__title">
            {texts.creating}
          </h1>
          <p className="signup-card__lead">This only takes a moment.</p>
        </>
      ) : (
        <>
          <svg className="signup-final__done" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
            <path
              d="M14 25l7 7 14-15"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
              strokeLinecap="round"
            />
          </svg>
          <h1 id="signup-step-title" className="signup-card__title">
            {texts.created}
          </h1>
          <p className="signup-card__lead">
            Your leads, campaigns and invoices are waiting in your dashboard.
          </p>
          <button ref={button} type="button" className="button button--primary" onClick={goToDashboard}>
            {texts.goToDashboard}
          </button>
        </>
      )}
    </div>
  );
}
