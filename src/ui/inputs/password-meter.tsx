/**
 * The live password strength meter (spec part 1 §2 step 1): a four-step bar with a word, and the
 * rules (length, upper and lower case, a symbol, a number), each marked met or not as the user types.
 *
 * Only the strength word is a live region; the rule list is tied to the input by aria-describedby,
 * so it is read on focus instead of on every keystroke.
 */
import { passwordChecks, passwordStrength } from '../../lib/password-strength';

export type PasswordMeterProps = { id: string; value: string };

export function PasswordMeter({ id, value }: PasswordMeterProps) {
  const checks = passwordChecks(value);
  const { score, label } = passwordStrength(value);
  return (
    <div className="password-meter">
      <div className="password-meter__bar" data-score={score} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <p className="password-meter__label" aria-live="polite">
        {label ? `Password strength: ${label}` : 'Password strength'}
      </p>
      <ul id={id} className="password-meter__checks" aria-label="Password must have">
        {checks.map((check) => (
          <li key={check.id} className="password-meter__check" data-met={check.met}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              {check.met ? (
                <path
                  d="M3 8.5l3 3 7-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              ) : (
                <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              )}
            </svg>
            {check.label}
            <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
