/**
 * Business Details (spec part 2 §2, §5, §8): the company details as one form (the overview's
 * four-step wizard in full-form mode: saved, with step 'full_form', only when all four steps
 * validate; 'Business details has been updated successfully'), then the insurance and licenses on
 * file (expired dates in red; the licenses list scrolls past 205 px here).
 *
 * A failed company or insurance load hides that part (spec part 2 §8); offline, the stored copies
 * show and a save waits in the outbox ("Pending sync").
 */
import { CompanyDetailResponse, InsuranceResponse, LicensesResponse } from '../../api/contracts/tasks';
import { PendingSyncMarker } from '../../sync/ui/pending-sync-marker';
import { useCachedRead } from '../../sync/use-cached-read';
import { COMPANY_PATH, CompanyForm } from '../../widgets/task-forms/company-form';
import { INSURANCE_PATH } from '../../widgets/task-forms/insurance-form';
import { LICENSES_PATH } from '../../widgets/task-forms/license-form';
import { LicenseList } from '../../widgets/task-forms/license-list';
import { taskTag } from '../../widgets/task-forms/task-api';
import { useAccountToday } from '../../widgets/task-forms/use-account-today';
import { InsuranceSummary } from './insurance-summary';
import { BUSINESS_DETAILS_SAVED } from './messages';

const noop = () => {};

export function BusinessDetailsSection() {
  const company = useCachedRead(CompanyDetailResponse, COMPANY_PATH);
  const insurance = useCachedRead(InsuranceResponse, INSURANCE_PATH);
  const licenses = useCachedRead(LicensesResponse, LICENSES_PATH);
  // With the other reads, not once the insurance is drawn: the tab is shown after one round of them.
  const today = useAccountToday();
  const companyShown = !(company.error && !company.data);
  const insuranceShown = !(insurance.error && !insurance.data);
  return (
    <section className="settings-card" aria-labelledby="business-details-title">
      <div className="settings-card__head">
        <h2 id="business-details-title" className="settings-card__title">
          Business Details
        </h2>
        <PendingSyncMarker tag={taskTag(null, 'company_details')} />
      </div>
      {companyShown ? (
        <div className="business-part">
          <h3 className="business-part__title">Company Details</h3>
          <CompanyForm activityId={null} fullForm success={BUSINESS_DETAILS_SAVED} onDone={noop} />
        </div>
      ) : null}
      {insuranceShown ? (
        <div className="business-part">
          <h3 className="business-part__title">Insurance</h3>
          {insurance.data ? (
            <InsuranceSummary insurance={insurance.data.insurance} today={today} />
          ) : (
            <p className="task-form__muted">Loading insurance…</p>
          )}
        </div>
      ) : null}
      <div className="business-part business-part--licenses">
        <h3 className="business-part__title">Licenses</h3>
        <LicenseList licenses={licenses.data?.licenses} loading={licenses.loading} />
      </div>
    </section>
  );
}
