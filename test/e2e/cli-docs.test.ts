import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXECUTABLE_ENV, FACTORY, REPO_ROOT, runFactoryd } from '../helpers/daemon.js';

/**
 * The one-file install has no docs folder: `factory docs` prints the pages carried inside the
 * build, and `--help` points there, never to a file path.
 */
function factory(args: string[]) {
  return spawnSync(FACTORY[0]!, [...FACTORY.slice(1), ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...EXECUTABLE_ENV },
  });
}

describe('factory docs', () => {
  it('lists the topics and prints each page as the repository has it', () => {
    const list = factory(['docs']);
    expect(list.status, list.stderr).toBe(0);
    for (const topic of ['install', 'operate', 'keys', 'changelog', 'webhooks', 'errors']) {
      expect(list.stdout).toMatch(new RegExp(`^  ${topic} +\\S`, 'm'));
    }
    for (const [topic, file] of [
      ['keys', 'docs/keys.md'],
      ['operate', 'docs/operate.md'],
      ['changelog', 'CHANGELOG.md'],
      ['scale-out', 'docs/scale-out.md'],
    ] as const) {
      const page = factory(['docs', topic]);
      expect(page.status, page.stderr).toBe(0);
      expect(page.stdout, topic).toBe(readFileSync(join(REPO_ROOT, file), 'utf8'));
    }
    expect(factory(['docs', 'keys']).stdout).toContain('factory keys revoke');

    const unknown = factory(['docs', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no docs topic "nope": one of install, operate, keys');
  });

  it('--help points to factory docs, never to a file the install does not have', () => {
    const client = factory(['--help']).stdout;
    expect(client).toContain('"factory docs"');
    const daemon = runFactoryd(['--help']).stdout;
    expect(daemon).toContain('factory docs [topic]');
    const serve = runFactoryd(['serve', '--help']).stdout;
    for (const help of [client, daemon, serve]) expect(help).not.toMatch(/docs\/\S+\.md/);
  });
});
