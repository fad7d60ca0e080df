/**
 * Superstruct as Fastify's schema language: routes declare `schema: { params, querystring, body }`
 * with the contracts' structs (src/api/contracts, shared with the client; routes/serve.ts takes
 * them from the endpoint's declaration), and this compiler is the one place a contract failure
 * becomes an answer:
 *
 * - params: 404 (a malformed id or an unknown type is simply not found), with the refinement's
 *   message when it has one ('Unknown table'), else 'Not found';
 * - body and querystring: 422 {errors: {field: [messages]}} (errors.ts fieldErrors).
 *
 * Before the contract, one walk refuses what no contract should have to think about (each once,
 * here, for every route): nesting deeper than MAX_DEPTH (400; superstruct would overflow its stack
 * building the message), a NUL character or a lone UTF-16 surrogate in any string or key (422
 * naming the field; PostgreSQL cannot store either) and a repeated query parameter (422 naming it). After the contract, every number must
 * fit the database's integer range (422 "Out of range"): no request number is larger.
 *
 * Values are coerced (trimmed emails, defaults, numbers from query strings) and the handler gets
 * the coerced value, so no handler parses or casts by hand. A missing body validates as {}.
 *
 * Responses: a route names its response struct in `config.response` (its declaration's
 * `response`); `checkResponses` (tests)
 * validates every JSON 2xx answer against it and turns a mismatch into a loud 500.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { type Struct, validate } from 'superstruct';
import { badRequest, fieldErrors, HttpError, notFound, unprocessable } from './errors';

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

/** Deeper JSON than any contract needs; deeper still would overflow superstruct's recursion. */
export const MAX_DEPTH = 32;
/** PostgreSQL's integer: every id and count a request carries fits it. */
const MAX_INT = 2_147_483_647;

type Problem = { status: 400 } | { status: 422; field: string; message: string };

/** In unicode mode a surrogate matches only when it is alone (a pair is one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What PostgreSQL cannot store as text: a NUL, or a half of a UTF-16 pair (JSON's "\ud800"). */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text';
  return undefined;
}

/** Walks without recursion (the input may be 5,000 levels deep); the first problem wins. */
function inputProblem(data: unknown, httpPart: string | undefined): Problem | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: data, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { status: 422, field: path.join('.') || '_', message };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_DEPTH) return { status: 400 };
      if (httpPart === 'querystring' && path.length === 1 && Array.isArray(value))
        return { status: 422, field: path[0], message: 'Give this parameter once' };
      for (const [key, item] of Object.entries(value)) {
        const message = textProblem(key);
        if (message) return { status: 422, field: [...path, '_'].join('.'), message };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** The first number of the coerced value outside PostgreSQL's integer range, by its path. */
function outOfRange(value: unknown): string | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const item = stack.pop() as { value: unknown; path: string[] };
    if (typeof item.value === 'number' && !(Math.abs(item.value) <= MAX_INT))
      return item.path.join('.') || '_';
    if (item.value !== null && typeof item.value === 'object' && !(item.value instanceof Date))
      for (const [key, inner] of Object.entries(item.value))
        stack.push({ value: inner, path: [...item.path, key] });
  }
  return undefined;
}

export const structValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isStruct(schema)) throw new Error(`route schema for ${httpPart} is not a superstruct struct`);
  return (data: unknown) => {
    const problem = inputProblem(data, httpPart);
    if (problem?.status === 400) return { error: badRequest('The request is nested too deeply') };
    if (problem && httpPart === 'params') return { error: notFound() };
    if (problem?.status === 422) return { error: unprocessable({ [problem.field]: [problem.message] }) };
    const [error, value] = validate(data ?? {}, schema, { coerce: true });
    if (!error) {
      const field = outOfRange(value);
      if (field === undefined) return { value };
      return { error: httpPart === 'params' ? notFound() : unprocessable({ [field]: ['Out of range'] }) };
    }
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
