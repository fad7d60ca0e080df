/**
 * My Profile (spec part 2 §2): its sections in the spec's order. Profile Details and Paid Media /
 * Ad Details are this feature's; Business Details, Service Details and Asset & Brand Uploads host
 * the overview's task forms (src/widgets/task-forms/), one form in two hosts.
 *
 * Its reads are stale-while-revalidate (offline: the stored copy, "as of"). Profile Details, which
 * fills a phone's first screen, is shown once its two reads (the client and the profile) have
 * answered; the sections below it are read and drawn after it is shown, and shown whole together
 * once theirs have (<AfterShown>, <FirstReads>): nothing ever pushes what is already shown, and the
 * first screenful does not wait for the seven reads below it (issue 26: two rounds of requests over
 * a phone's six connections and one render of the whole tab, before). Their code (the task forms)
 * is a chunk of its own, further-sections.tsx, asked for after the first paint.
 */

import { ClientProfileResponse, ClientResponse } from '../../api/contracts/account';
import { SETTINGS_PATH, UserSettings } from '../../api/contracts/session';
import { AfterShown, FirstReads } from '../../sync/first-reads';
import { firstRead, readAhead } from '../../sync/read-ahead';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';
import { ErrorBoundary } from '../../ui/error-boundary';
import { lazyComponent } from '../../ui/lazy-component';
import { CLIENT_PATH, PROFILE_PATH } from './account-api';
import { ProfileDetailsSection } from './profile-details-section';
import { ProfileLoadState } from './profile-load-state';

/**
 * What Profile Details waits for, with the shell's settings: on a reload with none of them stored
 * (a first visit on this device), asked of the network alongside the tab's code and the shell's
 * first render (app/dashboard-routes.tsx START_READS, sync/read-ahead.ts), not once they have run.
 */
export const readProfileAhead = (userId: number) =>
  readAhead(userId, [
    firstRead(ClientResponse, CLIENT_PATH),
    firstRead(ClientProfileResponse, PROFILE_PATH),
    firstRead(UserSettings, SETTINGS_PATH),
  ]);

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
      {/* Below the fold on a phone: read once Profile Details is shown, then shown whole. */}
      <ErrorBoundary what="the rest of your profile">
        <AfterShown>
          <FirstReads className="settings-stack">
            <FurtherSections profile={profile} />
          </FirstReads>
        </AfterShown>
      </ErrorBoundary>
    </div>
  );
}
