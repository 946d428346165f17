import { execFileSync } from 'node:child_process';

/** Builds the bundles once, so end-to-end tests run the same files users do. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
