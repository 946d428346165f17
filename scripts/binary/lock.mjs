// One build at a time per checkout: builds share .cache/binary/ (the compiled addon, the bundle
// directory) and dist/bin/. A lock file holding the builder's pid; a lock whose process is gone
// is taken over, so a killed build never blocks the next one.
import { openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

function holderAlive(file) {
  let pid;
  try {
    pid = Number(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

export async function withLock(file, fn, { onWait } = {}) {
  let waited = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (!holderAlive(file)) {
        rmSync(file, { force: true });
        continue;
      }
      if (!waited) onWait?.();
      waited = true;
      Atomics.wait(pause, 0, 0, 1000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
