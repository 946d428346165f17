import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cacheCandidates,
  dataDirOf,
  KEEP_IN_USE_MS,
  removeBuildDirs,
  removeOtherBuilds,
  materialize,
  withCacheDir,
  type AssetFile,
} from '../../src/sea/asset-cache.js';
import { seaModeFor } from '../../src/sea/mode.js';

const uid = process.getuid?.();
const contents: Record<string, string> = {
  'app/app.mjs': 'export const run = () => 0;\n',
  'app/chunks/a.mjs': 'export const a = 1;\n',
  'addon.node': 'not really an addon',
};
const files: AssetFile[] = Object.entries(contents).map(([name, text]) => ({
  name,
  size: Buffer.byteLength(text),
}));
const reads: string[] = [];
const read = (name: string): Uint8Array => {
  reads.push(name);
  return Buffer.from(contents[name] ?? '');
};

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'asset-cache-'));
  reads.length = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('cacheCandidates', () => {
  it('prefers systemd, then XDG, then the home, then a per-user temp dir', () => {
    expect(
      cacheCandidates(
        {
          env: { CACHE_DIRECTORY: '/var/cache/factoryd:/other', XDG_CACHE_HOME: '/x/cache' },
          home: '/home/it',
          tmpdir: '/tmp',
          uid: 990,
        },
        '1.0.0-abc',
      ),
    ).toEqual([
      '/var/cache/factoryd/1.0.0-abc',
      '/x/cache/factoryd/1.0.0-abc',
      '/home/it/.cache/factoryd/1.0.0-abc',
      '/tmp/factoryd-990/1.0.0-abc',
    ]);
  });

  it('ignores relative XDG paths and a missing home', () => {
    expect(
      cacheCandidates(
        { env: { XDG_CACHE_HOME: 'cache' }, home: undefined, tmpdir: '/tmp', uid: undefined },
        'v',
      ),
    ).toEqual(['/tmp/factoryd-user/v']);
  });
});

describe('materialize', () => {
  it('writes every file once, private to the user, and leaves no temporary files', () => {
    const dir = join(root, 'cache', 'v1');
    materialize(dir, files, read, uid);
    for (const [name, text] of Object.entries(contents)) {
      expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'app'))).toEqual(['app.mjs', 'chunks']);

    reads.length = 0;
    materialize(dir, files, read, uid);
    expect(reads).toEqual([]);
  });

  it('rewrites a file whose size is wrong (left by an older, interrupted layout)', () => {
    const dir = join(root, 'v1');
    mkdirSync(join(dir, 'app'), { recursive: true, mode: 0o700 });
    chmodSync(root, 0o700);
    writeFileSync(join(dir, 'app', 'app.mjs'), 'trunc');
    materialize(dir, files, read, uid);
    expect(readFileSync(join(dir, 'app', 'app.mjs'), 'utf8')).toBe(contents['app/app.mjs']);
  });

  it('refuses a directory other users may write to', () => {
    const dir = join(root, 'shared', 'v1');
    mkdirSync(dir, { recursive: true });
    chmodSync(join(root, 'shared'), 0o777);
    expect(() => materialize(dir, files, read, uid)).toThrow(/writable by other users/);
  });

  it('refuses a directory that belongs to someone else', () => {
    const dir = join(root, 'theirs', 'v1');
    expect(() => materialize(dir, files, read, (uid ?? 0) + 1)).toThrow(/another user/);
  });
});

describe('withCacheDir', () => {
  it('moves on when a directory cannot be created, and when using it fails', () => {
    const notADir = join(root, 'file');
    writeFileSync(notADir, '');
    const noexec = join(root, 'noexec', 'v1');
    const good = join(root, 'good', 'v1');
    const used = withCacheDir([join(notADir, 'v1'), noexec, good], files, read, uid, (dir) => {
      if (dir === noexec) throw new Error('failed to map segment from shared object');
      return dir;
    });
    expect(used).toBe(good);
    expect(readFileSync(join(good, 'addon.node'), 'utf8')).toBe(contents['addon.node']);
  });

  it('names every directory it tried when none works', () => {
    const notADir = join(root, 'file');
    writeFileSync(notADir, '');
    expect(() =>
      withCacheDir([join(notADir, 'a'), join(notADir, 'b')], files, read, uid, () => 1),
    ).toThrow(/no usable cache directory[\s\S]*file\/a[\s\S]*file\/b/);
  });
});

