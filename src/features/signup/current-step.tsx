/**
 * The wizard's current step: which component shows a step id in a flow (spec part 1 §2 step
 * ids). Standard, legacy and custom share the step ids but not every form.
 */
import { AccountStep } from './account-step';
import { BusinessStep } from './business-step';
import { ConnectAccountsStep } from './connect-accounts-step';
import { CustomAccountStep } from './custom-account-step';
import { CustomReviewStep } from './custom-review-step';
import { FinalizingStep } from './finalizing-step';
import { LegacyBusinessStep } from './legacy-business-step';
import { PackageStep } from './package-step';
import { PaymentStep } from './payment-step';
import { stepId } from './steps';
import type { Wizard } from './use-wizard';

export function CurrentStep({ wizard }: { wizard: Wizard }) {
  const { flow } = wizard.state;
  switch (stepId(flow, wizard.state.step)) {
    case 'account-creation':
      return flow === 'custom' ? <CustomAccountStep wizard={wizard} /> : <AccountStep wizard={wizard} />;
    case 'business-profile':
      if (flow === 'custom') return <CustomReviewStep wizard={wizard} />;
      return flow === 'legacy' ? <LegacyBusinessStep wizard={wizard} /> : <BusinessStep wizard={wizard} />;
    case 'connect-accounts':
      return <ConnectAccountsStep wizard={wizard} />;
    case 'additional-ways':
      return <PackageStep wizard={wizard} />;
    case 'payment':
      return <PaymentStep wizard={wizard} />;
    default:
      return <FinalizingStep wizard={wizard} />;
  }
}
