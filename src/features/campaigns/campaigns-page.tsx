/**
 * /dashboard/campaigns (spec part 3 §2.8): the header with the create-campaign button (when the
 * server's can_create_campaign allows; hidden on small screens by CSS), the statistics, the
 * shared toolbar (range, filters, export, table config, search), the sortable table with
 * expandable provider rows and status switches, pagination, and the campaign drawer.
 * Times (a pause's end, "as of") read in the account's zone; an empty table says why and what
 * comes next (campaigns-empty.tsx). Owns the screen's state (dates, filters, search, sort, page). Offline, a range never loaded here
 * offers the last one loaded (widgets/last-loaded); the campaigns of each page loaded are kept for
 * offline use with their drawer tabs (campaigns-prefetch.ts). Default export: loaded lazily.
 */
import './campaigns.css';
import { useMemo, useState } from 'react';
import { CreateCampaignModal } from '@/widgets/create-campaign/create-campaign-modal';
import { readLastLoaded, useRememberLoaded } from '@/widgets/last-loaded/last-loaded';
import { NotLoadedOffer, RANGE_NOT_LOADED } from '@/widgets/last-loaded/not-loaded-offer';
import { TableToolbar } from '@/widgets/toolbar/table-toolbar';
import { useAccountZone } from '@/widgets/toolbar/use-account-zone';
import { useTableQuery } from '@/widgets/toolbar/use-table-query';
import { useToolbarData } from '@/widgets/toolbar/use-toolbar-data';
import {
  CAMPAIGN_COLUMNS,
  CAMPAIGN_MESSAGES,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignRow,
  type CampaignsQueryInput,
  DEFAULT_CAMPAIGN_COLUMNS,
} from '../../api/contracts/campaigns';
import type { TableColumn } from '../../api/contracts/toolbar';
import { type DateRange, rangeLabel } from '../../lib/date-range';
import { usePrefetch } from '../../sync/prefetch';
import { NOT_CACHED_MESSAGE } from '../../sync/response-cache';
import { OfflineBadge } from '../../sync/ui/offline-badge';
import { Pagination } from '../../ui/table/pagination';
import { useNarrow } from '../../ui/use-narrow';
import { CampaignDrawer } from './campaign-drawer';
import { setCampaignStatus, statusTag } from './campaigns-api';
import { CampaignsEmpty } from './campaigns-empty';
import { campaignsPrefetch } from './campaigns-prefetch';
import { CampaignsStats } from './campaigns-stats';
import { CampaignsTable } from './campaigns-table';
import { StatusToggle } from './status-toggle';
import { useCampaigns } from './use-campaigns';

/** Screens of 500 px or less show these (the rest is in the drawer). */
const NARROW_COLUMNS = new Set(['name', 'status', 'total_leads']);
const DEFAULT_COLUMNS: TableColumn[] = CAMPAIGN_COLUMNS.filter((c) =>
  (DEFAULT_CAMPAIGN_COLUMNS as string[]).includes(c.name),
).map((c) => ({ ...c, checked: true }));

/** Why a campaign's switch may not be used, or null. */
export function statusBlocked(row: { is_locked: boolean; disable: boolean; trigger_status: boolean }) {
  if (row.is_locked) return 'The account is locked';
  if (row.disable) return 'This campaign cannot be changed';
  if (!row.trigger_status) return 'The status of this campaign cannot be changed here';
  return null;
}

