/**
 * /become?ed=...&email=... (spec part 1 §2 Become page, §4 Impersonation): a staff member's
 * one-time link to a customer's account. Outside the guard. Shows a spinner, makes the become
 * call, stores the session with its impersonate_id (sent with every request from then on) and
 * goes to the customer's first tab with 'You have been redirected to Dashboard.'.
 * Any failure goes to /login with an error toast.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PRODUCT_NAME } from '@/lib/config';
import { OFFLINE_MESSAGE, SERVER_ERROR } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { toastError, toastSuccess } from '../../ui/toast';
import { become } from './auth-api';
import { toasts } from './messages';

const INVALID_LINK = 'This impersonation link is incomplete.';

/** The become call shows no shared toast: every failure is said once, here. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SERVER_ERROR.body;
  return error.offline ? OFFLINE_MESSAGE : error.message;
}

export default function BecomePage() {
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    const query = new URLSearchParams(search);
    const ed = query.get('ed')?.trim() ?? '';
    const email = query.get('email')?.trim() ?? '';
    if (!ed || !email) {
      toastError('Error', INVALID_LINK);
      navigate('/login', { replace: true });
      return;
    }
    become(email, ed, (to) => {
      toastSuccess(toasts.redirected);
      navigate(to, { replace: true });
    }).catch((error: unknown) => {
      toastError('Error', failureMessage(error));
      navigate('/login', { replace: true });
    });
  }, [search, navigate]);

  return (
    <main className="page-loading become-page">
      <title>{`Opening the account · ${PRODUCT_NAME}`}</title>
      <div className="become-page__status" role="status">
        <span className="spinner spinner--large" aria-hidden="true" />
        <p>Opening the customer's account…</p>
      </div>
    </main>
  );
}
