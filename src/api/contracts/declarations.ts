/**
 * Endpoint declarations: `endpoint('POST /campaigns', { body, response })` joins a key of the
 * endpoint table (endpoints.ts) with the endpoint's request contracts (params, querystring, body)
 * and its response contract; a key the table does not list is a type error. The declarations live
 * one file per server route module (routes/<module>.ts, e.g. `campaignsApi.postCampaigns`, named
 * after method and path); the server registers its routes from them (server/routes/serve.ts) and
 * the client takes paths (`pathOf`) and response structs from them.
 *
 * Apart from endpoints.ts on purpose: the worker and the app's core chunk read the table, and what
 * they import is bundled with them.
 */
import type { Struct } from 'superstruct';
import {
  ENDPOINTS,
  type EndpointKey,
  endpointPath,
  type MethodOf,
  type PathOf,
  type PathParams,
} from './endpoints';

export type { EndpointKey };

/** Where the table's paths are mounted. */
export const API_BASE = '/api/v1';

// biome-ignore lint/suspicious/noExplicitAny: a contract may have any shape
type AnyStruct = Struct<any, any>;

/** An endpoint's contracts: its request parts (Fastify's schema names) and its JSON answer. */
export type Contracts = {
  params?: AnyStruct;
  querystring?: AnyStruct;
  body?: AnyStruct;
  response?: AnyStruct;
};

/** One endpoint: its table key, method, path, cache policy, request schema and response contract. */
export type Endpoint<K extends EndpointKey = EndpointKey, C extends Contracts = Contracts> = {
  readonly key: K;
  readonly method: MethodOf<K>;
  readonly path: PathOf<K>;
  readonly policy: (typeof ENDPOINTS)[K];
  readonly schema: Omit<C, 'response'>;
  readonly response: C['response'];
};

/** Declares the endpoint the table lists under `key` with its contracts. */
export function endpoint<K extends EndpointKey, const C extends Contracts>(
  key: K,
  contracts: C,
): Endpoint<K, C> {
  const { response, ...schema } = contracts;
  const [method, path] = key.split(' ') as [MethodOf<K>, PathOf<K>];
  return { key, method, path, policy: ENDPOINTS[key], schema, response };
}

/**
 * The concrete path of a declaration (`/campaigns/:id/schedule`, {id: 12} -> `/campaigns/12/schedule`),
 * every parameter given and URI-encoded.
 */
export function pathOf<K extends EndpointKey>(
  declaration: { readonly key: K; readonly path: PathOf<K> },
  ...params: PathParams<K>
): string {
  return endpointPath(declaration.key, ...params);
}