export default function CampaignsPage() {
  // The list waits for the account's zone, so its month to date is the account's from the first ask.
  const { zone, known: zoneKnown } = useAccountZone();
  const toolbar = useToolbarData('campaigns');
  const { range, sort, page, setPage, changeSort, fields, toolbarProps } = useTableQuery(zone, {
    by: 'name',
    order: 'asc',
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const body = useMemo<CampaignsQueryInput>(
    () => ({
      ...fields,
      page,
      per_page: CAMPAIGNS_PAGE_SIZE,
      order_by: fields.order_by as CampaignsQueryInput['order_by'],
    }),
    [page, fields],
  );
  const view = useCampaigns(zoneKnown ? body : null);
  const data = view.data;
  const userId = view.userId;
  const notLoaded = view.error?.message === NOT_CACHED_MESSAGE;
  // Once this range's own answer is in (while it loads, the last range's rows are still shown).
  useRememberLoaded('campaigns', range, data !== undefined && !view.offline && !view.loading);
  const last = notLoaded ? readLastLoaded<DateRange>('campaigns') : null;
  const rows = data?.campaigns;
  usePrefetch(useMemo(() => (rows && !view.offline ? campaignsPrefetch(rows) : null), [rows, view.offline]));
  const configured = toolbar.columns.filter((c) => c.checked);
  const narrow = useNarrow();
  const wide = configured.length ? configured : DEFAULT_COLUMNS;
  const columns = narrow
    ? CAMPAIGN_COLUMNS.filter((c) => NARROW_COLUMNS.has(c.name)).map((c) => ({ ...c, checked: true }))
    : wide;

  const status = (row: CampaignRow) => (
    <StatusToggle
      kind="Campaign"
      name={row.data.find((c) => c.name === 'name')?.value ?? row.ref_id}
      status={row.status.value}
      serverPending={row.status.pending}
      blocked={statusBlocked({ ...row.status, is_locked: row.account.is_locked })}
      tag={statusTag(row.id)}
      pausedUntil={row.status.paused_until}
      zone={zone}
      send={(b) => {
        if (userId === null) return Promise.reject(new Error('Not signed in'));
        const name = row.data.find((c) => c.name === 'name')?.value ?? row.ref_id;
        return setCampaignStatus(
          userId,
          { id: row.id, name, platform: row.platform, product: row.product },
          b,
          row.status.version,
        );
      }}
    />
  );
  const openRow = data?.campaigns.find((r) => r.id === openId);

  return (
    <section className="campaigns-page" aria-labelledby="campaigns-title">
      <title>Campaigns</title>
      <div className="campaigns-page__head">
        <h1 id="campaigns-title" className="campaigns-page__title">
          Campaigns
        </h1>
        <OfflineBadge offline={view.offline} asOf={view.asOf} timeZone={zone} />
        {data?.can_create_campaign ? (
          <button
            type="button"
            className="button button--primary campaigns-page__create"
            onClick={() => setCreating(true)}
          >
            Create Campaign
          </button>
        ) : null}
      </div>
      <CampaignsStats statistic={data?.campaigns_statistic ?? null} />
      <TableToolbar type="campaigns" noun="campaigns" data={toolbar} {...toolbarProps} />
      {notLoaded ? (
        <NotLoadedOffer
          message={RANGE_NOT_LOADED}
          offer={last ? rangeLabel(last) : null}
          onUse={() => last && toolbarProps.onRangeChange(last)}
        />
      ) : view.error && !data ? (
        <p className="campaigns-page__error" role="alert">
          {view.error.message}
        </p>
      ) : null}
      {/* Shown with its first rows: an empty header sized without them would re-flow when they come
          (issue 26, layout shift). */}
      <div className={view.loading && !data ? 'first-reads--held' : undefined}>
        <CampaignsTable
          rows={data?.campaigns ?? []}
          columns={columns}
          sort={sort}
          onSort={changeSort}
          onOpen={(row) => setOpenId(row.id)}
          status={status}
          range={{ start_date: range.start_date, end_date: range.end_date }}
          loading={view.loading}
          empty={
            notLoaded || (view.error && !data) ? (
              CAMPAIGN_MESSAGES.noData
            ) : (
              <CampaignsEmpty
                query={toolbarProps.query}
                filtered={toolbarProps.filters.length > 0}
                canCreate={data?.can_create_campaign ?? false}
                narrow={narrow}
                onClear={() =>
                  toolbarProps.query ? toolbarProps.onQueryChange('') : toolbarProps.onFiltersChange([])
                }
                onCreate={() => setCreating(true)}
              />
            )
          }
        />
      </div>
      {data && data.total_pages > 1 ? (
        <Pagination
          current={data.current_page}
          total={data.total_pages}
          from={data.showing_from}
          to={data.showing_to}
          records={data.total_records}
          onPage={setPage}
          label="Campaigns pages"
        />
      ) : null}
      {openId !== null ? (
        <CampaignDrawer
          campaignId={openId}
          row={openRow}
          userId={userId}
          zone={zone}
          onClose={() => setOpenId(null)}
        />
      ) : null}
      {creating ? (
        <CreateCampaignModal
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            view.refresh();
          }}
        />
      ) : null}
    </section>
  );
}
