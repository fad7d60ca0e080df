/**
 * /dashboard/analytics (spec part 3 §2.9): the optional upsell banner (GET /banners) and the
 * embedded analytics dashboard, framed from the agency key of POST /client/analytics with the
 * profile hidden. Socius users land here (the guard keeps them to it). The key is a cached read,
 * so the frame's address is known offline too; the dashboard itself needs a connection.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './analytics.css';
import { Link } from 'wouter';
import { AnalyticsResponse, BannersResponse } from '../../api/contracts/analytics';
import { endpointPath } from '../../api/contracts/endpoints';
import { ANALYTICS_EMBED_URL, PRODUCT_NAME } from '../../lib/config';
import { useOffline } from '../../sync/connectivity';
import { FirstReads } from '../../sync/first-reads';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { useCachedRead } from '../../sync/use-cached-read';

const ANALYTICS_PATH = endpointPath('POST /client/analytics');
const BANNERS_PATH = endpointPath('GET /banners');

const NO_BODY = {};

export const embedAddress = (key: string) =>
  `${ANALYTICS_EMBED_URL}/${encodeURIComponent(key)}?hide_profile=true`;

function BannerLink({ href, label }: { href: string; label: string }) {
  // In-app links stay in the app; anything else opens in a new tab.
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link className="button button--primary" href={href}>
        {label}
      </Link>
    );
  return (
    <a className="button button--primary" href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

export default function AnalyticsPage() {
  return (
    <div className="analytics">
      <title>{`Analytics · ${PRODUCT_NAME}`}</title>
      {/* The banner arrives with its own read: shown together, it never pushes the frame down. */}
      <FirstReads>
        <AnalyticsBody />
      </FirstReads>
    </div>
  );
}

function AnalyticsBody() {
  const analytics = useCachedRead(AnalyticsResponse, ANALYTICS_PATH, { method: 'POST', body: NO_BODY });
  const banners = useCachedRead(BannersResponse, BANNERS_PATH);
  const offline = useOffline();
  const banner = banners.data?.banners[0];
  const key = analytics.data?.data.agency_api_key;
  return (
    <>
      <div className="analytics__header">
        <h1 className="analytics__title">Analytics</h1>
        <OfflineBadge offline={analytics.offline} asOf={analytics.asOf} />
      </div>
      {banner ? (
        <aside className="analytics-banner" aria-label="Offer">
          <p className="analytics-banner__text">{banner.text}</p>
          {banner.call_to_action_link && banner.call_to_action_label ? (
            <BannerLink href={banner.call_to_action_link} label={banner.call_to_action_label} />
          ) : null}
        </aside>
      ) : null}
      {key === undefined ? (
        <p className="analytics__state" role={analytics.error ? 'alert' : undefined}>
          {analytics.error ? analytics.error.message : 'Loading your analytics…'}
        </p>
      ) : offline ? (
        <p className="analytics__state" role="status">
          The analytics dashboard needs a connection. It will show here when you are back online.
        </p>
      ) : (
        <iframe className="analytics__frame" title="Analytics dashboard" src={embedAddress(key)} />
      )}
    </>
  );
}
