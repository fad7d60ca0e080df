/**
 * What the campaigns table says when it has no rows: why, and what comes next. A search or filter
 * that matches nothing names itself and offers to clear it; an account with no campaign yet says
 * when they appear and how the first one comes about (Create Campaign where the server allows it,
 * else the account manager after onboarding, with a way to the onboarding tasks).
 */
import { Link } from 'wouter';

export type CampaignsEmptyProps = {
  query: string;
  filtered: boolean;
  canCreate: boolean;
  /** Phones have no Create Campaign button (spec part 3 §2.8): the text says where it is. */
  narrow: boolean;
  onClear: () => void;
  onCreate: () => void;
};

export function CampaignsEmpty({
  query,
  filtered,
  canCreate,
  narrow,
  onClear,
  onCreate,
}: CampaignsEmptyProps) {
  if (query || filtered) {
    return (
      <div className="campaigns-empty">
        <p className="campaigns-empty__title">
          {query ? `No campaigns match “${query}”` : 'No campaigns match these filters'}
        </p>
        <p>
          Every campaign of your account is still here: clear the {query ? 'search' : 'filters'} to see them.
        </p>
        <button type="button" className="button button--ghost" onClick={onClear}>
          {query ? 'Clear search' : 'Clear filters'}
        </button>
      </div>
    );
  }
  return (
    <div className="campaigns-empty">
      <p className="campaigns-empty__title">No campaigns yet</p>
      <p>Your campaigns show here, with their leads and spend, as soon as the first one goes live.</p>
      {canCreate ? (
        narrow ? (
          <p>
            Create your first one from a tablet or computer: pick a service and the areas you want leads from.
          </p>
        ) : (
          <>
            <p>Create your first one: pick a service and the areas you want leads from.</p>
            <button type="button" className="button button--primary" onClick={onCreate}>
              Create Campaign
            </button>
          </>
        )
      ) : (
        <>
          <p>Your account manager sets up your first campaign once your onboarding tasks are done.</p>
          <Link href="/dashboard/overview" className="button button--ghost">
            See your onboarding tasks
          </Link>
        </>
      )}
    </div>
  );
}
