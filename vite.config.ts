// The web app (src/web): one Vite + React build with three faces, each its own chunk.
// `npm run build` runs it through scripts/web/build-web.mjs (which also precompresses the files);
// `npm run dev:web` serves it with hot reload, the API proxied to a running factoryd.
// The station page is built a second time on its own (mode `station`): station.html, its entry,
// with Preact standing in for React (preact/compat): a cheap tablet is ready to scan sooner.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { stationOffline } from './scripts/web/station-offline-plugin.js';
import { testLabelSymbols } from './scripts/web/test-label-plugin.js';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const apiTarget = process.env.FACTORYD_URL ?? 'http://127.0.0.1:8080';

/** React's modules as Preact provides them (react-i18next runs on them unchanged). */
const PREACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ mode }) => {
  const station = mode === 'station';
  return {
    root,
    // The app's build copies public/; the station's, built after it into the same place, does not.
    publicDir: station ? false : 'public',
    // Factories are air-gapped and the server sends a strict Content-Security-Policy: nothing is
    // inlined as a data: URL and nothing is fetched from another origin.
    build: {
      outDir,
      emptyOutDir: !station,
      target: 'es2022',
      assetsInlineLimit: 0,
      sourcemap: false,
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
      rollupOptions: station
        ? {
            input: fileURLToPath(new URL('./src/web/station.html', import.meta.url)),
            output: { entryFileNames: 'assets/StationFace-[hash].js' },
          }
        : {},
    },
    ...(station ? { resolve: { alias: PREACT } } : {}),
    plugins: [react(), testLabelSymbols(), ...(station ? [stationOffline()] : [])],
    server: {
      proxy: {
        '/v1': apiTarget,
        '/healthz': apiTarget,
        '/readyz': apiTarget,
      },
    },
  };
});
