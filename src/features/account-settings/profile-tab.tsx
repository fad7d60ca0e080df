/**
 * My Profile (spec part 2 §2): its sections in the spec's order. Profile Details and Paid Media /
 * Ad Details are this feature's; Business Details, Service Details and Asset & Brand Uploads host
 * the overview's task forms (src/widgets/task-forms/), one form in two hosts.
 *
 * Its reads are stale-while-revalidate (offline: the stored copy, "as of"), and all start together:
 * the service categories of Paid Media are read here, not once the profile has answered, so the
 * tab (shown whole once its first reads answer, FirstReads) does not wait for a second round trip.
 */
import '../../widgets/task-forms/task-forms.css';
import type { ReactNode } from 'react';
import { ClientProfileResponse, ClientResponse } from '../../api/contracts/account';
import { ServicesResponse } from '../../api/contracts/signup';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { CLIENT_PATH, PROFILE_PATH, SERVICES_PATH } from './account-api';
import { BrandAssetsSection } from './brand-assets-section';
import { BusinessDetailsSection } from './business-details-section';
import { PaidMediaSection } from './paid-media-section';
import { ProfileDetailsSection } from './profile-details-section';
import { ServiceDetailsSection } from './service-details-section';

/** The spec's order. */
const SECTION_ORDER = [
  'profile-details',
  'business-details',
  'service-details',
  'paid-media',
  'brand-assets',
] as const;

function LoadState({ loading, error }: { loading: boolean; error: Error | null }) {
  if (loading) return <p className="settings-state">Loading your profile…</p>;
  return (
    <p className="settings-state settings-state--error" role="alert">
      {error?.message ?? 'Your profile could not be loaded.'}
    </p>
  );
}

export function ProfileTab() {
  const client = useCachedRead(ClientResponse, CLIENT_PATH);
  const profile = useCachedRead(ClientProfileResponse, PROFILE_PATH);
  const services = useCachedRead(ServicesResponse, SERVICES_PATH, { freshForMs: 3600_000 });
  const business = client.data?.business_profile;
  const details = profile.data?.profile;
  const sections: Record<(typeof SECTION_ORDER)[number], ReactNode> = {
    'profile-details': business ? (
      <ProfileDetailsSection business={business} profile={details} onSaved={profile.refresh} />
    ) : (
      <LoadState loading={client.loading} error={client.error} />
    ),
    'business-details': <BusinessDetailsSection />,
    'service-details': <ServiceDetailsSection />,
    'paid-media': details ? (
      <PaidMediaSection profile={details} services={services} onSaved={profile.refresh} />
    ) : (
      <LoadState loading={profile.loading} error={profile.error} />
    ),
    'brand-assets': <BrandAssetsSection />,
  };
  return (
    <div className="settings-stack">
      <OfflineBadge offline={client.offline || profile.offline} asOf={client.asOf ?? profile.asOf} />
      {SECTION_ORDER.map((key) => (
        <div key={key}>{sections[key]}</div>
      ))}
    </div>
  );
}
