/**
 * The payment step of the legacy flow and the pay-per-call flavour: the shared payment form,
 * prefilled with the customer's name and email. A method added completes sign-up (sign_up) and
 * the wizard moves on to the finalizing step in its creating state.
 */
import { PaymentForm } from '@/widgets/payment-form/payment-form';
import { str } from './form-values';
import { headings, texts } from './messages';
import type { Wizard } from './use-wizard';

export function PaymentStep({ wizard }: { wizard: Wizard }) {
  const { state, session } = wizard;
  const user = session.user;
  return (
    <div className="signup-form">
      <h1 id="signup-step-title" className="signup-card__title">
        {headings.payment.title}
      </h1>
      <p className="signup-card__lead">{headings.payment.lead}</p>
      <PaymentForm
        platform="live"
        context="signup"
        msId={session.ms_id}
        submitLabel={texts.nextStep}
        initial={{
          firstName: user?.first_name ?? str(state.values.first_name),
          lastName: user?.last_name ?? str(state.values.last_name),
          paymentEmail: user?.email ?? str(state.values.email),
        }}
        onAdded={() => void wizard.advance({ creating: true })}
      />
    </div>
  );
}
