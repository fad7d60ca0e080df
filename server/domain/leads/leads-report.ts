/**
 * POST /leads as a report: the page of leads with the header's statistics, in the columns the
 * user shows (their table config, or those a narrow screen names), and the search remembered as
 * a recent filter when it is a first page with filters or a query. Three statements with the
 * auth lookup (which brings the time zone and the leads version): the page with the table config,
 * and the statistics unless this leads version's are in memory (two statements then). The whole
 * answer is held too, per user, leads version and exact query (lib/version-cache.ts, 'pages'
 * shelf): a repeated page runs the auth lookup only. The recent filter is remembered either way.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LEAD_COLUMNS, type LeadsQuery } from '../../../src/api/contracts/leads';
import type { Db } from '../../db/client';
import { cachedByVersion } from '../../lib/version-cache';
import { DEFAULT_TIME_ZONE } from '../account/org-today';
import { listLeads, type ShownColumn } from './leads-list';
import { rememberRecent } from './leads-saved-filters';
import { TABLES, tableColumnsFrom } from './leads-table';

const LABELS = new Map<string, string>(LEAD_COLUMNS.map((c) => [c.name, c.label]));

/** Who asks: the ids, and the organization's time zone the auth lookup read with the session. */
export type ReportCaller = {
  userId: number;
  organizationId: number;
  timeZone: string;
  /** From the auth lookup: keys the held pages and statistics (none: both are read every time). */
  leadsVersion?: number;
};

export async function leadsReport(db: Db, caller: ReportCaller, query: LeadsQuery, log: FastifyBaseLogger) {
  const scope = {
    organizationId: caller.organizationId,
    timeZone: caller.timeZone || DEFAULT_TIME_ZONE,
    leadsVersion: caller.leadsVersion,
  };
  const read = () =>
    listLeads(db, scope, query, caller.userId, (config) => {
      const configured = tableColumnsFrom(TABLES.leads, config);
      const widths = new Map(configured.map((c) => [c.name, c.width ?? null]));
      return (query.required_fields ?? configured.filter((c) => c.checked).map((c) => c.name)).map(
        (name) => ({
          name: name as ShownColumn['name'],
          label: LABELS.get(name) ?? name,
          width: widths.get(name) ?? null,
        }),
      );
    });
  // The user's own columns are in the answer, so the key names the user as well as the query.
  const result =
    caller.leadsVersion === undefined
      ? await read()
      : await cachedByVersion(
          db,
          `leads-page|${caller.organizationId}|${caller.leadsVersion}|${scope.timeZone}|${caller.userId}|${JSON.stringify(query)}`,
          read,
          { shelf: 'pages', weight: query.per_page },
        );
  if (query.page === 1 && (query.filters?.length || query.query?.trim())) {
    await rememberRecent(db, caller.userId, 'leads', query).catch((error) =>
      log.warn({ err: error }, 'recent filter not remembered'),
    );
  }
  return result;
}
