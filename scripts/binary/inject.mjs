// SEA blob generation, injection into a copy of the embedded node binary, and the checks that
// catch a silently failed injection (the result would be a plain node binary).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * Node options the executable always starts with (sea-config `execArgv`; NODE_OPTIONS still adds
 * to them, and wins). V8 grows its young generation up to 16 MB semi-spaces (32 MB) in a burst of
 * requests and keeps them once the server is idle again; 4 MB ones cost the scan path no CPU we
 * could measure, where 1 MB ones cost a third more (docs/performance.md, Idle memory). V8 reads
 * the size only when it creates the heap (`v8.setFlagsFromString` at start-up has no effect on
 * it), so it is a Node option and not something the program can set.
 */
export const SEA_EXEC_ARGV = JSON.parse(
  readFileSync(new URL('./node-options.json', import.meta.url), 'utf8'),
).execArgv;

/**
 * The blob must be produced by the very node binary it goes into: it embeds a V8 code cache and
 * a snapshot checksum tied to that build.
 */
export function generateBlob({ nodeBin, buildDir, mainFile, assets }) {
  const config = {
    main: mainFile,
    output: join(buildDir, 'sea.blob'),
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    useSnapshot: false,
    execArgv: SEA_EXEC_ARGV,
    assets: Object.fromEntries(assets.map((a) => [a.name, a.path])),
  };
  const configFile = join(buildDir, 'sea-config.json');
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const res = spawnSync(nodeBin, ['--experimental-sea-config', configFile], {
    cwd: buildDir,
    encoding: 'utf8',
  });
  if (res.status !== 0)
    throw new Error(`SEA blob generation failed:\n${res.stdout}\n${res.stderr}`);
  return config.output;
}

/** Copies `baseNode` to `outFile` and injects the blob; returns outFile. */
export function injectBlob({ baseNode, blobFile, outFile }) {
  copyFileSync(baseNode, outFile);
  chmodSync(outFile, 0o755);
  // In a child process: postject's WebAssembly runtime installs process-wide exception handlers,
  // and LIEF warns about every one of node's ELF notes; both only matter when it fails.
  const cli = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  const res = spawnSync(
    process.execPath,
    [cli, outFile, 'NODE_SEA_BLOB', blobFile, '--sentinel-fuse', SEA_FUSE],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (res.status !== 0)
    throw new Error(`postject failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  return outFile;
}

/**
 * Runs the result alone in an empty directory under `env -i`, as a factory machine would, and
 * checks that it is the program and not a bare node: `--version` must print our line.
 */
export function verifyExecutable({ file, baseNode, blobFile, version, nodeVersion }) {
  const size = statSync(file).size;
  const minimum = statSync(baseNode).size + statSync(blobFile).size;
  if (size < minimum) {
    throw new Error(
      `${file} is ${size} bytes, less than node + blob (${minimum}): injection failed`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'factory-verify-'));
  try {
    const exe = join(dir, 'factory');
    copyFileSync(file, exe);
    chmodSync(exe, 0o755);
    const run = spawnSync('env', ['-i', `HOME=${dir}`, 'PATH=/usr/bin:/bin', exe, '--version'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const expected = new RegExp(
      `^factory ${version.replaceAll('.', '\\.')} \\(commit \\S+, node v${nodeVersion.replaceAll('.', '\\.')}\\)$`,
      'm',
    );
    if (run.status !== 0 || !expected.test(run.stdout)) {
      throw new Error(
        `${file} --version: exit ${run.status}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`,
      );
    }
    return { size, versionLine: run.stdout.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function sha256File(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
