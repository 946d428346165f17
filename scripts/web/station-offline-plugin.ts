// The station page's service worker (src/web/station/offline/service-worker.ts), built into
// `sw.js` with the list of files the station page needs: its HTML (station.html), its entry, the
// station's chunks (lazy ones included: the hardware check, the camera reader) and their CSS —
// nothing of the staff app or the portal. A new build is a new list, hence new bytes, hence a new worker.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const SOURCE = fileURLToPath(
  new URL('../../src/web/station/offline/service-worker.ts', import.meta.url),
);
const STATION_FACE = /\/station\/StationFace\.tsx$/;
/** The station's page, served at /station (src/api/web-app.ts). */
const PAGE = 'station.html';

interface ChunkMeta {
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/** The files a face needs: its chunk, everything it imports (lazily too), their CSS and assets. */
function closure(bundle: OutputBundle, start: OutputChunk[]): string[] {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk, lazy: boolean) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const meta = (chunk as OutputChunk & ChunkMeta).viteMetadata;
    meta?.importedCss.forEach((f) => files.add(f));
    meta?.importedAssets.forEach((f) => files.add(f));
    for (const name of [...chunk.imports, ...(lazy ? chunk.dynamicImports : [])]) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next, lazy);
    }
  };
  for (const chunk of start) visit(chunk, true);
  return [...files];
}

/** Used in the station page's own build (vite.config.ts, mode `station`): station.html. */
export function stationOffline(): Plugin {
  return {
    name: 'factoryd-station-offline',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find(
        (c) => c.isEntry && c.moduleIds.some((id) => STATION_FACE.test(id)),
      );
      if (!entry) throw new Error('station-offline: no station entry found');
      // Everything of the station, its lazy parts too (the hardware check, the camera reader).
      const files = [PAGE, ...closure(bundle, [entry])].map((f) => `/${f}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const result = await build({
        entryPoints: [SOURCE],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: {
          __PAGE__: JSON.stringify(`/${PAGE}`),
          __PRECACHE__: JSON.stringify(files),
          __VERSION__: JSON.stringify(version),
        },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
    },
  };
}
