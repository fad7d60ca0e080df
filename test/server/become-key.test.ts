/**
 * The data directory's signing key (server/domain/auth/become.ts) when BECOME_SECRET is unset: made
 * once, private, never replaced, and the same for every process that starts on the directory at
 * once (two instances on one shared DATA_DIR, or the CLI beside the server).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { becomeSecret } from '../../server/domain/auth/become';

const root = resolve(import.meta.dirname, '../..');

/** Another process's answer: the key it reads or makes in `dir`. */
function keyFromProcess(dir: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/domain/auth/become.ts').then((m) => process.stdout.write(m.becomeSecret({ dataDir: ${JSON.stringify(dir)} })))`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`exit ${code}`))));
  });
}

describe('the data directory key', () => {
  it('is made once, readable by its owner only, and read back the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'become-'));
    const key = becomeSecret({ dataDir: dir });
    expect(key.length).toBeGreaterThan(20);
    expect(statSync(join(dir, 'become.key')).mode & 0o777).toBe(0o600);
    expect(becomeSecret({ dataDir: dir })).toBe(key);
    expect(readdirSync(dir)).toEqual(['become.key']);
  });

  it('is never replaced, and BECOME_SECRET wins over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'become-'));
    writeFileSync(join(dir, 'become.key'), 'an-existing-key\n');
    expect(becomeSecret({ dataDir: dir })).toBe('an-existing-key');
    expect(becomeSecret(loadConfig({ DATA_DIR: dir, BECOME_SECRET: 'from-env' }))).toBe('from-env');
    expect(readFileSync(join(dir, 'become.key'), 'utf8')).toBe('an-existing-key\n');
  });

  it('is the same for processes that start on an empty directory at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'become-'));
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyFromProcess(dir)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(readFileSync(join(dir, 'become.key'), 'utf8').trim());
    expect(readdirSync(dir)).toEqual(['become.key']);
  }, 120_000);
});
