/**
 * The wizard's progress as kept in the session store's 'account-reg-info' (so a reload resumes
 * where the customer was), and how an entry to /signup decides it. Pure functions.
 *
 * - Stored progress is never trusted: it is checked against `WizardState` and dropped if it does
 *   not fit. Passwords are never stored (`storable`).
 * - The query (token, ms_id, lead_id with the link's key, and this app's flow=pay-per-call /
 *   prefill=1) is read once on entry; the same link opened again resumes its stored progress
 *   instead of starting over.
 * - A legacy or lead link's key is what lets its page read the customer's details and sign them
 *   up (the server answers an id without it as unknown); it is kept with the progress.
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  is,
  nullable,
  object,
  optional,
  record,
  string,
  union,
} from 'superstruct';
import type { Session } from '@/db/session';
import { clampStep, type Flow, type Forcing } from './steps';

export const Variant = enums(['default', 'pay-per-call', 'prefilled']);
export type Variant = Infer<typeof Variant>;

export const FieldValue = union([string(), array(string()), boolean()]);
export type Values = Record<string, string | string[] | boolean>;

export const WizardState = object({
  flow: enums(['standard', 'legacy', 'custom']),
  variant: Variant,
  step: integer(),
  /** Step 1 is done: the account exists (its form is then read-only). */
  registered: boolean(),
  /** The finalizing step starts in its creating state. */
  creating: boolean(),
  add_account: boolean(),
  lead_id: nullable(string()),
  /** The custom flow's step-1 answer, which step 2 must carry. */
  registration_token: nullable(string()),
  /** The legacy or lead link's key (its `key` query), sent with the link's id as its pass. */
  link_key: optional(nullable(string())),
  values: record(string(), FieldValue),
});
export type WizardState = Infer<typeof WizardState>;

export const SECRET_FIELDS = ['password', 'confirm_password'];

export function newWizard(
  flow: Flow,
  variant: Variant = 'default',
  patch: Partial<WizardState> = {},
): WizardState {
  return {
    flow,
    variant,
    step: 1,
    registered: false,
    creating: false,
    add_account: false,
    lead_id: null,
    registration_token: null,
    link_key: null,
    values: {},
    ...patch,
  };
}

/** Stored progress, or null when there is none or it is malformed. */
export function restoreWizard(raw: unknown): WizardState | null {
  return is(raw, WizardState) ? raw : null;
}

/** What goes into the session store: everything but the passwords. */
export function storable(state: WizardState): WizardState {
  const values = Object.fromEntries(
    Object.entries(state.values).filter(([key]) => !SECRET_FIELDS.includes(key)),
  );
  return { ...state, values };
}

export const forcingOf = (session: Pick<Session, 'edit-step-2' | 'reg-token' | 'add-account'>): Forcing => ({
  editStep2: session['edit-step-2'],
  regToken: Boolean(session['reg-token']),
  addAccount: session['add-account'],
});

export type Entry = {
  state: WizardState;
  /** Session fields to set on entry (the ms_id of a legacy link). */
  patch: Partial<Session>;
  /** Check the registration token (token verify) before going on. */
  verify: boolean;
};

type EntrySession = Pick<
  Session,
  'token' | 'ms_id' | 'edit-step-2' | 'reg-token' | 'add-account' | 'account-reg-info'
>;

/** Decides the wizard's state for an entry to /signup with this query and session. */
export function enterWizard(search: string, session: EntrySession): Entry {
  const query = new URLSearchParams(search);
  const stored = restoreWizard(session['account-reg-info']);
  const leadId = query.get('lead_id')?.trim();
  const msId = query.get('ms_id')?.trim();
  const token = query.get('token');
  const key = query.get('key')?.trim() || null;
  const patch: Partial<Session> = {};
  let state: WizardState;

  if (session['add-account']) {
    state = stored?.add_account
      ? stored
      : newWizard('standard', 'default', { add_account: true, registered: true, step: 2 });
  } else if (leadId) {
    const variant: Variant = ['1', 'true'].includes(query.get('prefill') ?? '') ? 'prefilled' : 'default';
    state =
      stored?.flow === 'custom' && stored.lead_id === leadId
        ? { ...stored, link_key: key ?? stored.link_key }
        : newWizard('custom', variant, { lead_id: leadId, link_key: key });
  } else if (msId) {
    state =
      stored?.flow === 'legacy' && session.ms_id === msId
        ? { ...stored, link_key: key ?? stored.link_key }
        : newWizard('legacy', 'default', { link_key: key });
    if (session.ms_id !== msId) patch.ms_id = msId;
  } else if (token) {
    // A registration link: the account exists, sign-up resumes at the business profile.
    state = { ...(stored?.flow === 'standard' ? stored : newWizard('standard')), registered: true, step: 2 };
  } else if (stored) {
    state = stored;
  } else {
    const payPerCall = query.get('flow') === 'pay-per-call';
    state = payPerCall ? newWizard('legacy', 'pay-per-call') : newWizard('standard');
  }
  const forcing = forcingOf(session);
  const step = clampStep(state.flow, state.step, forcing);
  return {
    state: { ...state, step },
    patch,
    verify: Boolean(session['reg-token']) && state.flow === 'standard',
  };
}
