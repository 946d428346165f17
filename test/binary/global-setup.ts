import { execFileSync } from 'node:child_process';

/**
 * Builds the single executable once per `npm run test:binary`, or keeps it when nothing that goes
 * into it changed (scripts/build-binary.mjs decides). The first build in a checkout compiles
 * SQLite for the embedded Node: several minutes.
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-binary.mjs'], {
    stdio: 'inherit',
    timeout: 20 * 60_000,
  });
}
