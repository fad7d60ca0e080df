/**
 * Build of the PWA: React, and vite-plugin-pwa in injectManifest mode, so the service worker is our
 * own TypeScript (sw/sw.ts) with the precache manifest injected at build time.
 *
 * - injectRegister is off: src/main.tsx registers /sw.js with workbox-window (no inline script:
 *   the strict CSP allows none).
 * - The precache takes what every screen needs; the charts' chunk and large images are cached by
 *   the worker when first used (sw/asset-cache.ts).
 * - The dev server proxies /api to the reference server (`npm run serve`, port 8080).
 * - Every text file of the build (the service worker included) gets .br and .gz siblings, which
 *   the server sends as they are (server/app.ts `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Files worth compressing: text, over 1 KB (below that, the headers outweigh the saving). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes name.br (quality 11) and name.gz (level 9) beside every compressible file of dist/.
 *  Runs last (after vite-plugin-pwa has written sw.js). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
          const data = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Takes out the `<link rel="manifest">` vite-plugin-pwa writes into index.html: src/main.tsx adds
 * it once the first screen is painted, so the manifest and the icons the browser fetches for it
 * do not share the phone's bandwidth with the first screen's scripts. (Install offers and
 * "Add to Home Screen" read it when they happen, long after.)
 */
function deferManifestLink(): Plugin {
  return {
    name: 'portal:defer-manifest-link',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, ''),
    },
  };
}

/**
 * Marks the chart drawing's chunk (echarts, `chart-draw-*`) for eager compilation: V8's explicit
 * compile hint, a first-line `//# allFunctionsCalledOnLoad` (Chrome 136 on; a plain comment
 * elsewhere). Drawing a chart calls most of that chunk's functions. Compiled lazily, each was
 * compiled on the main thread at its first call, inside the first chart's drawing (about 240 ms of
 * one task at Lighthouse's 4x CPU slowdown, 130 ms with the hint); with the hint, the browser
 * compiles them on a background thread as the chunk downloads. Only this chunk: the start chunks'
 * code is mostly not called on a given screen, and compiling it all would cost memory for nothing.
 * Added after minification (which drops comments), so the chunk's name hash does not cover it.
 */
