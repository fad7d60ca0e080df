/**
 * Readable logs in a terminal (issue 52, item 6; server/ops/log-output.ts): the options main.ts
 * builds its app's logger with print pino-pretty lines when stdout is a TTY, and JSON lines, as
 * before, when it is not (a pipe, a file, a log collector); LOG_FORMAT overrides the guess.
 */
import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logOutput } from '../../server/ops/log-output';

/** A stand-in for process.stdout, a terminal or not, that keeps what is written to it. */
function fakeStdout(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream & PassThrough;
  let written = '';
  stream.on('data', (chunk) => {
    written += chunk;
  });
  return { stream, written: () => written };
}

/** What one info line logged through a Fastify app built with these options looks like. */
async function logLine(isTTY: boolean, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const out = fakeStdout(isTTY);
  const options = logOutput('info', out.stream, env);
  // Not a terminal: the default destination (stdout) is kept; here it is pointed at the fake.
  const app = Fastify({ logger: options.stream ? options : { ...options, stream: out.stream } });
  app.log.info({ user: 7 }, 'portal started');
  await app.close();
  await new Promise((r) => setImmediate(r));
  return out.written();
}

describe('the log output', () => {
  it('is readable lines on a terminal', async () => {
    const line = stripVTControlCharacters(await logLine(true));
    expect(line).toContain('portal started');
    expect(line).toContain('INFO');
    expect(line).toMatch(/"user":7/);
    expect(line.trim().split('\n')).toHaveLength(1);
    expect(line.trimStart().startsWith('{')).toBe(false);
  });

  it('is JSON lines otherwise, as before', async () => {
    expect(logOutput('info', fakeStdout(false).stream, {})).toEqual({ level: 'info' });
    const line = await logLine(false);
    expect(JSON.parse(line.split('\n')[0])).toMatchObject({ level: 30, msg: 'portal started', user: 7 });
  });

  it('follows LOG_FORMAT, and refuses a value it does not know', async () => {
    expect(logOutput('warn', fakeStdout(true).stream, { LOG_FORMAT: 'json' })).toEqual({ level: 'warn' });
    expect(logOutput('info', fakeStdout(false).stream, { LOG_FORMAT: 'pretty' }).stream).toBeDefined();
    expect(() => logOutput('info', fakeStdout(true).stream, { LOG_FORMAT: 'xml' })).toThrow(/json or pretty/);
  });
});
