/**
 * /dashboard/billing/payment-methods (spec part 3 §2.12, §4, §8): the saved cards and bank
 * accounts, the empty state, Add New Payment Method (only with can_create_payment_method; details,
 * then assign accounts), and each card's menu actions. After a change the list reloads and the
 * dialog closes. Readable offline "as of"; every change needs a connection. Staff impersonating
 * the customer see the methods with every change off and the reason said (staff-view.ts). The
 * empty state says why it is empty and what comes next.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './billing.css';
import { Suspense, useEffect, useMemo, useState } from 'react';
import {
  BILLING_MESSAGES,
  type PaymentMethodRecord,
  PaymentMethodsResponse,
} from '../../api/contracts/billing';
import { PaymentPlatform } from '../../api/contracts/payments';
import { afterNextPaint } from '../../lib/next-task';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { lazyComponent } from '../../ui/lazy-component';
import { PAYMENT_METHODS_PATH } from './billing-api';
import { BillingTabs } from './billing-tabs';
import { methodLabel } from './format';
import { MethodCard } from './method-card';
import { STAFF_MONEY_NOTE, STAFF_NOTE_ID, useStaffView } from './staff-view';

// The dialogs, with the payment form and the form kit, are not part of the first screen: their code
// loads once the methods are painted (so every action opens at once), not before.
const loadDialogs = () => import('./method-dialogs');
const MethodFormDialog = lazyComponent(() =>
  loadDialogs().then((module) => ({ default: module.MethodFormDialog })),
);
const DeleteMethodDialog = lazyComponent(() =>
  loadDialogs().then((module) => ({ default: module.DeleteMethodDialog })),
);
const AssignAccountsDialog = lazyComponent(() =>
  loadDialogs().then((module) => ({ default: module.AssignAccountsDialog })),
);

/** What comes next on an empty list, by who is looking and whether adding is allowed. */
function emptyNext(staff: boolean, canAdd: boolean): string {
  if (staff) return 'The customer adds their own cards and bank accounts.';
  if (canAdd)
    return 'A saved card pays your invoices with one click and can be assigned to the accounts it should bill.';
  return 'Cards are added for accounts billed by card; your account manager can tell you how your accounts are billed.';
}

type Open =
  | { kind: 'add' }
  | { kind: 'edit' | 'delete'; method: PaymentMethodRecord }
  | { kind: 'assign'; method: PaymentMethodRecord; afterAdd?: boolean };

export default function PaymentMethodsPage() {
  const read = useCachedRead(PaymentMethodsResponse, PAYMENT_METHODS_PATH);
  const [open, setOpen] = useState<Open | null>(null);
  const [addedRef, setAddedRef] = useState<string | null>(null);
  const staff = useStaffView();
  const data = read.data;
  const shown = data !== undefined;
  // A load that fails here (offline before the worker has stored it) is no error: an action asks again.
  useEffect(
    () =>
      shown
        ? afterNextPaint(() => {
            for (const dialog of [MethodFormDialog, DeleteMethodDialog, AssignAccountsDialog])
              void dialog.preload();
          })
        : undefined,
    [shown],
  );
  const records = data?.records ?? [];
  const accounts = data?.accounts ?? [];
  const platform = accounts.map((a) => a.platform).find((p) => PaymentPlatform.is(p)) ?? 'live';
  const owners = useMemo(() => {
    const map = new Map<string, string>();
    for (const m of records) for (const { ref_id } of m.accounts) map.set(ref_id, methodLabel(m));
    return map;
  }, [records]);

  // The method just added: once the reloaded list has it, ask which accounts it should bill.
  const added = addedRef ? records.find((m) => m.ref_id === addedRef) : undefined;
  useEffect(() => {
    if (!added || open !== null) return;
    setAddedRef(null);
    setOpen({ kind: 'assign', method: added, afterAdd: true });
  }, [added, open]);

  const done = () => {
    setOpen(null);
    read.refresh();
  };
  const canAdd = (data?.can_create_payment_method ?? false) && !staff;
  const addButton = canAdd ? (
    <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'add' })}>
      Add New Payment Method
    </button>
  ) : null;

  return (
    <section className="billing-page" aria-labelledby="methods-title">
      <title>Payment Methods</title>
      <div className="billing-page__head">
        <h1 id="methods-title" className="billing-page__title">
          Billing
        </h1>
        <OfflineBadge offline={read.offline} asOf={read.asOf} />
        {records.length ? <div className="billing-page__actions">{addButton}</div> : null}
      </div>
      <BillingTabs />
      {staff ? (
        <p id={STAFF_NOTE_ID} className="billing-staff-note" role="note">
          {STAFF_MONEY_NOTE}
        </p>
      ) : null}
      {!data && read.error ? (
        <p className="billing-page__error" role="alert">
          {read.error.message}
        </p>
      ) : null}
      {!data && !read.error ? (
        <p role="status" className="billing-page__loading">
          <span className="spinner" aria-hidden="true" /> Loading payment methods...
        </p>
      ) : null}
      {data && records.length === 0 ? (
        <div className="methods-empty">
          <h2>{BILLING_MESSAGES.noMethods}</h2>
          <p>{BILLING_MESSAGES.noMethodsText}</p>
          <p className="billing-empty-why">{emptyNext(staff, canAdd)}</p>
          {addButton}
        </div>
      ) : null}
      {records.length ? (
        <div className="methods-grid">
          {records.map((method) => (
            <MethodCard
              key={method.id}
              method={method}
              locked={staff}
              onAction={(kind) => setOpen({ kind, method })}
            />
          ))}
        </div>
      ) : null}
      <Suspense fallback={null}>
        {open?.kind === 'add' || open?.kind === 'edit' ? (
          <MethodFormDialog
            platform={platform as PaymentPlatform}
            method={open.kind === 'edit' ? open.method : undefined}
            onClose={() => setOpen(null)}
            onAdded={(method) => {
              setAddedRef(method.ref_id);
              done();
            }}
            onEdited={done}
          />
        ) : null}
        {open?.kind === 'delete' ? (
          <DeleteMethodDialog method={open.method} onClose={() => setOpen(null)} onDone={done} />
        ) : null}
        {open?.kind === 'assign' ? (
          <AssignAccountsDialog
            method={open.method}
            accounts={accounts}
            owners={owners}
            afterAdd={open.afterAdd}
            onClose={() => setOpen(null)}
            onDone={done}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
