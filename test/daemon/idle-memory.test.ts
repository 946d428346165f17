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

it('lets go of what it is given before the collection, and trims the C library after it, once per quiet spell', async () => {
  const steps: string[] = [];
  idle = reclaimWhenQuiet({
    quietMs: 150,
    release: async () => {
      steps.push('release');
      await sleep(50);
      steps.push('released');
    },
    onCollected: () => steps.push('collected'),
    trim: () => steps.push('trim'),
  });
  idle.activity();
  await sleep(100);
  expect(steps).toEqual([]);
  // The trim comes a second after the collection.
  await sleep(1_600);
  expect(steps).toEqual(['release', 'released', 'collected', 'trim']);
  await sleep(600);
  expect(steps).toHaveLength(4);
});

it('collects all the same when letting go fails, and says so', async () => {
  const errors: unknown[] = [];
  let collections = 0;
  idle = reclaimWhenQuiet({
    quietMs: 100,
    release: () => Promise.reject(new Error('database is busy')),
    onCollected: () => collections++,
    onError: (err) => errors.push(err),
  });
  await sleep(400);
  expect(collections).toBe(1);
  expect(errors).toEqual([new Error('database is busy')]);
});
