/**
 * The wizard's progress for the page: the current step, what has been typed, and moving between
 * steps. Every change is kept in the session store (typed values after a short pause, steps at
 * once), so a reload resumes here; `close()` stops that once sign-up is finished or abandoned.
 * The step on screen owns its values in its form (use-wizard-form.ts), seeded from these and
 * handing every change back through `setValues`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Session } from '@/db/session';
import { useSession } from '@/db/use-session';
import { saveProgress } from './signup-api';
import { clampStep, nextStep, previousStep } from './steps';
import { forcingOf, type Values, type WizardState } from './wizard-state';

const SAVE_DELAY_MS = 400;

export type Wizard = ReturnType<typeof useWizard>;

export function useWizard(initial: WizardState) {
  const session = useSession();
  const forcing = forcingOf(session);
  const [state, setState] = useState(initial);
  const current = useRef(initial);
  const closed = useRef(false);
  current.current = state;

  // Typed values reach the store after a pause: one write per burst of typing, not per key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the values is the trigger
  useEffect(() => {
    if (closed.current) return;
    const timer = setTimeout(() => {
      if (!closed.current) void saveProgress(current.current).catch((error: unknown) => console.error(error));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.values]);

  const setValues = useCallback((values: Values) => {
    setState((s) => ({ ...s, values: { ...s.values, ...values } }));
  }, []);

  /** Moves to `step` (kept in range) with a state patch, and stores it with any session fields. */
  const goTo = useCallback(
    async (step: number, patch: Partial<WizardState> = {}, sessionPatch: Partial<Session> = {}) => {
      const base = { ...current.current, ...patch };
      const next = { ...base, step: clampStep(base.flow, step, forcing) };
      current.current = next;
      setState(next);
      window.scrollTo?.({ top: 0 });
      if (!closed.current) await saveProgress(next, sessionPatch);
    },
    [forcing],
  );

  const advance = (patch: Partial<WizardState> = {}, sessionPatch: Partial<Session> = {}) =>
    goTo(nextStep(state.flow, state.step, forcing), patch, sessionPatch);
  const back = () => goTo(previousStep(state.flow, state.step, forcing));
  const close = () => {
    closed.current = true;
  };

  return { state, session, forcing, setValues, goTo, advance, back, close };
}
