/**
 * What `new Worker` runs for a thread's entry module: the bundled `.mjs` itself, or, from the
 * sources (tests, benchmarks), a script that first registers tsx — which those runs have
 * installed — and then imports the TypeScript entry.
 */
export function workerScript(entry: URL): { script: string | URL; eval: boolean } {
  if (!entry.pathname.endsWith('.ts')) return { script: entry, eval: false };
  return {
    script: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`,
    eval: true,
  };
}
