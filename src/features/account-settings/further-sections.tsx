/**
 * My Profile's sections after Profile Details, in the spec's order (part 2 §2): Business Details,
 * Service Details, Paid Media / Ad Details and Asset & Brand Uploads. Its own chunk, loaded by
 * profile-tab.tsx after the tab's first paint: the task forms' code is not on the way to the
 * first screenful. `profile` is the tab's profile read (Paid Media shows its settings); the
 * service categories are read here.
 * Default export: loaded lazily by profile-tab.tsx.
 */
import '../../widgets/task-forms/task-forms.css';
import type { ClientProfileResponse } from '../../api/contracts/account';
import { ServicesResponse } from '../../api/contracts/signup';
import { type CachedRead, useCachedRead } from '../../sync/use-cached-read';
import { SERVICES_PATH } from './account-api';
import { BrandAssetsSection } from './brand-assets-section';
import { BusinessDetailsSection } from './business-details-section';
import { PaidMediaSection } from './paid-media-section';
import { ProfileLoadState } from './profile-load-state';
import { ServiceDetailsSection } from './service-details-section';

export default function FurtherSections({ profile }: { profile: CachedRead<ClientProfileResponse> }) {
  const services = useCachedRead(ServicesResponse, SERVICES_PATH, { freshForMs: 3600_000 });
  const details = profile.data?.profile;
  return (
    <>
      <div>
        <BusinessDetailsSection />
      </div>
      <div>
        <ServiceDetailsSection />
      </div>
      <div>
        {details ? (
          <PaidMediaSection profile={details} services={services} onSaved={profile.refresh} />
        ) : (
          <ProfileLoadState loading={profile.loading} error={profile.error} />
        )}
      </div>
      <div>
        <BrandAssetsSection />
      </div>
    </>
  );
}
