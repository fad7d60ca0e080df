/**
 * What an entry to /signup loads before the first step shows (spec part 1 §2, §4, §8):
 * - a registration link: token verify; a dead link or a finished sign-up clears the session and
 *   goes to /login;
 * - a legacy link: the legacy account (with the link's key), to prefill both steps; a failed
 *   fetch (a wrong or missing key answers as an unknown account) clears ms_id and goes to /login
 *   (the api client toasts the server's message);
 * - the prefilled variant: the lead's details for step 1; a failure goes to /login likewise.
 * Offline, nothing is thrown away: the wizard says it needs a connection and stays.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { OFFLINE_MESSAGE } from '@/api/error-policy';
import { ApiError } from '@/api/errors';
import { setSession } from '@/db/session';
import { getLegacyAccount, getUserData, leadPass, leaveToLogin, postVerify } from './signup-api';
import type { Wizard } from './use-wizard';
import type { Entry } from './wizard-state';

type Load = 'verify' | 'legacy' | 'lead' | null;

function loadFor(entry: Entry, msId: string | null): Load {
  const { state } = entry;
  if (entry.verify) return 'verify';
  if (
    state.flow === 'legacy' &&
    state.variant === 'default' &&
    msId &&
    !state.registered &&
    !state.values.first_name
  )
    return 'legacy';
  if (
    state.flow === 'custom' &&
    state.variant === 'prefilled' &&
    state.lead_id &&
    !state.registered &&
    !state.values.email
  )
    return 'lead';
  return null;
}

export function useSignupEntry(entry: Entry, wizard: Wizard) {
  const [, navigate] = useLocation();
  const msId = entry.patch.ms_id ?? wizard.session.ms_id;
  const [load] = useState(() => loadFor(entry, msId));
  const [loading, setLoading] = useState(load !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const { setValues } = wizard;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per entry (load and msId are fixed for the page's life)
  useEffect(() => {
    if (!load) return;
    let current = true;
    const run = async () => {
      if (load === 'verify') {
        const answer = await postVerify();
        setValues({ name: answer.org.name });
      } else if (load === 'legacy' && msId) {
        const { user, organization } = await getLegacyAccount(msId, entry.state.link_key);
        setValues({
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          phone_number: user.phone_number ?? '',
          job_title: user.job_title ?? '',
          business_name: user.business_name,
          name: organization.name,
          address: organization.address ?? '',
          website: organization.website ?? '',
          categories: organization.categories,
        });
      } else if (load === 'lead' && entry.state.lead_id) {
        const { data } = await getUserData(leadPass(entry.state), entry.state.lead_id);
        setValues({
          first_name: data.first_name,
          last_name: data.last_name,
          email: data.email,
          phone_number: data.phone_number ?? '',
          address: data.address ?? '',
          name: data.business_name ?? '',
          categories: data.services,
        });
      }
    };
    run()
      .catch(async (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.offline) return setNotice(OFFLINE_MESSAGE);
        wizard.close();
        if (load === 'legacy') {
          await setSession({ ms_id: null, 'account-reg-info': null });
          navigate('/login');
        } else await leaveToLogin(navigate);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load]);

  return { loading, notice };
}
