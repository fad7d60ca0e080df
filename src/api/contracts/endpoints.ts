/**
 * Every endpoint under /api/v1, once: its method and path (Fastify's `:param` syntax) and what the
 * device does with it. The service worker's and the api client's read cache (sync/response-cache.ts)
 * decide by this table, and test/server/endpoints.test.ts checks it against the server's own route
 * list both ways, so a route added on either side without the other fails a test instead of being
 * cached (or not) by a guess.
 *
 * - `read`: a read the device keeps (stale-while-revalidate, readable offline): every GET but the
 *   ones below, and the POST calls that only read (spec parts 2 and 3: list and report payloads).
 * - `never`: a GET never kept: the live stream, payment tokens, short-lived file links and
 *   downloads, the e-mail check, the dev tools.
 * - `write`: a change (POST, PUT, DELETE): never cached; a queueable one goes through the outbox.
 *
 * Each endpoint's contracts are declared against this table (declarations.ts's `endpoint()`, one
 * file per server route module in routes/); this file imports no contract and declares nothing, so
 * the worker and the app's core chunk, which read the table, carry neither. A client module that
 * needs a path but not its contracts takes it from here (`endpointPath`); one that must not load
 * the table at all (it runs before the core chunk arrives) checks its literal against the table's
 * type (`EndpointPath`), which costs nothing at run time.
 */

export type CachePolicy = 'read' | 'never' | 'write';

