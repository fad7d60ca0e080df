/**
 * The frame of a performance screen: its header (title, range, locations, "as of" of the primary
 * report), the offline never-loaded notice with the last loaded combination, a load error, and the
 * content (behind a spinner until the first answer arrives). Nothing shows before the locations
 * are known, so the header never grows under what is already shown; if they cannot be read (a first
 * visit offline, the server failing), the screen says so with a Retry in place of its content.
 */
import type { ReactNode } from 'react';
import { useOffline } from '../../sync/connectivity';
import { LoadError } from '../../ui/load-error';
import { NotLoadedNotice, ReportHeader, Spinner } from './report-header';
import { usePrimary, type useScreen } from './use-screen';

export type Screen = ReturnType<typeof useScreen>;
export type PrimaryRead = {
  data: unknown;
  offline: boolean;
  asOf: number | null;
  notLoaded: boolean;
  loading: boolean;
  error: Error | null;
};

export function ScreenFrame({
  title,
  s,
  read,
  controls,
  children,
}: {
  title: string;
  s: Screen;
  read: PrimaryRead | null;
  controls?: ReactNode;
  children?: ReactNode;
}) {
  const appOffline = useOffline();
  // A stored copy young enough is shown without asking the network: offline all the same.
  const offline = Boolean(read?.data !== undefined && (read.offline || appOffline));
  const { last } = usePrimary(s.screen, s.filters, {
    data: read?.data,
    offline: offline || appOffline,
    notLoaded: read?.notLoaded ?? false,
  });
  const failed = s.locationsError !== null;
  const held = !s.ready && !failed;
  return (
    // Held (invisible, aria-busy) until the locations are known (the reads may have started with
    // the last visit's selection): the header's pickers would otherwise arrive after the first
    // paint and push the screen down (issue 26, layout shift; at 390 px the controls wrap onto
    // lines of their own).
    <div className={held ? 'perf-page first-reads--held' : 'perf-page'} aria-busy={held ? true : undefined}>
      <ReportHeader
        title={title}
        id={s.screen}
        filters={s.ready ? s.filters : null}
        zone={s.zone}
        locations={s.locations}
        selected={s.selected}
        onRange={s.setRange}
        onLocations={s.setLocations}
        offline={offline}
        asOf={read?.asOf ?? null}
      >
        {controls}
      </ReportHeader>
      {failed ? (
        <LoadError error={s.locationsError} what="your locations" onRetry={s.retryLocations} />
      ) : (
        <>
          {read?.notLoaded ? <NotLoadedNotice last={last} onUse={s.apply} /> : null}
          {read?.error && !read.notLoaded ? <p className="perf-error">{read.error.message}</p> : null}
          {!read || (read.data === undefined && read.loading) ? (
            <Spinner />
          ) : read.data !== undefined ? (
            children
          ) : null}
        </>
      )}
    </div>
  );
}
