/**
 * Build of the PWA: React, and vite-plugin-pwa in injectManifest mode, so the service worker is our
 * own TypeScript (sw/sw.ts) with the precache manifest injected at build time.
 *
 * - injectRegister is off: src/main.tsx registers /sw.js with workbox-window (no inline script,
 *   which the strict CSP `script-src 'self'` would block).
 * - The dev server proxies /api to the reference server (`npm run serve`, port 8080).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#1e40af';
const SHORTCUT_ICON = { src: '/icon-192.png', sizes: '192x192', type: 'image/png' };

export default defineConfig({
  // `@/x` is src/x (tsconfig.json `paths` says the same to the typechecker).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
  },
});
