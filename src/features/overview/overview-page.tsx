/**
 * /dashboard/overview (spec part 2 §2): the Activity Manager and, outside SEO mode, the account
 * manager widget (hidden in SEO mode, which shows the SEO widgets above), and the upsell carousel.
 * On load it asks the server to bring the task list up to date (POST /activities/set_activities),
 * then reads the list again if anything changed.
 *
 * Nothing moves once shown (issue 26, layout shift): whether the SEO widgets sit above the list is
 * known only from the list's answer, and the widgets arrive after it, so the page's body stays
 * invisible (its space taken, aria-busy) until the list has answered and, in SEO mode, the widgets
 * have their figures; then it shows whole. On a device that has read them before this is a frame.
 * Default export: loaded lazily by the dashboard's route table.
 */
import './overview.css';
import '../../widgets/task-forms/task-forms.css';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { AccountManager } from './account-manager';
import { ActivityManager } from './activity-manager';
import { setActivities } from './overview-api';
import { UpsellCarousel } from './upsell-carousel';

/** Only SEO mode draws charts: the chart code loads with these widgets. */
const SeoWidgets = lazy(() => import('./seo-widgets'));

export default function OverviewPage() {
  const [seo, setSeo] = useState<boolean | null>(null);
  const [seoReady, setSeoReady] = useState(false);
  const onSeoReady = useCallback(() => setSeoReady(true), []);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let active = true;
    void setActivities().then((changed) => {
      if (active && changed) setGeneration((g) => g + 1);
    });
    return () => {
      active = false;
    };
  }, []);
  const pending = seo === null || (seo && !seoReady);
  return (
    <section className="overview-page" aria-labelledby="overview-title">
      <title>Overview</title>
      <h1 id="overview-title" className="overview-page__title">
        Overview
      </h1>
      <div
        className={pending ? 'overview-page__body overview-page__body--pending' : 'overview-page__body'}
        aria-busy={pending}
      >
        {seo ? (
          <Suspense fallback={null}>
            <SeoWidgets onReady={onSeoReady} />
          </Suspense>
        ) : null}
        <div className="overview-page__grid">
          <ActivityManager refreshSignal={generation} onSeoMode={setSeo} />
          {seo === null ? null : (
            <div className="overview-page__side">
              {seo ? null : <AccountManager />}
              <UpsellCarousel />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
