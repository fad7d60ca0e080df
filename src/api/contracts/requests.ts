/**
 * Request structs only the server checks (path parameters, query strings), used by the
 * declarations in routes/. They live apart from the shared contract files on
 * purpose: the worker and the app's core chunk import those, and a struct is built where its
 * module loads, so one added there would ship in every bundle that never sends it.
 */
import { coerce, defaulted, integer, max, min, object, optional, refine, string } from 'superstruct';
import { PaymentPlatform } from './payments';

/** The input of an endpoint that takes none: any query parameter or body field is refused (422). */
export const NoInput = object({});

/** What a signed link carries besides its path: its expiry and signature (checked by the context). */
export const SignedQuery = object({ expires: string(), sig: string() });

/** A payment path's {platform}: one the card provider knows, else not found. */
export const PaymentPlatformParam = object({ platform: PaymentPlatform });

/** A MarketSharp id in a path. */
export const MsIdParam = object({ ms_id: string() });

/** An upload's signed id in a path. */
export const UploadParams = object({ signed_id: string() });

const QueryInt = coerce(integer(), string(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : value));
/** GET /notifications' optional paging (server/routes/notifications.ts's header). */
export const NotificationsQuery = object({
  before: optional(max(min(QueryInt, 1), 2_147_483_647)),
  limit: defaulted(max(min(QueryInt, 1), 100), 100),
});

/** The tables with a configuration and saved filters (the server's TABLES and FILTER_TYPES). */
export const TABLE_TYPES = ['leads', 'campaigns'] as const;
const tableType = (name: string) =>
  object({
    type: refine(string(), name, (v) => (TABLE_TYPES as readonly string[]).includes(v) || 'Unknown table'),
  });
/** A table type that has filters in a path; any other is a 404 'Unknown table'. */
export const FilterTypeParam = tableType('FilterType');
/** A configurable table in a path; any other is a 404 'Unknown table'. */
export const TableTypeParam = tableType('TableType');
