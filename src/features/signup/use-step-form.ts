/**
 * One wizard step's form: which message each field shows, and the submit cycle "validate, post,
 * then advance" (spec part 1 §4) with its failure states.
 *
 * - Before the first submit each input checks itself when left (ui/inputs); after it, the step's
 *   rules (the shared contract) decide every message live. A server message for a field shows
 *   until that field is changed.
 * - Offline (requireConnection): the step says "You're offline - this needs a connection" and
 *   nothing typed is lost.
 * - A 422 email error not containing 'Invalid' means the email is taken: the button offers
 *   'Go To Login' until the error flag resets 3 s later.
 * - 'Sign-up already completed' from any step: the session is cleared and the user goes to /login
 *   (the api client has shown the error toast).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fieldError, SIGNUP_COMPLETED, STEP_RULES, type StepForm } from '../../api/contracts/signup';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError, type FieldErrors } from '../../api/errors';
import { requireConnection } from '../../sync/connectivity-guard';
import { leaveToLogin } from './signup-api';

export const EMAIL_ERROR_RESET_MS = 3000;

export const isEmailTaken = (errors: FieldErrors | null) =>
  Boolean(errors?.email?.length && !errors.email.some((message) => message.includes('Invalid')));

export const fieldId = (field: string) => `signup-${field.replace(/_/g, '-')}`;

export type StepFormOptions = {
  /** Checks beyond the shared rules (e.g. the terms box): field -> message or null. */
  extra?: () => Record<string, string | null>;
};

export function useStepForm(
  form: StepForm | null,
  values: Record<string, unknown>,
  options: StepFormOptions = {},
) {
  const [, navigate] = useLocation();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [posting, setPosting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const errorFor = (field: string): string | null | undefined => {
    const server = serverErrors[field]?.[0];
    if (server) return server;
    if (!submitted) return undefined;
    const extra = options.extra?.()[field];
    if (extra !== undefined) return extra;
    return form ? fieldError(form, field, values) : null;
  };

  /** A field changed: its server message no longer applies. */
  const touched = (field: string) => {
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
    if (notice) setNotice(null);
  };

  function firstInvalid(): string | null {
    const fields = [...(form ? Object.keys(STEP_RULES[form]) : []), ...Object.keys(options.extra?.() ?? {})];
    const found = fields.find((field) => {
      const message = options.extra?.()[field] ?? (form ? fieldError(form, field, values) : null);
      return Boolean(message);
    });
    return found ?? null;
  }

  /** Validates, then runs `post` (the call and what follows it); answers whether it succeeded. */
  async function submit(post: () => Promise<void>): Promise<boolean> {
    if (emailTaken) {
      navigate('/login');
      return false;
    }
    setSubmitted(true);
    const invalid = firstInvalid();
    if (invalid) {
      document.getElementById(fieldId(invalid))?.focus();
      return false;
    }
    setPosting(true);
    try {
      requireConnection();
      setNotice(null);
      await post();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) return false;
      if (error.offline) setNotice(OFFLINE_MESSAGE);
      else if (error.message === SIGNUP_COMPLETED) await leaveToLogin(navigate);
      else if (error.fieldErrors) {
        setServerErrors(error.fieldErrors);
        const first = Object.keys(error.fieldErrors)[0];
        if (first) document.getElementById(fieldId(first))?.focus();
        if (isEmailTaken(error.fieldErrors)) {
          setEmailTaken(true);
          clearTimeout(resetTimer.current);
          resetTimer.current = setTimeout(() => setEmailTaken(false), EMAIL_ERROR_RESET_MS);
        }
      }
      return false;
    } finally {
      setPosting(false);
    }
  }

  return { errorFor, touched, submit, posting, notice, setNotice, emailTaken, submitted };
}