const CHART_DRAW = /src\/ui\/chart-draw\.tsx$/;
function compileHint(): Plugin {
  return {
    name: 'portal:compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId && CHART_DRAW.test(chunk.facadeModuleId))
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * Start-up chunks. Left to itself the bundler cut the dashboard's first screen into about fifty
 * chunks (one per set of importers), and over HTTP/1.1 on a phone each is a request and a round
 * trip. These groups gather what loads together (first match wins):
 * - form: the form kit (react-hook-form, ui/form, the text inputs), for the signed-out pages and
 *   the forms a screen opens (loaded when it is idle, ui/lazy-component.ts), never a list screen's
 *   first load;
 * - kit: dialogs, menus and what the signed-out pages need before their first paint;
 * - core: the device database (Dexie) and the offline core, loaded by every signed-in screen and,
 *   after its first paint, by /login;
 * - shell: the dashboard's frame and what its list screens share (table, toolbar, date range, the
 *   "not loaded yet" offer of the performance, campaigns and invoices screens), and the chart box
 *   (ui/chart.tsx: the chart screens' placeholder and loader, about 1 KB). Left alone each would be
 *   a chunk of its own, a request more on those screens; the chart box's would be named `chart-*`,
 *   which the precache leaves out as the drawing's.
 * The drawing itself (ui/chart-draw.tsx with echarts) is in no group: it is only imported
 * dynamically, so it stays one `chart-draw-*` chunk that no start script imports.
 * The modules the entry imports itself (ENTRY) stay out of these groups: a group holding one would
 * load before /login's first paint. They go, with what they share with later chunks, to START
 * below. `npm run bench` prints the scripts /login loads before its form.
 */
const ENTRY = /src\/(db\/(load-db|session|use-session)|sync\/install)\.ts$/;
const LAZY = /src\/(ui\/toolbar\/(new-filter-form|save-filter-modal)|features\/leads\/review-form)\./;
const GROUPS: { name: string; test: RegExp[] }[] = [
  {
    name: 'form',
    test: [
      /node_modules\/(react-hook-form|@hookform)\//,
      /src\/ui\/form\//,
      /src\/ui\/inputs\/(field|text-input|use-blur-error|email-input|password-[a-z]+)\./,
      /src\/lib\/password-strength\.ts$/,
    ],
  },
  {
    name: 'kit',
    test: [
      /src\/ui\/(modal|dialog|close-button|use-scrollable-focus|use-disclosure)\./,
      // The inputs' styles: the shell's date range picker uses them too.
      /src\/ui\/inputs\/inputs\.css$/,
      /src\/lib\/config\.ts$/,
      /src\/sync\/connectivity(-guard)?\.ts$/,
      /src\/features\/auth\/(auth-api|packout-ad|messages)\.ts$/,
    ],
  },
  {
    name: 'core',
    test: [
      /node_modules\/(dexie|dexie-react-hooks|@microsoft\/fetch-event-source)\//,
      /src\/(db|sync)\//,
      /src\/app\/(install-handlers|session-expiry)\.ts$/,
      /src\/(features|widgets)\/[a-z-]+\/[a-z-]+-live\.ts$/,
      /src\/lib\/(backoff|notification-target|time-zone|screen-read-keys)\.ts$/,
      /src\/api\/contracts\/(push|versions|batch|endpoints|declarations|requests|payments)\.ts$/,
    ],
  },
  {
    name: 'shell',
    test: [
      /src\/app\/(dashboard-shell|shell-header|tab-nav|mobile-menu|notification-[a-z]+|use-notifications|use-choose-notification|all-notifications|push-prompt|user-menu|sign-out|sections|tabs)\./,
      /src\/ui\/(table|toolbar)\//,
      /src\/widgets\/toolbar\//,
      /src\/widgets\/last-loaded\//,
      /src\/ui\/inputs\/(date-range-[a-z]+|range-calendar)\./,
      /src\/ui\/use-narrow\./,
      /src\/ui\/chart\.(tsx|css)$/,
      /src\/lib\/(date-range|calendar|phone)\.ts$/,
      /src\/api\/contracts\/toolbar\.ts$/,
      /src\/features\/auth\/packout-ad-modal\./,
    ],
  },
];
/**
 * What the entry needs before any first paint and the later chunks share with it (the session
 * store and its contract, React, superstruct, the preload helper): one chunk beside the entry, not
 * four the bundler would cut by their sets of importers.
 */
const START = [
  ENTRY,
  /node_modules\/(react|react-dom|scheduler|superstruct)\//,
  /src\/api\/contracts\/(session|common)\.ts$/,
  /src\/lib\/(validation|device-storage|store|registration-flags|next-task)\.ts$/,
  /vite\/preload-helper/,
  /rolldown[:/]runtime/,
];
const CODE_SPLITTING_GROUPS = [
  {
    name: 'start',
    priority: GROUPS.length + 1,
    test: (id: string) => START.some((pattern) => pattern.test(id)),
  },
  ...GROUPS.map(({ name, test }, index) => ({
    name,
    priority: GROUPS.length - index,
    test: (id: string) => !ENTRY.test(id) && !LAZY.test(id) && test.some((pattern) => pattern.test(id)),
  })),
];

/**
 * react-toastify's stylesheet sets its defaults on `:root`. It arrives after the first screen
 * (app.tsx loads the toast container then), and a stylesheet that sets custom properties on the
 * root makes the browser recompute the style of every element of the page: one 97 ms task at 4x
 * CPU on the profile tab, whose forms make a large page, counted in its blocking time. Scoped to
 * the toast container (`:where(.Toastify)`, no specificity: styles.css's own values set on
 * `.Toastify` still win), the new rules touch the container alone.
 */
const scopeToastifyDefaults = {
  postcssPlugin: 'portal:scope-toastify-defaults',
  Rule(rule: { selector: string; source?: { input: { file?: string } } }) {
    if (rule.selector === ':root' && rule.source?.input.file?.includes('react-toastify'))
      rule.selector = ':where(.Toastify)';
  },
};

const THEME_COLOR = '#1e40af';
const SHORTCUT_ICON = { src: '/icon-192.png', sizes: '192x192', type: 'image/png' };

export default defineConfig({
  // `@/x` is src/x (tsconfig.json `paths` says the same to the typechecker).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  css: { postcss: { plugins: [scopeToastifyDefaults] } },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The glob below already precaches the icons; listing them twice only duplicates entries.
      includeManifestIcons: false,
      manifest: {
        name: 'Customer Portal',
        short_name: 'Portal',
        description: 'Your marketing results, leads, campaigns and invoices, online or offline.',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#f5f7fb',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press / right-click entries of the installed app. The bell opens itself on
        // #notifications (the shell reads the hash).
        shortcuts: [
          { name: 'Leads', url: '/dashboard/leads', icons: [SHORTCUT_ICON] },
          { name: 'Invoices', url: '/dashboard/billing/invoices', icons: [SHORTCUT_ICON] },
          { name: 'Notifications', url: '/dashboard/overview#notifications', icons: [SHORTCUT_ICON] },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        // Left to the worker's asset cache (sw/asset-cache.ts), filled when first used: the charts'
        // chunk (echarts, only the report screens draw charts), the install-size icons (the
        // browser fetches those itself) and the badge images (one tab of the account settings).
        globIgnores: ['assets/chart-*.js', 'icon-512.png', 'icon-maskable-512.png', 'badges/**'],
      },
    }),
    deferManifestLink(),
    compileHint(),
    precompress(),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server names the start chunks in a Link header (server/lib/start-links.ts).
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: CODE_SPLITTING_GROUPS } },
    },
  },
});
