import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { runFactory } from '../helpers/factory-cli.js';
import { dispatchedPiece, factoryHttp } from '../cli/tui/helpers/factory-http.js';

/** `factory returns create` as users run it: the bundled client, a subprocess, a real server. */
let daemon: RunningDaemon;

beforeAll(async () => {
  daemon = await startDaemon();
});
afterAll(async () => {
  await daemon.stop();
});

const factory = (args: string[]) => runFactory(daemon, args);

describe('factory returns create', () => {
  it('takes the barcode as an argument, and still as --barcode', async () => {
    const first = await dispatchedPiece(daemon.url, daemon.apiKey, 'PO-3001');
    const created = await factory(['returns', 'create', first.barcode, '--reason', 'damaged']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const record = JSON.parse(created.stdout) as { id: string };
    expect(record).toMatchObject({
      object: 'return',
      status: 'received',
      barcode: first.barcode,
      order_no: 'PO-3001',
      reason: 'damaged',
    });
    expect(
      await factoryHttp(daemon.url, daemon.apiKey).get(`/v1/returns/${record.id}`),
    ).toMatchObject({ status: 'received', barcode: first.barcode });

    const second = await dispatchedPiece(daemon.url, daemon.apiKey, 'PO-3002');
    const flagged = await factory(['returns', 'create', '--barcode', second.barcode]);
    expect(flagged.code).toBe(0);
    expect(JSON.parse(flagged.stdout)).toMatchObject({
      status: 'received',
      barcode: second.barcode,
    });

    // The first piece is returned now, no longer dispatched: the server's conflict, exit 5.
    const again = await factory(['returns', 'create', first.barcode]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('piece_not_dispatched');
  });

  it('is a usage error (exit 2) without a piece, or with the piece named twice', async () => {
    const none = await factory(['returns', 'create', '--reason', 'damaged']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('factory returns create BARCODE');
    const twice = await factory(['returns', 'create', 'FD 0000001', '--piece-id', 'pce_1']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('name the piece once');
    expect(twice.stdout).toBe('');
  });

  it('shows the argument in its help, with an example', async () => {
    const help = await factory(['returns', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/returns create \[options\] \[barcode\]/);
    expect(help.stdout).toContain('factory returns create "FD 0000042" --reason');
  });
});
