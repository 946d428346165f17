// Replaced by esbuild `define` at build time (scripts/build.mjs); undefined when run from source.
declare const __FACTORYD_VERSION__: string;
declare const __FACTORYD_COMMIT__: string;
