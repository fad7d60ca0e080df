/**
 * Service Details (spec part 2 §2-§5): the overview's service-details form in a second host, in
 * its full-form mode (one step, sent with step 'full_form'); 'Service Details updated
 * successfully' once delivered. Saved through the outbox like every task form ("Pending sync"
 * while it waits offline).
 */
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { ServiceDetailsForm } from '../../widgets/task-forms/service-details-form';
import { taskTag } from '../../widgets/task-forms/task-api';

const noop = () => {};

export function ServiceDetailsSection() {
  return (
    <section className="settings-card" aria-labelledby="service-details-title">
      <div className="settings-card__head">
        <h2 id="service-details-title" className="settings-card__title">
          Service Details
        </h2>
        <PendingSyncMarker tag={taskTag(null, 'service_details')} />
      </div>
      <ServiceDetailsForm activityId={null} fullForm onDone={noop} />
    </section>
  );
}
