import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run } from './helpers/memory-io.js';

// The real server (not listening to a printer: jobs stay queued), driven by the real CLI.
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  env = { FACTORY_URL: url, FACTORY_API_KEY: t.apiKey };
});
afterAll(async () => {
  await t.close();
});

describe('factory printers and factory print', () => {
  it('adds, lists, tests and removes a printer; queues, lists, cancels and retries jobs', async () => {
    const added = await run(
      [
        'printers',
        'add',
        'Dock Zebra',
        '--language',
        'zpl',
        '--uri',
        'tcp://127.0.0.1:9',
        '--json',
      ],
      { env },
    );
    expect(added.code, added.stderr).toBe(0);
    const printer = JSON.parse(added.stdout) as { id: string; state: string };
    expect(printer).toMatchObject({ name: 'Dock Zebra', language: 'zpl', state: 'offline' });

    const listed = await run(['printers', 'list'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Dock Zebra');
    expect(listed.stdout).toContain('offline');

    const tested = await run(['printers', 'test', printer.id, '--json'], { env });
    expect(tested.code, tested.stderr).toBe(0);
    const job = JSON.parse(tested.stdout) as { id: string; status: string; source: string };
    expect(job).toMatchObject({ status: 'queued', source: 'test_label' });

    const jobs = await run(['print', 'jobs', '--status', 'queued', '--json'], { env });
    expect(JSON.parse(jobs.stdout).map((j: { id: string }) => j.id)).toEqual([job.id]);

    const cancelled = await run(['print', 'cancel', job.id, '--json'], { env });
    expect(JSON.parse(cancelled.stdout).status).toBe('cancelled');
    const again = await run(['print', 'cancel', job.id], { env });
    expect(again.code).toBe(5); // conflict
    expect(again.stderr).toContain('print_job_state');
    const retried = await run(['print', 'retry', job.id, '--json'], { env });
    expect(JSON.parse(retried.stdout).status).toBe('queued');

    const unknownOrder = await run(['print', 'order', 'PO-NONE', '--printer', printer.id], { env });
    expect(unknownOrder.code).toBe(3);

    const removed = await run(['printers', 'remove', printer.id], { env });
    expect(removed.code, removed.stderr).toBe(0);
    const gone = await run(['printers', 'get', printer.id], { env });
    expect(gone.code).toBe(3);
  });

  it('refuses a printer without a language before any request (usage, exit 2)', async () => {
    const result = await run(['printers', 'add', 'X', '--uri', 'tcp://h:9100'], { env });
    expect(result.code).toBe(2);
  });
});
