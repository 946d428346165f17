import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/cli/api-client.js';
import type { CliIO } from '../../../src/cli/cli-io.js';
import { runTui } from '../../../src/cli/tui/run.js';
import { MemoryStream, run } from '../helpers/memory-io.js';

describe('runTui off a terminal', () => {
  it('says it needs a terminal and exits 2, drawing nothing', async () => {
    const stdout = new MemoryStream(false);
    const stderr = new MemoryStream(false);
    let clients = 0;
    const io = { stdout, stderr, stdin: process.stdin, env: {}, homeDir: '/nonexistent' };
    const code = await runTui({
      io: io as unknown as CliIO,
      now: () => new Date(),
      config: {
        profile: 'default',
        url: 'http://127.0.0.1:9',
        urlSource: 'env',
        token: 'sk_live_x',
        tokenSource: 'env',
        tokenKind: 'api_key',
      },
      createClient: () => {
        clients += 1;
        return new ApiClient({ baseUrl: 'http://127.0.0.1:9' });
      },
    });
    expect(code).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.text.trim().split('\n')).toHaveLength(1);
    expect(stderr.text).toContain('needs a terminal');
    expect(clients).toBe(0);
  });

  it('is refused the same way through `factory tui` when piped', async () => {
    const result = await run(['tui'], {
      env: { FACTORY_URL: 'http://127.0.0.1:9', FACTORY_API_KEY: 'sk_live_x' },
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('needs a terminal');
  });
});
