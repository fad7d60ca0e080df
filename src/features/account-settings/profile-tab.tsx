/**
 * My Profile (spec part 2 §2): its sections in the spec's order. Profile Details and Paid Media /
 * Ad Details are this feature's; Business Details, Service Details and Asset & Brand Uploads host
 * the overview's task forms (src/widgets/task-forms/), one form in two hosts.
 *
 * Its reads are stale-while-revalidate (offline: the stored copy, "as of"). Profile Details, which
 * fills a phone's first screen, is shown once its two reads (the client and the profile) have
 * answered; the sections below it are shown whole together once theirs have (<FirstReads>), so
 * they never push each other. Their code (the task forms) is a chunk of its own,
 * further-sections.tsx.
 */

import { Suspense } from 'react';
import { ClientProfileResponse, ClientResponse } from '../../api/contracts/account';
import { FirstReads } from '../../sync/first-reads';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { ErrorBoundary } from '../../ui/error-boundary';
import { lazyComponent } from '../../ui/lazy-component';
import { CLIENT_PATH, PROFILE_PATH } from './account-api';
import { ProfileDetailsSection } from './profile-details-section';
import { ProfileLoadState } from './profile-load-state';

/** The sections below Profile Details, with the task forms' code (further-sections.tsx). */
const FurtherSections = lazyComponent(() => import('./further-sections'));

export function ProfileTab() {
  const client = useCachedRead(ClientResponse, CLIENT_PATH);
  const profile = useCachedRead(ClientProfileResponse, PROFILE_PATH);
  const business = client.data?.business_profile;
  return (
    <div className="settings-stack">
      <OfflineBadge offline={client.offline || profile.offline} asOf={client.asOf ?? profile.asOf} />
      <div>
        {business ? (
          <ProfileDetailsSection
            business={business}
            profile={profile.data?.profile}
            onSaved={profile.refresh}
          />
        ) : (
          <ProfileLoadState loading={client.loading} error={client.error} />
        )}
      </div>
      {/* Below the fold on a phone: shown whole once its reads have answered. */}
      <ErrorBoundary what="the rest of your profile">
        <Suspense fallback={null}>
          <FirstReads className="settings-stack">
            <FurtherSections profile={profile} />
          </FirstReads>
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
