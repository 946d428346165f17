import { afterEach, expect, it } from 'vitest';
import { reclaimWhenQuiet, type IdleMemory } from '../../src/daemon/idle-memory.js';

let idle: IdleMemory | undefined;
afterEach(() => idle?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('collects once after a quiet spell, never while requests come, and again after the next one', async () => {
  const collections: number[] = [];
  idle = reclaimWhenQuiet({ quietMs: 150, onCollected: (ms) => collections.push(ms) });
  const busy = setInterval(() => idle!.activity(), 20);
  await sleep(600);
  clearInterval(busy);
  expect(collections).toEqual([]);

  await sleep(600);
  // One collection for the whole quiet spell, however long, made by V8 for real.
  expect(collections).toHaveLength(1);
  expect(collections[0]).toBeGreaterThan(0);

  idle.activity();
  await sleep(600);
  expect(collections).toHaveLength(2);
  // No `gc` global was left behind for the program.
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
