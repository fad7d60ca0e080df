/**
 * Superstruct as Fastify's schema language: routes declare `schema: { params, querystring, body }`
 * with the contracts' structs (src/api/contracts, shared with the client), and this compiler is
 * the one place a contract failure becomes an answer:
 *
 * - params: 404 (a malformed id or an unknown type is simply not found), with the refinement's
 *   message when it has one ('Unknown table'), else 'Not found';
 * - body and querystring: 422 {errors: {field: [messages]}} (errors.ts fieldErrors).
 *
 * Values are coerced (trimmed emails, defaults, numbers from query strings) and the handler gets
 * the coerced value, so no handler parses or casts by hand. A missing body validates as {}.
 *
 * Responses: a route names its response struct in `config.response`; `checkResponses` (tests)
 * validates every JSON 2xx answer against it and turns a mismatch into a loud 500.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { type Struct, validate } from 'superstruct';
import { fieldErrors, HttpError, notFound } from './errors';

// biome-ignore lint/suspicious/noExplicitAny: a route's struct may have any shape
type AnyStruct = Struct<any, any>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract of this route's 2xx JSON answer, checked when the app checks responses. */
    response?: AnyStruct;
  }
}

/** Types a handler's params, querystring and body from the structs of its schema. */
export interface StructTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Struct<infer T, infer _S> ? T : unknown;
  serializer: this['schema'] extends Struct<infer T, infer _S> ? T : unknown;
}

const isStruct = (value: unknown): value is AnyStruct =>
  value !== null && typeof value === 'object' && 'validator' in value && 'coercer' in value;

export const structValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isStruct(schema)) throw new Error(`route schema for ${httpPart} is not a superstruct struct`);
  return (data: unknown) => {
    const [error, value] = validate(data ?? {}, schema, { coerce: true });
    if (!error) return { value };
    if (httpPart === 'params') {
      const failure = error.failures().find((f) => f.refinement);
      return { error: notFound(failure?.message ?? 'Not found') };
    }
    return { error: new HttpError(422, { errors: fieldErrors(error) }) };
  };
};

/** A response that does not match its contract: a bug in the server (or the contract). */
export class ContractMismatch extends Error {
  readonly statusCode = 500;
}

/** Checks every JSON 2xx answer of a route with `config.response` against that struct. */
export function checkResponses(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const struct = request.routeOptions.config.response;
    if (!struct || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    if (typeof payload !== 'string') return payload;
    const [error] = validate(JSON.parse(payload), struct, { coerce: true });
    if (!error) return payload;
    const where = `${request.method} ${request.routeOptions.url}`;
    const detail = error
      .failures()
      .map((f) => `${f.path.join('.') || '(root)'}: ${f.message}`)
      .join('; ');
    request.log.error({ where, detail }, 'response does not match its contract');
    throw new ContractMismatch(`${where} answered outside its contract: ${detail}`);
  });
}
