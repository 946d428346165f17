declare const __FACTORYD_VERSION__: string | undefined;
declare const __FACTORYD_COMMIT__: string | undefined;

/** Set at build time by esbuild; absent when the sources run directly (tests). */
export const VERSION =
  typeof __FACTORYD_VERSION__ === 'undefined' ? '0.0.0-dev' : __FACTORYD_VERSION__;
export const COMMIT = typeof __FACTORYD_COMMIT__ === 'undefined' ? 'unknown' : __FACTORYD_COMMIT__;

export function versionLine(name: string): string {
  return `${name} ${VERSION} (commit ${COMMIT}, node ${process.version})`;
}

/** This build, as recorded against the migrations it applies. */
export const THIS_BUILD = { version: VERSION, commit: COMMIT } as const;
