/**
 * /signup, the sign-up wizard (spec part 1 §2 "Sign-up wizard", §4): standard, legacy-platform
 * (ms_id, with its lead-credit banner), custom lead-based (lead_id; `prefill=1` for the prefilled
 * variant), the pay-per-call flavour (`flow=pay-per-call`) and adding an account.
 *
 * - The query (token, ms_id, lead_id, ...) is read once on entry, then cleared from the address.
 * - Progress lives in the session store (use-wizard.ts), so a reload resumes at the same step.
 * - Each step is its own component, keyed by step: validate, post, then advance.
 */
import './signup-page.css';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { peekSession } from '@/db/session';
import { PRODUCT_NAME } from '@/lib/config';
import { CurrentStep } from './current-step';
import { texts } from './messages';
import { saveProgress } from './signup-api';
import { SignupHeader } from './signup-header';
import { STEP_LABELS, stepId } from './steps';
import { useSignupEntry } from './use-signup-entry';
import { useWizard } from './use-wizard';
import { enterWizard } from './wizard-state';

export default function SignupPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [entry] = useState(() => enterWizard(search, peekSession()));
  const wizard = useWizard(entry.state);
  const { state, session, forcing } = wizard;
  const { loading, notice } = useSignupEntry(entry, wizard);
  const current = stepId(state.flow, state.step);
  const legacyLink = state.flow === 'legacy' && state.variant === 'default' && Boolean(session.ms_id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: entry happens once; the query was read by enterWizard
  useEffect(() => {
    if (search) navigate('/signup', { replace: true });
    saveProgress(entry.state, entry.patch).catch((error: unknown) => console.error(error));
  }, []);

  // A new step is announced by moving focus to its heading (not on the first render: the page
  // opens at the top as any other).
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step || loading) return;
    shownStep.current = state.step;
    const heading = document.getElementById('signup-step-title');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  }, [state.step, loading]);

  return (
    <div className="signup">
      <title>{`${STEP_LABELS[current]} · Sign up · ${PRODUCT_NAME}`}</title>
      <SignupHeader
        flow={state.flow}
        step={state.step}
        forcing={forcing}
        editing={session['edit-step-2'] || state.add_account}
        signedIn={Boolean(session.token)}
        onBack={(step) => void wizard.goTo(step)}
      />
      <main className="signup-main">
        {legacyLink && current !== 'finalizing-account' ? (
          <p className="signup-promo" role="note">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            {texts.promo}
          </p>
        ) : null}
        <section className="signup-card" data-step={current}>
          {notice ? (
            <p className="form__notice" role="alert">
              {notice}
            </p>
          ) : null}
          {loading ? (
            <div className="signup-loading" role="status" aria-label="Loading your details">
              <span className="spinner spinner--large" aria-hidden="true" />
            </div>
          ) : (
            <CurrentStep key={`${state.flow}:${state.step}`} wizard={wizard} />
          )}
        </section>
      </main>
    </div>
  );
}
