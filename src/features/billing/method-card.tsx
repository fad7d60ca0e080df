/**
 * One saved payment method (spec part 3 §2.12): a card (brand logo, masked number, last four,
 * holder, expiration) or a bank account (bank, routing, account, ach type), its assignment line,
 * the expired warning whose link opens the edit dialog (else the expiration message), and the
 * card menu (only for platforms live, socius, bpr). `locked` (staff impersonating the customer):
 * no menu and the expired warning is text, not a link to edit. Props in, JSX out.
 */
import { useEffect, useRef, useState } from 'react';
import { BILLING_MESSAGES, type PaymentMethodRecord } from '../../api/contracts/billing';
import { PaymentPlatform } from '../../api/contracts/payments';
import { isAch } from './format';

export type MethodAction = 'assign' | 'edit' | 'delete';

const BRAND_MARKS: Record<string, { short: string; tone: string }> = {
  VISA: { short: 'VISA', tone: 'visa' },
  MASTERCARD: { short: 'MC', tone: 'mastercard' },
  DISCOVER: { short: 'DISC', tone: 'discover' },
  'AMERICAN EXPRESS': { short: 'AMEX', tone: 'amex' },
};

export function BrandLogo({ brand }: { brand: string | null }) {
  const mark = BRAND_MARKS[brand ?? ''] ?? { short: 'CARD', tone: 'card' };
  return (
    <span className={`brand-logo brand-logo--${mark.tone}`} role="img" aria-label={brand ?? 'Card'}>
      {mark.short}
    </span>
  );
}

/**
 * The spec's texts: 'Assigned to N account' or 'Not assigned to accounts'. The first is a
 * template whose noun follows N ('Assigned to 1 account', 'Assigned to 2 accounts'), as the
 * second's plural does; its words are otherwise the spec's.
 */
export function assignedText(count: number) {
  if (count === 0) return 'Not assigned to accounts';
  return `Assigned to ${count} ${count === 1 ? 'account' : 'accounts'}`;
}

export function MethodCard({
  method,
  locked = false,
  onAction,
}: {
  method: PaymentMethodRecord;
  locked?: boolean;
  onAction: (a: MethodAction) => void;
}) {
  const ach = isAch(method);
  const kind = ach ? 'ACH' : 'Card';
  const title = ach
    ? `${method.bank_name ?? 'Bank account'} ${method.account_number ?? ''}`
    : `${method.brand ?? 'Card'} ending ${method.last_four}`;
  return (
    <article className={`method-card${method.is_expired ? ' method-card--expired' : ''}`} aria-label={title}>
      <header className="method-card__head">
        {ach ? <span className="brand-logo brand-logo--ach">ACH</span> : <BrandLogo brand={method.brand} />}
        <div className="method-card__title">
          <strong>{ach ? method.bank_name : method.masked_number}</strong>
          {!ach ? <span className="method-card__last4">Last four {method.last_four}</span> : null}
        </div>
        {PaymentPlatform.is(method.platform) && !locked ? (
          <MethodMenu method={method} kind={kind} onAction={onAction} />
        ) : null}
      </header>
      <dl className="method-card__facts">
        {ach ? (
          <>
            <dt>Routing number</dt>
            <dd>{method.routing_number}</dd>
            <dt>Account number</dt>
            <dd>{method.account_number}</dd>
            <dt>Account type</dt>
            <dd className="method-card__cap">{method.ach_type}</dd>
          </>
        ) : (
          <>
            <dt>Card holder</dt>
            <dd>{method.name}</dd>
            <dt>Expiration</dt>
            <dd>{method.expiration_date}</dd>
          </>
        )}
      </dl>
      <p className="method-card__assigned">{assignedText(method.accounts.length)}</p>
      {method.is_expired && locked ? (
        <p className="method-card__expired">
          {BILLING_MESSAGES.expired.replace(' - click here to update', '')}
        </p>
      ) : method.is_expired ? (
        <button type="button" className="method-card__expired link-button" onClick={() => onAction('edit')}>
          {BILLING_MESSAGES.expired}
        </button>
      ) : method.expiration_message ? (
        <p className="method-card__note">{method.expiration_message}</p>
      ) : null}
    </article>
  );
}

function MethodMenu({
  method,
  kind,
  onAction,
}: {
  method: PaymentMethodRecord;
  kind: string;
  onAction: (a: MethodAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const pick = (action: MethodAction) => {
    setOpen(false);
    onAction(action);
  };
  return (
    <div className="method-menu" ref={box}>
      <button
        type="button"
        className="method-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Menu for ${kind} ending ${method.last_four}`}
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open ? (
        <div className="method-menu__list" role="menu">
          <button type="button" role="menuitem" disabled={method.is_expired} onClick={() => pick('assign')}>
            Assign Accounts
          </button>
          <button type="button" role="menuitem" onClick={() => pick('edit')}>
            Edit {kind}
          </button>
          <button type="button" role="menuitem" disabled={!method.can_delete} onClick={() => pick('delete')}>
            Remove {kind}
          </button>
        </div>
      ) : null}
    </div>
  );
}