describe('seaModeFor', () => {
  it('runs the daemon under the factoryd name only', () => {
    expect(seaModeFor('factoryd', '/opt/factory')).toBe('daemon');
    expect(seaModeFor('/usr/local/bin/factoryd', '/usr/local/bin/factory')).toBe('daemon');
    expect(seaModeFor('./factoryd-0.2.0', '/opt/factoryd-0.2.0')).toBe('daemon');
    expect(seaModeFor('factory', '/usr/local/bin/factoryd')).toBe('client');
    expect(seaModeFor('/usr/local/bin/factory', '/usr/local/bin/factory')).toBe('client');
    expect(seaModeFor('factorydaemon', '/x')).toBe('client');
    expect(seaModeFor('', '/usr/local/bin/factoryd')).toBe('daemon');
  });
});

describe('the server never unpacks into its data directory', () => {
  it('leaves out candidates inside the data directory', () => {
    const where = { env: {}, home: '/var/lib/factoryd', tmpdir: '/tmp', uid: 990 };
    expect(cacheCandidates(where, '1.0.0-abc', '/var/lib/factoryd')).toEqual([
      '/tmp/factoryd-990/1.0.0-abc',
    ]);
    expect(cacheCandidates(where, '1.0.0-abc', '/srv/factoryd')).toEqual([
      '/var/lib/factoryd/.cache/factoryd/1.0.0-abc',
      '/tmp/factoryd-990/1.0.0-abc',
    ]);
  });

  it('reads the data directory from the command line, else the environment', () => {
    expect(dataDirOf(['serve', '--data-dir', '/srv/f'], {})).toBe('/srv/f');
    expect(dataDirOf(['serve', '--data-dir=/srv/g'], { FACTORYD_DATA_DIR: '/x' })).toBe('/srv/g');
    expect(dataDirOf(['serve'], { FACTORYD_DATA_DIR: '/x' })).toBe('/x');
    expect(dataDirOf(['serve'], {})).toBeUndefined();
  });
});

describe("old versions' copies", () => {
  const build = (name: string, ageMs: number) => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'app'), { recursive: true });
    writeFileSync(join(dir, 'app', 'app.mjs'), 'x');
    const at = new Date(Date.now() - ageMs);
    utimesSync(dir, at, at);
    return dir;
  };

  it('are removed beside the build in use, unless used within the hour', () => {
    const current = build('0.2.0-aaaaaaaaaaaa', 3 * KEEP_IN_USE_MS);
    build('0.1.0-bbbbbbbbbbbb', 2 * KEEP_IN_USE_MS);
    build('0.1.5-cccccccccccc', KEEP_IN_USE_MS / 2); // another version started a while ago
    mkdirSync(join(root, 'notes')); // not a build's: never touched
    utimesSync(join(root, 'notes'), new Date(0), new Date(0));

    expect(removeOtherBuilds(current)).toEqual(['0.1.0-bbbbbbbbbbbb']);
    expect(readdirSync(root).sort()).toEqual(['0.1.5-cccccccccccc', '0.2.0-aaaaaaaaaaaa', 'notes']);
    // The build in use is marked: a later version's start keeps it for the hour.
    expect(Date.now() - statSync(current).mtimeMs).toBeLessThan(60_000);
  });

  it('left in a data directory by an earlier version are removed', () => {
    build('0.1.0-dddddddddddd', 2 * KEEP_IN_USE_MS);
    expect(removeBuildDirs(root)).toEqual(['0.1.0-dddddddddddd']);
    expect(removeBuildDirs(join(root, 'absent'))).toEqual([]);
  });
});
