/**
 * The layer rules of biome.json, exercised: probe files placed where real modules live (in a
 * scratch copy of the tree's layout, with the repository's biome.json) are linted once, and each
 * wrong import must be refused with a message naming where to go, while the allowed ones pass.
 * app -> features -> widgets -> ui / api / sync / db -> lib, features never import each other, and
 * the library funnels (echarts, dompurify, ofetch) hold.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** [probe path, import it makes, refused?] */
const PROBES: [string, string, boolean][] = [
  ['src/features/leads/feature-to-app.ts', '../../app/guard', true],
  ['src/features/leads/feature-to-feature.ts', '../signup/steps', true],
  ['src/features/leads/feature-to-feature-alias.ts', '@/features/auth/auth-api', true],
  ['src/features/leads/nested/feature-to-feature.ts', '../../signup/steps', true],
  ['src/features/leads/nested/sibling-folder.ts', '../other/thing', false],
  ['src/features/leads/own-file.ts', './format', false],
  ['src/features/leads/to-widget.ts', '@/widgets/toolbar/table-toolbar', false],
  ['src/widgets/toolbar/widget-to-feature.ts', '@/features/leads/leads-api', true],
  ['src/ui/ui-to-api.ts', '../api/client', true],
  ['src/ui/ui-to-sync.ts', '@/sync/outbox', true],
  ['src/ui/ui-to-contract.ts', '@/api/contracts/leads', false],
  ['src/api/api-to-sync.ts', '../sync/connectivity', true],
  ['src/api/api-to-ui.ts', '../ui/toast', true],
  ['src/sync/sync-to-ui.ts', '../ui/toast', true],
  ['src/sync/sync-to-api.ts', '../api/client', false],
  ['src/db/db-to-sync.ts', '../sync/outbox', true],
  ['src/lib/lib-to-api.ts', '../api/contracts/common', true],
  ['src/features/leads/echarts.ts', 'echarts/core', true],
  ['src/ui/chart-draw.tsx', 'echarts/core', false],
  ['src/ui/chart.tsx', 'echarts/core', true],
  ['src/features/leads/dompurify.ts', 'dompurify', true],
  ['src/features/leads/ofetch.ts', 'ofetch', true],
];

let scratch: string;
let refused: Map<string, string>;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'layers-'));
  cpSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  for (const [path, from] of PROBES) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), `import { x } from '${from}';\n\nexport const probe = [x];\n`);
  }
  let output: string;
  try {
    output = execFileSync(
      join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--reporter=json', 'src'],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (failure) {
    // Biome exits 1 when it reports errors; the report is still on stdout.
    output = (failure as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: { message: string; location: { path: string } }[] };
  refused = new Map(report.diagnostics.map((d) => [d.location.path, d.message]));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('layer rules (biome.json)', () => {
  it.each(PROBES)('%s importing %s: refused %s', (path, _from, expected) => {
    expect(refused.has(path), refused.get(path) ?? 'allowed').toBe(expected);
    // A refusal says where to go instead, not just "no".
    if (expected) expect(refused.get(path)).toMatch(/\.tsx?|src\/|\(\)/);
  });
});
