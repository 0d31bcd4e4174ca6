import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { antdStaticStyle } from './build/antd-static-style';
import { localeChunkOf } from './build/locale-chunks';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const PROXIED_PREFIXES = [
  '/api',
  '/oauth',
  '/anonymous',
  '/uploads',
  '/health',
  '/manifest.webmanifest',
];
/**
 * Paths the server answers itself (its `API_PREFIXES`, server/src/http/web-app.ts): the service
 * worker never answers them with the app's page. `/device/` pages are the app's, `/device/v1/`
 * is the devices' API.
 */
const SERVER_PATHS = /^\/(api|oauth|anonymous|uploads|health|ingest|device\/v1)\//;

export default defineConfig({
  plugins: [
    react(),
    antdStaticStyle(),
    // The service worker (docs/app.md): the shell is precached, every other hashed file is kept
    // once loaded (so pages opened before work offline); the manifest is the server's, per brand.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['index.html', 'assets/index-*.{js,css}', 'favicon.svg', 'icons/*.png'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [SERVER_PATHS],
        importScripts: ['/push-sw.js'],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'app-assets', expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
  ],
  // Every locale's texts live in the contract package, beside the server's.
  resolve: {
    alias: { '@locales': fileURLToPath(new URL('../packages/contract/locales', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }]),
    ),
  },
  build: {
    // bench/bundle-size.ts reads the manifest to measure what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: { manualChunks: (id) => localeChunkOf(id), experimentalMinChunkSize: 20_000 },
    },
  },
});
