/**
 * A step's main button and the message above it (spec part 1 §2 "Button labels"): the step's own
 * label ('Next Step', 'Back to Dashboard', "Let's Go", 'Review My Info'), 'Please Wait...' while
 * posting, 'Go To Login' after a duplicate email. The offline notice is announced as an alert.
 */
import { texts } from './messages';

export type StepActionsProps = {
  label: string;
  posting?: boolean;
  emailTaken?: boolean;
  notice?: string | null;
  disabled?: boolean;
};

export function StepActions({ label, posting, emailTaken, notice, disabled }: StepActionsProps) {
  const text = posting ? texts.pleaseWait : emailTaken ? texts.goToLogin : label;
  return (
    <div className="signup-actions">
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={posting || (disabled && !emailTaken)}
        aria-busy={posting || undefined}
      >
        {posting ? <span className="spinner" aria-hidden="true" /> : null}
        {text}
      </button>
    </div>
  );
}
