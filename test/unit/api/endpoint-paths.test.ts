/**
 * Every API path the client and the worker write goes through the endpoint table
 * (src/api/contracts/endpoints.ts): built with `endpointPath('GET /campaigns/:id', { id })`, or, in
 * a module that must not load the table, a literal the compiler checks against it (`satisfies
 * EndpointPath<'POST'>`, a `ReportPath`). A path typed as a bare string is one the table never
 * hears of: renamed on the server, it breaks at run time and its cache policy is a guess.
 *
 * The scan is textual: a quoted or template literal whose first segment is one of the table's
 * (`'/activities/...'`, `` `/leads/${id}` ``) must sit on a line that names endpointPath,
 * EndpointPath or ReportPath (or passes it to useReport, whose parameter is a ReportPath), or in an
 * object declared `satisfies Record<string, ReportPath>`. Comments are skipped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/api/contracts/endpoints';

const root = resolve(import.meta.dirname, '../../..');
const ROOTS = ['src', 'sw'];
/** The table itself, and the module that documents it with example paths. */
const SKIPPED = ['src/api/contracts/endpoints.ts', 'src/api/contracts/declarations.ts'];

/**
 * Literals known and not yet converted, by file, each with why: the test fails on any other, and
 * on one of these once it is gone (so the entry goes too).
 */
const KNOWN: Record<string, string> = {
  'src/features/billing/invoices-page.tsx':
    "'/user/settings': billing is another helper's area this round; it takes SETTINGS_PATH at the merge",
};

const FIRST_SEGMENTS = new Set(
  Object.keys(ENDPOINTS)
    .map((key) => key.split(' ')[1]?.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith(':')),
);

const CHECKED_LINE = /endpointPath\(|EndpointPath<|ReportPath|useReport\(/;
const PATH_LITERAL = /['`]\/([a-z_]+)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A property of an object literal whose closing line declares it `satisfies ...ReportPath>`. */
function inCheckedObject(lines: string[], index: number): boolean {
  if (!/^\s*['"\w-]+['"]?:\s*['`]/.test(lines[index] ?? '')) return false;
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*\}/.test(line)) return /satisfies Record<string, ReportPath>/.test(line);
    if (line.trimEnd().endsWith(';')) return false;
  }
  return false;
}

/** `file:line: text` of each API path literal in one source that the table does not check. */
function scan(name: string, source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  let inComment = false;
  lines.forEach((line, index) => {
    const text = line.trim();
    if (inComment || text.startsWith('/*')) {
      inComment = !text.includes('*/');
      return;
    }
    if (text.startsWith('//') || text.startsWith('*')) return;
    const paths = [...line.matchAll(PATH_LITERAL)].filter((m) => FIRST_SEGMENTS.has(m[1] ?? ''));
    if (paths.length === 0 || CHECKED_LINE.test(line) || inCheckedObject(lines, index)) return;
    found.push(`${name}:${index + 1}: ${text}`);
  });
  return found;
}

function uncheckedLiterals(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of ROOTS.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const name = relative(root, file);
    if (SKIPPED.includes(name)) continue;
    const lines = scan(name, readFileSync(file, 'utf8'));
    if (lines.length) found.set(name, lines);
  }
  return found;
}

describe('API paths in the client', () => {
  it('are built from the endpoint table or checked against it', () => {
    const found = uncheckedLiterals();
    const unexpected = [...found].filter(([file]) => !(file in KNOWN)).flatMap(([, lines]) => lines);
    expect(unexpected).toEqual([]);
    const gone = Object.keys(KNOWN).filter((file) => !found.has(file));
    expect(gone).toEqual([]);
  });

  it('tells a plain string from a checked one', () => {
    const source = [
      '/** `/leads/12` in a comment */',
      "export const A = '/activities/logo';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text the scan reads
      'export const B = (id: number) => `/campaigns/${id}/locations`;',
      "export const C = endpointPath('GET /activities/logo');",
      "export const D = '/client/password' satisfies EndpointPath<'POST'>;",
      "const read = useReport(SeriesGraph, '/performance/ppc/leads', filters);",
      'const PATHS = {',
      "  one: '/performance/devices/breakdown',",
      '} as const satisfies Record<string, ReportPath>;',
      "const route = '/dashboard/overview';",
    ].join('\n');
    expect(scan('x.ts', source)).toEqual([
      "x.ts:2: export const A = '/activities/logo';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text the scan reads
      'x.ts:3: export const B = (id: number) => `/campaigns/${id}/locations`;',
    ]);
  });
});
