/**
 * Registers a route from its declaration (src/api/contracts/routes/*.ts, `endpoint()` in
 * src/api/contracts/endpoints.ts): the method, the path, the request schema (params, querystring,
 * body) and `config.response` all come from the declaration, so the server serves exactly what the
 * endpoint table and the client know, with the same contracts.
 *
 * - The handler's request is typed from the declaration's structs (StructTypeProvider), as a
 *   route written out by hand would be.
 * - `options` carries what is the server's own business (hooks, rate limits, body limits, extra
 *   config); `atRoot` is for a plugin mounted outside the /api/v1 prefix (the dev tools).
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import {
  API_BASE,
  type Contracts,
  type Endpoint,
  type EndpointKey,
} from '../../src/api/contracts/declarations';
import type { StructTypeProvider } from '../lib/validation';

type StructApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  StructTypeProvider
>;

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  StructTypeProvider
>;

/** The body a handler of this schema receives: for a helper generic over the body's struct. */
export type RequestBody<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  StructTypeProvider
>['body'];

type ServeOptions<S extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    StructTypeProvider
  >,
  'schema'
> & { atRoot?: boolean };

export function serve<K extends EndpointKey, C extends Contracts>(
  app: StructApp,
  declaration: Endpoint<K, C>,
  handler: Handler<Omit<C, 'response'>>,
  { atRoot = false, ...options }: ServeOptions<Omit<C, 'response'>> = {},
) {
  app.route<RouteGenericInterface, ContextConfigDefault, Omit<C, 'response'>>({
    ...options,
    method: declaration.method,
    url: `${atRoot ? API_BASE : ''}${declaration.path}`,
    schema: declaration.schema,
    config: { ...options.config, response: declaration.response },
    handler,
  });
}
