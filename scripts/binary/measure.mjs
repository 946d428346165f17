// Start-up figures of a built executable (DESIGN §10 targets: `factory --version` ≤ 0.15 s,
// `factoryd serve` ready ≤ 0.5 s, idle RSS ≤ 80 MB). Figures only, never pass/fail:
//
//   node scripts/binary/measure.mjs [dist/bin/factory] [--runs 10]
//
// Each run starts from a copy of the executable in an empty directory under `env -i`, with a home
// whose cache is warm (the first start, which unpacks the program, is reported apart).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '10' } },
});
const source = resolve(positionals[0] ?? 'dist/bin/factory');
const runs = Number(values.runs);

const dir = mkdtempSync(join(tmpdir(), 'factory-measure-'));
const home = join(dir, 'home');
const exe = join(dir, 'factory');
copyFileSync(source, exe);
symlinkSync('factory', join(dir, 'factoryd'));
const env = { HOME: home, PATH: '/usr/bin:/bin' };

function timed(argv0, args) {
  const t = process.hrtime.bigint();
  const res = spawnSync(join(dir, argv0), args, { cwd: dir, env, encoding: 'utf8' });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (res.status !== 0)
    throw new Error(`${argv0} ${args.join(' ')}: exit ${res.status}\n${res.stderr}`);
  return s;
}

function stats(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(3)} s, min ${sorted[0].toFixed(3)} s, max ${sorted.at(-1).toFixed(3)} s`;
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function serveReady(dataDir) {
  const port = await freePort();
  const t = process.hrtime.bigint();
  const child = spawn(
    join(dir, 'factoryd'),
    ['serve', '--port', String(port), '--data-dir', dataDir],
    {
      cwd: dir,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`factoryd serve exited (${child.exitCode ?? child.signalCode})\n${stderr}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ready = Number(process.hrtime.bigint() - t) / 1e9;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  child.kill('SIGTERM');
  await exited;
  return { ready, rssMb: Number(rss) / 1024 };
}

try {
  const cold = timed('factory', ['--version']);
  const warm = Array.from({ length: runs }, () => timed('factory', ['--version']));
  console.log(`factory --version: first start ${cold.toFixed(3)} s; warm ${stats(warm)}`);
  const first = await serveReady(join(dir, 'data-first'));
  const serve = [];
  let rss = 0;
  for (let i = 0; i < Math.min(runs, 5); i++) {
    const r = await serveReady(join(dir, `data-${i}`));
    serve.push(r.ready);
    rss = Math.max(rss, r.rssMb);
  }
  console.log(
    `factoryd serve ready (fresh data dir): first start ${first.ready.toFixed(3)} s; warm ${stats(serve)}`,
  );
  console.log(`factoryd serve idle RSS after 3 s: ${rss.toFixed(1)} MB (max over runs)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
