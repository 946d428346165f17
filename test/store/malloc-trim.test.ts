import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { trimNativeHeap } from '../../src/store/malloc-trim.js';

/** This process's anonymous resident memory, in MB. */
const rssAnon = () =>
  Number(/^RssAnon:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

function collector(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

it.runIf(process.platform === 'linux')(
  'hands back the free memory between blocks still in use, which free() alone keeps',
  async () => {
    const gc = collector();
    // 100 MB of the C library's heap in blocks of 5,000 bytes (a Buffer that size is one
    // malloc), one in fifty kept: what is freed lies between blocks in use, not at the top.
    const kept: Buffer[] = [];
    let all: Buffer[] = [];
    for (let i = 0; i < 20_000; i++) {
      const block = Buffer.alloc(5_000, i);
      all.push(block);
      if (i % 50 === 0) kept.push(block);
    }
    all = [];
    gc();
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = rssAnon();

    expect(trimNativeHeap()).toBe(true);

    const after = rssAnon();
    // Nearly all of the 100 MB: the kept blocks hold at most one page each (1.6 MB).
    expect(before - after).toBeGreaterThan(50);
    // The kept blocks are intact.
    expect(kept.every((block, n) => block[4_999] === (n * 50) % 256)).toBe(true);
  },
);
