/**
 * One wizard step's form on the one form system (src/ui/form): react-hook-form owns the step's
 * values while the step is on screen; the wizard (use-wizard.ts) owns them as saved progress.
 *
 * - Seeded from the wizard's saved values (defaultValues); every change goes back to the wizard,
 *   which stores it after a short pause, so a reload resumes with what was typed. The passwords
 *   (wizard-state.ts SECRET_FIELDS) never go back: they live in the form only.
 * - The rules are the step's shared contract (STEP_RULES, also the server's): a field is checked
 *   when left with something typed, then live; on submit every field is, and the first invalid
 *   one gets focus.
 * - Submit is "validate, post, then advance" (spec part 1 §4). Offline (requireConnection) the
 *   step says "You're offline - this needs a connection" and nothing typed is lost. A 422 puts
 *   the server's messages on the fields (applyServerErrors); an email error not containing
 *   'Invalid' means the email is taken: the button offers 'Go To Login' until the flag resets 3 s
 *   later. 'Sign-up already completed' from any step: the session is cleared and the user goes to
 *   /login (the api client has shown the error toast).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fieldError, SIGNUP_COMPLETED, STEP_RULES, type StepForm } from '@/api/contracts/signup';
import { OFFLINE_MESSAGE } from '@/api/error-policy';
import { ApiError, type FieldErrors } from '@/api/errors';
import { requireConnection } from '@/sync/connectivity-guard';
import type { FieldRules } from '@/ui/form/rules-struct';
import { applyServerErrors } from '@/ui/form/server-errors';
import { type FormValues, useRulesForm } from '@/ui/form/use-rules-form';
import { list, str } from './form-values';
import { leaveToLogin } from './signup-api';
import type { Wizard } from './use-wizard';
import { SECRET_FIELDS, type Values } from './wizard-state';

const EMAIL_ERROR_RESET_MS = 3000;

const isEmailTaken = (errors: FieldErrors | null) =>
  Boolean(errors?.email?.length && !errors.email.some((message) => message.includes('Invalid')));

export const fieldId = (field: string) => `signup-${field.replace(/_/g, '-')}`;

/** A step's values: text fields, and lists of names (categories). */
export type StepValues = FormValues;

/** A step's fields: each name with its kind ('' text, [] list). */
type StepFields = Record<string, '' | readonly []>;

/** The wizard's saved value for each field of the step, of the field's kind; passwords start empty. */
export function seedValues(fields: StepFields, saved: Values): StepValues {
  return Object.fromEntries(
    Object.entries(fields).map(([field, kind]) => {
      if (SECRET_FIELDS.includes(field)) return [field, ''];
      return [field, Array.isArray(kind) ? list(saved[field]) : str(saved[field])];
    }),
  );
}

/** What of the form's values goes back to the wizard: everything but the passwords. */
export function savedValues(values: Partial<Record<string, unknown>>): Values {
  const out: Values = {};
  for (const [field, value] of Object.entries(values)) {
    if (SECRET_FIELDS.includes(field)) continue;
    if (typeof value === 'string') out[field] = value;
    else if (Array.isArray(value)) out[field] = list(value);
  }
  return out;
}

/** The step's contract rules as form rules (a list field's rule reads the list from the values). */
function stepRules(step: StepForm | null): FieldRules<StepValues> {
  if (!step) return {};
  return Object.fromEntries(
    Object.keys(STEP_RULES[step]).map((field) => [
      field,
      (_value: string, values: StepValues) => fieldError(step, field, values),
    ]),
  );
}

type WizardFormOptions = {
  /** The contract's rule set; null when the step only moves on (the account already exists). */
  rules: StepForm | null;
  fields: StepFields;
  trimmed?: readonly string[];
};

/** `post` gets the valid (trimmed) values and them merged into the wizard's saved values. */
export type StepPost = (values: StepValues, saved: Values) => Promise<void>;

export function useWizardForm(wizard: Wizard, { rules, fields, trimmed = [] }: WizardFormOptions) {
  const [, navigate] = useLocation();
  const [defaultValues] = useState(() => seedValues(fields, wizard.state.values));
  const form = useRulesForm<StepValues>({ defaultValues, rules: stepRules(rules), trimmed });
  const [posting, setPosting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // Every change is progress: the wizard keeps it (and stores it after a pause). A change also
  // retires the offline notice, which was about the values before it. The confirmation is judged
  // against the password: once it was checked, it follows the password live.
  const onChange = useRef<(values: Partial<Record<string, unknown>>, name?: string) => void>(() => {});
  onChange.current = (values, name) => {
    wizard.setValues(savedValues(values));
    if (name) setNotice(null);
    const confirmChecked = form.formState.isSubmitted || form.getFieldState('confirm_password').error;
    if (name === 'password' && 'confirm_password' in values && confirmChecked) {
      form.checkField('confirm_password');
    }
  };
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values, { name }) => onChange.current(values, name));
    return () => subscription.unsubscribe();
  }, [watch]);

  async function post(run: StepPost, values: StepValues): Promise<boolean> {
    setPosting(true);
    try {
      requireConnection();
      setNotice(null);
      // The submitted values are saved as they were sent (trimmed), whether or not a render has
      // passed them to the wizard yet.
      await run(values, savedValues({ ...wizard.state.values, ...values }));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) return false;
      if (error.offline) setNotice(OFFLINE_MESSAGE);
      else if (error.message === SIGNUP_COMPLETED) await leaveToLogin(navigate);
      else if (error.fieldErrors) {
        applyServerErrors(form, error);
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

  /** Validates, then runs `run` (the call and what follows it); answers whether it succeeded. */
  async function submit(event: FormEvent | undefined, run: StepPost): Promise<boolean> {
    event?.preventDefault();
    if (emailTaken) {
      navigate('/login');
      return false;
    }
    let ok = false;
    await form.submitWith(async (values) => {
      ok = await post(run, values);
    })();
    return ok;
  }

  return { form, submit, posting, notice, emailTaken };
}
