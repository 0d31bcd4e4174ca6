import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { antdStaticStyle } from './build/antd-static-style';
import { localeChunkOf } from './build/locale-chunks';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const PROXIED_PREFIXES = ['/api', '/oauth', '/anonymous', '/uploads', '/health'];

export default defineConfig({
  plugins: [react(), antdStaticStyle()],
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