export const ENDPOINTS = {
  'GET /:platform/campaign/services': 'read',
  'POST /:platform/campaigns': 'write',
  'POST /:platform/campaigns/:id/settings/location_status': 'write',
  'POST /:platform/campaigns/:id/settings/locations': 'write',
  'POST /:platform/campaigns/:id/settings/update_schedule': 'write',
  'POST /:platform/campaigns/:id/settings/update_status': 'write',
  'DELETE /:platform/payment_methods/:id': 'write',
  'POST /:platform/payment_methods/:id/edit': 'write',
  'POST /:platform/payment_methods/create': 'write',
  'POST /:platform/payment_methods/update': 'write',
  'GET /:platform/paysimple/token': 'never',
  'GET /account_manager': 'read',
  'GET /activities': 'read',
  'PUT /activities/:id': 'write',
  'DELETE /activities/assets/:id': 'write',
  'GET /activities/assets/presigned_url': 'never',
  'PUT /activities/assets/upload/:signed_id': 'write',
  'GET /activities/brand_assets': 'read',
  'POST /activities/brand_assets': 'write',
  'GET /activities/business_details': 'read',
  'POST /activities/business_details': 'write',
  'GET /activities/company_details': 'read',
  'POST /activities/company_details': 'write',
  'DELETE /activities/licenses/:id': 'write',
  'GET /activities/licenses/:id': 'read',
  'DELETE /activities/logo': 'write',
  'GET /activities/renew_general_insurance': 'read',
  'POST /activities/renew_general_insurance': 'write',
  'POST /activities/renew_license/:ref': 'write',
  'GET /activities/renew_workers_comp_insurance': 'read',
  'POST /activities/renew_workers_comp_insurance': 'write',
  'GET /activities/seo_content': 'read',
  'POST /activities/seo_content': 'write',
  'GET /activities/service_areas': 'read',
  'POST /activities/service_areas/form': 'write',
  'POST /activities/service_areas/locations/add': 'write',
  'POST /activities/service_areas/locations/remove': 'write',
  'GET /activities/service_details': 'read',
  'POST /activities/service_details': 'write',
  'POST /activities/set_activities': 'write',
  'POST /activities/upload_logo': 'write',
  'GET /activities/verify_insurance': 'read',
  'POST /activities/verify_insurance': 'write',
  'GET /activities/verify_license': 'read',
  'POST /activities/verify_license': 'write',
  'GET /banners': 'read',
  'GET /campaign/accounts': 'read',
  'POST /campaigns': 'read',
  'GET /campaigns/:id': 'read',
  'GET /campaigns/:id/:providerId': 'read',
  'GET /campaigns/:id/locations': 'read',
  'POST /campaigns/:id/providers': 'read',
  'GET /campaigns/:id/schedule': 'read',
  'POST /campaigns/export': 'write',
  'GET /campaigns/filter_fields': 'read',
  'GET /client': 'read',
  'PUT /client': 'write',
  'GET /client/:platform/accounts': 'read',
  'POST /client/account/update': 'write',
  'POST /client/accounts': 'write',
  'POST /client/accounts/:ref_id/settings': 'write',
  'POST /client/accounts/package': 'write',
  'GET /client/accounts/packages': 'read',
  'POST /client/accounts/summary': 'read',
  'POST /client/analytics': 'read',
  'POST /client/authenticate': 'write',
  'POST /client/become': 'write',
  'POST /client/create_session': 'write',
  'POST /client/end_session': 'write',
  'GET /client/get_user_data': 'read',
  'GET /client/lead_costs': 'read',
  'GET /client/marketsharp/accounts/:ms_id': 'read',
  'POST /client/marketsharp/register': 'write',
  'POST /client/password': 'write',
  'POST /client/password_reset': 'write',
  'GET /client/profile': 'read',
  'POST /client/profile': 'write',
  'POST /client/register': 'write',
  'POST /client/registration/verify': 'write',
  'POST /client/registration_first_step': 'write',
  'POST /client/registration_second_step': 'write',
  'POST /client/sign_in_link': 'write',
  'POST /dev/emit': 'write',
  'POST /dev/invite': 'write',
  'POST /dev/invoices': 'write',
  'GET /dev/invoices/:id/payments': 'never',
  'POST /dev/leads': 'write',
  'GET /dev/mails': 'never',
  'GET /dev/signup-links': 'never',
  'POST /directories/enroll': 'write',
  'POST /error_report': 'write',
  'GET /exports/:id/download': 'never',
  'POST /fetch_grade': 'write',
  'DELETE /filters/:type': 'write',
  'GET /filters/:type': 'read',
  'POST /filters/:type/new': 'write',
  'GET /invoices': 'read',
  'GET /invoices/:id': 'never',
  'POST /invoices/:id': 'write',
  'GET /invoices/:id/payments/:payment_id': 'read',
  'GET /invoices/export': 'never',
  'POST /invoices/export': 'write',
  'POST /leads': 'read',
  'GET /leads/:id': 'read',
  'GET /leads/:id/recording': 'read',
  'POST /leads/:id/review': 'write',
  'POST /leads/export': 'write',
  'GET /leads/filter_fields': 'read',
  'GET /live': 'never',
  'GET /locations/search': 'read',
  'GET /logos/:signed_id': 'read',
  'GET /notifications': 'read',
  'PUT /notifications/:id': 'write',
  'GET /notifications/export/:id': 'never',
  'PUT /notifications/read_all': 'write',
  'POST /onboarding/identify': 'write',
  'POST /outbox/batch': 'write',
  'GET /partner_services': 'read',
  'GET /payment_methods': 'read',
  'GET /performance/account/ppc_lead_cost': 'read',
  'GET /performance/account/ppc_lead_rate': 'read',
  'GET /performance/account/ppc_leads': 'read',
  'GET /performance/account/ppc_lsa_summary': 'read',
  'GET /performance/account/ppc_lsa_summary_graph': 'read',
  'GET /performance/devices/breakdown': 'read',
  'POST /performance/devices/breakdown.csv': 'write',
  'GET /performance/devices/breakdown_graph': 'read',
  'GET /performance/executive/breakdown': 'read',
  'POST /performance/executive/breakdown.csv': 'write',
  'GET /performance/executive/cost_graph': 'read',
  'GET /performance/executive/cpl_graph': 'read',
  'GET /performance/executive/leads_graph': 'read',
  'GET /performance/executive/summary': 'read',
  'GET /performance/locations/breakdown': 'read',
  'POST /performance/locations/breakdown.csv': 'write',
  'GET /performance/locations/overview': 'read',
  'POST /performance/locations/overview.csv': 'write',
  'GET /performance/ppc/click_through_rate': 'read',
  'GET /performance/ppc/clicks_impressions': 'read',
  'GET /performance/ppc/cpl_cpc': 'read',
  'GET /performance/ppc/leads': 'read',
  'GET /performance/ppc/summary': 'read',
  'GET /performance/programmatic/breakdown': 'read',
  'POST /performance/programmatic/breakdown.csv': 'write',
  'GET /performance/programmatic/cpm_graph': 'read',
  'GET /performance/programmatic/overview': 'read',
  'GET /performance/programmatic/overview_graph': 'read',
  'GET /performance/revconnect/cost_per_sale': 'read',
  'GET /performance/revconnect/funnel': 'read',
  'GET /performance/revconnect/lead_to_sale': 'read',
  'GET /performance/revconnect/location_breakdown': 'read',
  'POST /performance/revconnect/location_breakdown.csv': 'write',
  'GET /performance/revconnect/marketing_graph': 'read',
  'GET /performance/revconnect/metrics': 'read',
  'GET /performance/revconnect/rev_sales_graph': 'read',
  'GET /performance/social/breakdown': 'read',
  'POST /performance/social/breakdown.csv': 'write',
  'GET /performance/social/location': 'read',
  'POST /performance/social/location.csv': 'write',
  'GET /performance/social/summary': 'read',
  'GET /performance/social/summary_graph': 'read',
  'GET /places': 'read',
  'GET /products': 'read',
  'GET /push/key': 'read',
  'DELETE /push/subscription': 'write',
  'POST /push/subscription': 'write',
  'GET /reports/overview': 'read',
  'GET /seo/report': 'read',
  'GET /seo/stats': 'read',
  'GET /services': 'read',
  'POST /submit_mql_info': 'write',
  'DELETE /table/:type': 'write',
  'GET /table/:type': 'read',
  'POST /table/:type': 'write',
  'GET /upsells': 'read',
  'GET /user/settings': 'read',
  'GET /user_locations': 'read',
  'GET /validate/email': 'never',
} as const satisfies Record<string, CachePolicy>;

