/**
 * The wizard's header (spec part 1 §2): a back link ('Login' on step 1, otherwise the previous
 * step's name), the logo, and a progress bar of current / total steps as a rounded percentage,
 * hidden while editing step 2.
 */
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@/lib/config';
import { backLink, type Flow, type Forcing, progressPercent, totalSteps } from './steps';

const chevron = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export type SignupHeaderProps = {
  flow: Flow;
  step: number;
  forcing: Forcing;
  /** Editing step 2 (a registration link or adding an account): no progress bar. */
  editing: boolean;
  signedIn: boolean;
  onBack: (step: number) => void;
};

export function SignupHeader({ flow, step, forcing, editing, signedIn, onBack }: SignupHeaderProps) {
  const back = backLink(flow, step, forcing);
  const percent = progressPercent(flow, step);
  return (
    <header className="signup-header">
      <div className="signup-header__row">
        <div className="signup-header__back">
          {back?.to === 'login' ? (
            <Link className="signup-back" href="/login">
              {chevron}
              <span className="signup-back__label">{back.label}</span>
            </Link>
          ) : back ? (
            <button
              type="button"
              className="signup-back link-button"
              onClick={() => onBack(back.to as number)}
            >
              {chevron}
              <span className="signup-back__label">{back.label}</span>
            </button>
          ) : null}
        </div>
        <Link
          className="signup-header__logo"
          href={signedIn ? '/dashboard' : '/login'}
          aria-label={`${PRODUCT_NAME} home`}
        >
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <div className="signup-header__count" aria-hidden="true">
          {editing ? null : (
            <>
              <span className="signup-header__step-word">Step </span>
              {`${step} of ${totalSteps(flow)} · ${percent}%`}
            </>
          )}
        </div>
      </div>
      {editing ? null : (
        <div
          className="signup-progress"
          role="progressbar"
          aria-label="Sign-up progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%, step ${step} of ${totalSteps(flow)}`}
        >
          <span className="signup-progress__bar" style={{ width: `${percent}%` }} />
        </div>
      )}
    </header>
  );
}
