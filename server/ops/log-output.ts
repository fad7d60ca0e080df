/**
 * Where the server's log lines go (issue 52, item 6): readable lines (pino-pretty) when stdout is
 * a terminal, a person watching `npm start`; JSON lines, one object each, otherwise (a file, a
 * pipe, journald, a container's log collector), exactly as before, for machines to parse.
 *
 * - Pretty printing runs in this thread, synchronously (no transport worker thread: a second
 *   thread would cost memory on every start, and only a terminal ever gets these lines).
 * - LOG_FORMAT=json|pretty overrides the guess (json in a terminal to copy a line into a tool).
 * - Request logs keep their redaction: app.ts adds its serializers to whatever this answers.
 */
import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { ConfigError } from '../config-rules';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The logger options for `level`, pretty when `out` is a terminal (or LOG_FORMAT says so). */
export function logOutput(
  level: string,
  out: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): LoggerOptions {
  const format = env.LOG_FORMAT?.trim() || (out.isTTY ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty')
    throw new ConfigError(`LOG_FORMAT must be json or pretty (got ${JSON.stringify(format)}).`);
  if (format === 'json') return { level };
  const stream = pinoPretty({
    colorize: Boolean(out.isTTY),
    sync: true,
    destination: out,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    // One line per entry: a request's fields on the line of its message, not ten lines below it.
    singleLine: true,
  });
  return { level, stream };
}