type Compiled = { method: string; segments: string[]; literals: number; policy: CachePolicy };
let compiled: Compiled[] | null = null;

function table(): Compiled[] {
  compiled ??= Object.entries(ENDPOINTS).map(([key, policy]) => {
    const [method, path] = key.split(' ') as [string, string];
    const segments = path.split('/').slice(1);
    return { method, segments, literals: segments.filter((s) => !s.startsWith(':')).length, policy };
  });
  return compiled;
}

/**
 * The policy of a concrete call (`GET`, `/campaigns/12/schedule`), or undefined for a path no
 * endpoint has. Where a literal segment and a parameter both match, the literal wins, as in the
 * server's router (`/campaigns/filter_fields` is not `/campaigns/:id`).
 */
export function endpointPolicy(method: string, path: string): CachePolicy | undefined {
  const parts = path.split('?')[0]?.split('/').slice(1) ?? [];
  let best: Compiled | undefined;
  for (const entry of table()) {
    if (entry.method !== method || entry.segments.length !== parts.length) continue;
    const fits = entry.segments.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i]));
    if (fits && (!best || entry.literals > best.literals)) best = entry;
  }
  return best?.policy;
}

export type EndpointKey = keyof typeof ENDPOINTS;
/** The method of a table key (`POST /leads` -> `POST`). */
export type MethodOf<K> = K extends `${infer M} ${string}` ? M : never;
/** The path of a table key (`POST /leads` -> `/leads`). */
export type PathOf<K> = K extends `${string} ${infer P}` ? P : never;

type ParamNames<P> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's parameters, if it has any: what endpointPath (and declarations.ts's pathOf) take after the key. */
export type PathParams<K> =
  ParamNames<PathOf<K>> extends never ? [] : [Record<ParamNames<PathOf<K>>, string | number>];

/**
 * The concrete path of the endpoint the table lists under `key` (`PUT /activities/:id`, {id: 12}
 * -> `/activities/12`), every parameter given and URI-encoded: a key the table does not list is a
 * type error.
 */
export function endpointPath<K extends EndpointKey>(key: K, ...params: PathParams<K>): string {
  const values: Record<string, string | number> = params[0] ?? {};
  return key
    .slice(key.indexOf(' ') + 1)
    .replace(/:([a-z_A-Z]+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/**
 * A literal path the table lists for `method` (type only): `'/client/password' satisfies
 * EndpointPath<'POST'>` ties a literal to the table in a module that must not load it.
 */
export type EndpointPath<M extends string> = PathOf<Extract<EndpointKey, `${M} ${string}`>>;

/** The path of a GET the table lists (a literal one: a path with parameters is not a literal). */
type GetPath<K> = K extends `GET ${infer P}` ? (P extends `${string}:${string}` ? never : P) : never;

/** A report read by path (performance and overview reports): a path the server does not serve is a type error. */
export type ReportPath = Extract<
  GetPath<keyof typeof ENDPOINTS>,
  `/performance/${string}` | `/reports/${string}`
>;
