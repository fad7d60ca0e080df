/**
 * The task modals, chosen by the task's key (spec part 2 §2). Each form is a widget of
 * src/widgets/task-forms (the same form the Account Settings profile tab hosts); this registry
 * gives it its title and the task it belongs to; create_campaign opens the campaigns page's own
 * create-campaign modal. A key not listed here has no modal yet and its task is not clickable.
 * Loaded lazily (activity-manager.tsx): the forms are off the overview's first load.
 */
import type { ReactNode } from 'react';
import type { Activity } from '../../api/contracts/activities';
import { Modal } from '../../ui/modal';
import { CreateCampaignModal } from '../../widgets/create-campaign/create-campaign-modal';
import { BrandAssetsForm } from '../../widgets/task-forms/brand-assets-form';
import { BusinessDetailsForm } from '../../widgets/task-forms/business-details-form';
import { CompanyForm } from '../../widgets/task-forms/company-form';
import { InsuranceForm } from '../../widgets/task-forms/insurance-form';
import { LeadTransferForm } from '../../widgets/task-forms/lead-transfer-form';
import { LicenseForm } from '../../widgets/task-forms/license-form';
import { LogoForm } from '../../widgets/task-forms/logo-form';
import { PaymentMethodForm } from '../../widgets/task-forms/payment-method-form';
import { SeoContentForm } from '../../widgets/task-forms/seo-content-form';
import { ServiceAreaForm } from '../../widgets/task-forms/service-area-form';
import { ServiceDetailsForm } from '../../widgets/task-forms/service-details-form';
import type { TaskModalKey } from './task-kinds';

type Host = { activity: Activity; onDone: () => void; onCancel: () => void };
type Entry = { title: string; render: (host: Host) => ReactNode };

const TASK_MODALS: Record<TaskModalKey, Entry> = {
  upload_logo: {
    title: 'Upload Logo',
    render: ({ activity, onDone, onCancel }) => (
      <LogoForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  brand_assets: {
    title: 'Brand Assets',
    render: ({ activity, onDone, onCancel }) => (
      <BrandAssetsForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  verify_license: {
    title: 'License Verification',
    render: ({ activity, onDone, onCancel }) => (
      <LicenseForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  renew_license: {
    title: 'Renew License',
    render: ({ activity, onDone, onCancel }) => (
      <LicenseForm
        activityId={activity.id}
        onDone={onDone}
        onCancel={onCancel}
        renewLicenseId={activity.object_id}
      />
    ),
  },
  verify_insurance: {
    title: 'Insurance Verification',
    render: ({ activity, onDone, onCancel }) => (
      <InsuranceForm mode="verify" activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  renew_general_insurance: {
    title: 'Renew General Liability Insurance',
    render: ({ activity, onDone, onCancel }) => (
      <InsuranceForm mode="general" activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  renew_workers_comp_insurance: {
    title: 'Renew Workers Compensation Insurance',
    render: ({ activity, onDone, onCancel }) => (
      <InsuranceForm mode="workers" activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  business_details: {
    title: 'Business Details',
    render: ({ activity, onDone, onCancel }) => (
      <BusinessDetailsForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  company_details: {
    title: 'Company & Employee Details',
    render: ({ activity, onDone, onCancel }) => (
      <CompanyForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  service_details: {
    title: 'Service Details',
    render: ({ activity, onDone, onCancel }) => (
      <ServiceDetailsForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  lead_transfer_details: {
    title: 'Lead Transfer Details',
    render: ({ activity, onDone, onCancel }) =>
      activity.ref_id ? (
        <LeadTransferForm
          activityId={activity.id}
          refId={activity.ref_id}
          multiple={activity.show_multiple_destination_phones}
          onDone={onDone}
          onCancel={onCancel}
        />
      ) : (
        <p className="task-form__muted">This task names no account.</p>
      ),
  },
  payment_methods: {
    title: 'Add Payment Method',
    render: ({ onDone, onCancel }) => <PaymentMethodForm onDone={onDone} onCancel={onCancel} />,
  },
  service_areas: {
    title: 'Service Area',
    render: ({ activity, onDone, onCancel }) => (
      <ServiceAreaForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
  seo_content: {
    title: 'Quarterly Content Plan',
    render: ({ activity, onDone, onCancel }) => (
      <SeoContentForm activityId={activity.id} onDone={onDone} onCancel={onCancel} />
    ),
  },
};

export default function TaskModal({ activity, onDone, onCancel }: Host) {
  // The create-campaign modal is the campaigns page's own (one modal, two hosts): it brings its
  // dialog, and the server completes this task when the campaign is created.
  if (activity.key === 'create_campaign')
    return <CreateCampaignModal open onClose={onCancel} onCreated={() => onDone()} />;
  const entry = activity.key ? TASK_MODALS[activity.key as TaskModalKey] : undefined;

  if (!entry) return null;
  return (
    <Modal title={entry.title} onClose={onCancel}>
      {entry.render({ activity, onDone, onCancel })}
    </Modal>
  );
}
