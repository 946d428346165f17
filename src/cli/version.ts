/** The version baked in at build time; from source (tests) the build constants are absent. */
export function cliVersion(): string {
  return typeof __FACTORYD_VERSION__ === 'undefined' ? '0.0.0-dev' : __FACTORYD_VERSION__;
}

/** `factory <version> (commit <commit>, node <version>)`, what `factory --version` prints. */
export function versionLine(nodeVersion: string): string {
  const commit = typeof __FACTORYD_COMMIT__ === 'undefined' ? 'unknown' : __FACTORYD_COMMIT__;
  return `factory ${cliVersion()} (commit ${commit}, node ${nodeVersion})`;
}
