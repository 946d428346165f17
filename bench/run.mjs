// Runs every benchmark in bench/ (or those named on the command line) one after another.
// Each prints its own table; figures are ratios against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

if (benches.length === 0) {
  console.error(`no benchmarks match ${wanted.join(' ')}`);
  process.exit(2);
}

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
  });
  if (res.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
