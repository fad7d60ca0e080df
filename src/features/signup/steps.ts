/**
 * The wizard's step sets and navigation (spec part 1 §2 "Sign-up wizard", §4 "Wizard"), as pure
 * functions over a step number (1-based).
 *
 * - Three step sets: standard, legacy (ms_id; also the pay-per-call flavour) and custom (lead_id).
 * - Next and back never leave [first, total]; `first` is 2 when step 2 is forced (editing step 2,
 *   a registration token, adding an account): there is no account-creation step to go back to.
 */

export type StepId =
  | 'account-creation'
  | 'business-profile'
  | 'connect-accounts'
  | 'payment'
  | 'additional-ways'
  | 'finalizing-account';

export type Flow = 'standard' | 'legacy' | 'custom';

export const STEP_SETS: Record<Flow, readonly StepId[]> = {
  standard: ['account-creation', 'business-profile', 'connect-accounts', 'finalizing-account'],
  legacy: ['account-creation', 'business-profile', 'additional-ways', 'payment', 'finalizing-account'],
  custom: ['account-creation', 'business-profile'],
};

/** Step names, as the header's back link shows them. */
export const STEP_LABELS: Record<StepId, string> = {
  'account-creation': 'Account Setup',
  'business-profile': 'Business Profile',
  'connect-accounts': 'Connect Accounts',
  'additional-ways': 'Additional Ways',
  payment: 'Payment Methods',
  'finalizing-account': 'Finalizing Account',
};

export type Forcing = { editStep2: boolean; regToken: boolean; addAccount: boolean };

export const isStep2Forced = (forcing: Forcing) =>
  forcing.editStep2 || forcing.regToken || forcing.addAccount;

export const totalSteps = (flow: Flow) => STEP_SETS[flow].length;

export const firstStep = (forcing: Forcing) => (isStep2Forced(forcing) ? 2 : 1);

/** `step` kept inside [first, total] (a stored or computed step is never trusted). */
export function clampStep(flow: Flow, step: number, forcing: Forcing): number {
  const whole = Number.isFinite(step) ? Math.trunc(step) : 1;
  return Math.min(totalSteps(flow), Math.max(firstStep(forcing), whole));
}

export const nextStep = (flow: Flow, step: number, forcing: Forcing) => clampStep(flow, step + 1, forcing);

export const previousStep = (flow: Flow, step: number, forcing: Forcing) =>
  clampStep(flow, step - 1, forcing);

const NOT_FORCED: Forcing = { editStep2: false, regToken: false, addAccount: false };

export const stepId = (flow: Flow, step: number): StepId =>
  STEP_SETS[flow][clampStep(flow, step, NOT_FORCED) - 1];

/** Current / total as a rounded percentage, for the progress bar. */
export const progressPercent = (flow: Flow, step: number) => Math.round((step / totalSteps(flow)) * 100);

/**
 * The header's back link: 'Login' on step 1, the previous step's name otherwise, nothing when
 * there is nowhere to go back to (a forced step 2) or nothing to go back for (the account is
 * created: its earlier steps would show fields that can no longer change it).
 */
export function backLink(
  flow: Flow,
  step: number,
  forcing: Forcing,
): { label: string; to: 'login' | number } | null {
  if (step <= 1) return { label: 'Login', to: 'login' };
  if (stepId(flow, step) === 'finalizing-account') return null;
  const previous = previousStep(flow, step, forcing);
  if (previous === step) return null;
  return { label: STEP_LABELS[stepId(flow, previous)], to: previous };
}
