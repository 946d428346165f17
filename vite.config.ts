// The web app (src/web): one Vite + React build with three faces, each its own chunk.
// `npm run build` runs it through scripts/web/build-web.mjs (which also precompresses the files);
// `npm run dev:web` serves it with hot reload, the API proxied to a running factoryd.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stationOffline } from './scripts/web/station-offline-plugin.js';
import { testLabelSymbols } from './scripts/web/test-label-plugin.js';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiTarget = process.env.FACTORYD_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  publicDir: 'public',
  // Factories are air-gapped and the server sends a strict Content-Security-Policy: nothing is
  // inlined as a data: URL and nothing is fetched from another origin.
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
  },
  plugins: [react(), testLabelSymbols(), stationOffline()],
  server: {
    proxy: {
      '/v1': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
