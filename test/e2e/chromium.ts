/**
 * Which Chromium the browser tests drive, found without manual steps: CHROME_PATH, then Debian's
 * /usr/bin/chromium, then the Chromium shipped inside the @sparticuz/chromium npm package
 * (unpacked to /tmp on first use), so `npm install && npm test` needs nothing else on a machine
 * without Debian's package. Free of vitest imports: global-setup.ts runs it outside the workers.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function findChromium(): Promise<string> {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  try {
    const packaged = await import('@sparticuz/chromium');
    return await packaged.default.executablePath();
  } catch (error) {
    throw new Error(
      `No Chromium found: set CHROME_PATH or run \`apt-get install -y chromium\` (${String(error)})`,
    );
  }
}
