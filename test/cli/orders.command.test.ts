import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, LABEL_PDF, startFactoryFake } from './helpers/factory-fake.js';
import type { FactoryFake } from './helpers/factory-fake.js';
import { run, temporaryHome } from './helpers/memory-io.js';

let api: FactoryFake;
const stripAnsi = (text: string) =>
  text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
let env: Record<string, string>;
const home = temporaryHome();

beforeAll(async () => {
  api = await startFactoryFake(45);
  env = { FACTORY_URL: api.url, FACTORY_API_KEY: API_KEY };
});

afterAll(async () => {
  await api.close();
  home.remove();
});

describe('factory orders list', () => {
  it('prints a JSON array of one page when piped, and nothing else on stdout', async () => {
    const result = await run(['orders', 'list', '--limit', '10'], { env });
    expect(result.code).toBe(0);
    const orders = JSON.parse(result.stdout) as Array<{ id: string }>;
    expect(orders.map((order) => order.id)).toEqual(
      api.orders.slice(0, 10).map((order) => order.id),
    );
    expect(result.stderr).toBe('');
  });

  it('with --all follows every page and returns each order exactly once', async () => {
    const result = await run(['orders', 'list', '--all', '--limit', '7'], { env });
    expect(result.code).toBe(0);
    const ids = (JSON.parse(result.stdout) as Array<{ id: string }>).map((order) => order.id);
    expect(ids).toEqual(api.orders.map((order) => order.id));
    expect(new Set(ids).size).toBe(45);
  });

  it('shows an aligned table with relative times on a terminal, and says how to get more', async () => {
    const result = await run(['orders', 'list'], { env, tty: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    // Colour is on for a terminal: headers are bold.
    expect(lines[0]).toContain('\u001b[1mID\u001b[22m');
    const plain = lines.map((line) => stripAnsi(line));
    expect(plain[0]).toMatch(
      /^ID\s+ORDER NO\s+RETAILER\s+STATUS\s+DISPATCHED\s+ITEMS\s+NEEDED BY\s+CREATED$/,
    );
    expect(plain).toHaveLength(21);
    expect(plain[1]).toContain('PO-1001');
    expect(plain[1]).toContain('3 min ago');
    expect(plain[3]).toContain('in_stock (stuck)');
    // Every row starts its columns at the same place as the header.
    const statusAt = plain[0]!.indexOf('STATUS');
    expect(plain.slice(1).every((line) => /^\S/.test(line.slice(statusAt)))).toBe(true);
    expect(result.stderr).toContain(`--starting-after ${api.orders[19]!.id}`);
  });

  it('honours NO_COLOR on a terminal', async () => {
    const result = await run(['orders', 'list', '--limit', '2'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(result.stdout).not.toContain('\u001b[');
    expect(result.stdout).toMatch(/^ID\s+ORDER NO/);
  });

  it('prints JSON on a terminal with --json, absolute times included', async () => {
    const result = await run(['orders', 'list', '--limit', '1', '--json'], { env, tty: true });
    expect(JSON.parse(result.stdout)).toEqual([api.orders[0]]);
  });

  it('passes filters as query parameters', async () => {
    const result = await run(['orders', 'list', '--stuck', '--status', 'in_stock'], { env });
    expect(JSON.parse(result.stdout)).toHaveLength(1);
    const query = api.requests.at(-1)!.query;
    expect(query.get('stuck')).toBe('true');
    expect(query.get('status')).toBe('in_stock');
  });

  it('passes a stuck reason as stuck=true with stuck_reason, and refuses an unknown one', async () => {
    const result = await run(['orders', 'list', '--stuck-reason', 'waiting_since'], { env });
    expect(result.code).toBe(0);
    const query = api.requests.at(-1)!.query;
    expect(query.get('stuck')).toBe('true');
    expect(query.get('stuck_reason')).toBe('waiting_since');
    const wrong = await run(['orders', 'list', '--stuck-reason', 'late'], { env });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('partially_dispatched');
  });

  it('refuses a limit outside 1-100 as a usage error', async () => {
    const result = await run(['orders', 'list', '--limit', '500'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a whole number from 1 to 100');
  });
});

describe('factory orders get', () => {
  it('prints the order exactly as the API answers it when piped', async () => {
    const result = await run(['orders', 'get', api.orders[0]!.id], { env });
    expect(result.code).toBe(0);
    const order = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(order).toMatchObject(api.orders[0]!);
    expect(order.pieces).toHaveLength(1);
  });

  it('shows fields, then lines, pieces and scans as tables on a terminal', async () => {
    const result = await run(['orders', 'get', 'PO-1001'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Order PO-1001 (${api.orders[0]!.id})`);
    expect(result.stdout).toMatch(/^status\s+in_production$/m);
    expect(result.stdout).toMatch(/^created_at\s+3 min ago$/m);
    expect(result.stdout).toContain('pieces (1)');
    expect(result.stdout).toMatch(/^BARCODE\s+UNIT\s+PIECE\s+NAME\s+STATUS/m);
    expect(result.stdout).toMatch(/^FD 0000001\s+1\s+1\s+Frame\s+produced/m);
    expect(result.stdout).toContain('scans (1)');
  });

  it('exits 3 with the error line on stderr for an unknown order', async () => {
    const result = await run(['orders', 'get', 'ord_missing'], { env });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: No such order\. \(not_found, request req_fake\d+\)\n$/);
  });

  it('exits 6 when the server answers 5xx', async () => {
    const result = await run(['orders', 'get', 'boom'], { env });
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(
      /^error: Something went wrong on our side\. \(internal_error, request req_fake\d+\)/,
    );
  });

  it('exits 4 with a hint when the key is refused', async () => {
    const result = await run(['orders', 'get', 'PO-1001'], {
      env: { ...env, FACTORY_API_KEY: 'sk_live_wrong' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(
      /^error: The token is not valid\. \(invalid_token, request req_fake\d+\)\n/,
    );
    expect(result.stderr).toContain('hint:');
  });
});

describe('factory orders create', () => {
  it('builds a one-line order from flags', async () => {
    const result = await run(
      [
        'orders',
        'create',
        '--retailer',
        'ACME',
        '--order-no',
        'PO-9',
        '--sku',
        'SOFA-3S',
        '--colour',
        'Grey',
        '--qty',
        '2',
        '--pieces-per-unit',
        '3',
        '--piece-names',
        'Frame|Cushions|Legs',
        '--needed-by',
        '2026-12-01',
        '--idempotency-key',
        'po-9',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    const request = api.requests.at(-1)!;
    expect(request.headers['idempotency-key']).toBe('po-9');
    expect(request.json).toEqual({
      order_no: 'PO-9',
      retailer_code: 'ACME',
      needed_by: '2026-12-01',
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 3,
          piece_names: ['Frame', 'Cushions', 'Legs'],
        },
      ],
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ order_no: 'PO-9' });
  });

  it('sends a JSON file, or stdin with "-", as it is', async () => {
    const order = {
      order_no: 'PO-10',
      retailer_code: 'ACME',
      lines: [{ sku: 'X', qty: 1, pieces_per_unit: 1 }],
    };
    const file = join(home.dir, 'order.json');
    writeFileSync(file, JSON.stringify(order));
    expect((await run(['orders', 'create', '--file', file], { env })).code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual(order);
    const piped = await run(['orders', 'create', '--file', '-'], {
      env,
      stdin: JSON.stringify(order),
    });
    expect(piped.code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual(order);
  });

  it('exits 5 when the order exists', async () => {
    const result = await run(
      [
        'orders',
        'create',
        '--retailer',
        'ACME',
        '--order-no',
        'PO-1001',
        '--sku',
        'S',
        '--qty',
        '1',
        '--pieces-per-unit',
        '1',
      ],
      { env },
    );
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      /^error: Order PO-1001 already exists for this retailer\. \(order_exists, request req_fake\d+\)\n$/,
    );
  });

  it('names the missing flags as a usage error before any request', async () => {
    const before = api.requests.length;
    const result = await run(['orders', 'create', '--retailer', 'ACME'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: missing --order-no, --sku, --qty, --pieces-per-unit (or give the whole order with --file)\n',
    );
    expect(api.requests.length).toBe(before);
  });

  it('refuses a file that is not JSON as a usage error', async () => {
    const result = await run(['orders', 'create', '--file', '-'], { env, stdin: 'order_no=1' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: stdin is not valid JSON/);
  });
});

describe('factory orders upload', () => {
  const csvRows = (count: number, badRow?: number) =>
    ['order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names']
      .concat(
        Array.from(
          { length: count },
          (_, index) => `PO-${index},ACME,SOFA-3S,Grey,${index === badRow ? 'x' : 1},3,,,`,
        ),
      )
      .join('\n');

  it('prints only the JSON result when piped', async () => {
    const file = join(home.dir, 'orders.csv');
    writeFileSync(file, csvRows(10_000));
    const result = await run(['orders', 'upload', file], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ object: 'upload', orders_created: 10_000 });
    expect(result.stderr).toBe('');
    expect(api.requests.at(-1)!.headers['content-type']).toBe('text/csv');
    expect(api.requests.at(-1)!.body.toString()).toBe(csvRows(10_000));
  });

  it('draws progress on a terminal stderr up to 100%', async () => {
    const file = join(home.dir, 'orders.csv');
    writeFileSync(file, csvRows(10_000));
    const result = await run(['orders', 'upload', file], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('uploading [');
    expect(result.stderr).toMatch(/100% \d+\.\d kB \/ \d+\.\d kB\n$/);
    expect(result.stdout).toContain('Created 10000 order(s).');
  });

  it('reads stdin with "-" and validates only with --dry-run', async () => {
    const result = await run(['orders', 'upload', '-', '--dry-run'], { env, stdin: csvRows(3) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ dry_run: true, orders_created: 0 });
    expect(api.requests.at(-1)!.query.get('dry_run')).toBe('true');
  });

  it('lists each bad row on stderr and exits 1', async () => {
    const result = await run(['orders', 'upload', '-'], { env, stdin: csvRows(5, 3) });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error: The CSV file has errors; nothing was imported\. \(invalid_csv, request req_fake\d+\)\n {2}row 5, column qty: qty must be a whole number \(invalid_integer\)\n$/,
    );
  });

  it('says which file it cannot read', async () => {
    const result = await run(['orders', 'upload', join(home.dir, 'nope.csv')], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no such file');
  });
});

describe('factory orders cancel', () => {
  it('exits 5 on a conflict', async () => {
    const result = await run(['orders', 'cancel', api.orders[0]!.id], { env });
    expect(result.code).toBe(5);
    expect(api.requests.at(-1)!.path).toBe(`/v1/orders/${api.orders[0]!.id}/cancel`);
  });
});

describe('factory orders labels', () => {
  it('writes the PDF bytes unchanged to stdout when piped', async () => {
    const result = await run(
      ['orders', 'labels', api.orders[0]!.id, '--pieces', 'unprinted', '--dpi', '300'],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.stdoutBytes.equals(LABEL_PDF)).toBe(true);
    const query = api.requests.at(-1)!.query;
    expect(Object.fromEntries(query)).toEqual({ format: 'pdf', dpi: '300', pieces: 'unprinted' });
  });

  it('refuses to write a PDF to a terminal, before any request', async () => {
    const before = api.requests.length;
    const result = await run(['orders', 'labels', api.orders[0]!.id], { env, tty: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to write a PDF to the terminal');
    expect(api.requests.length).toBe(before);
  });

  it('prints ZPL, which is text, on a terminal', async () => {
    const result = await run(['orders', 'labels', api.orders[0]!.id, '--format', 'zpl'], {
      env,
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('^XA');
  });

  it('writes --output to a file with progress on a terminal', async () => {
    const file = join(home.dir, 'labels.pdf');
    const result = await run(['orders', 'labels', api.orders[0]!.id, '--output', file], {
      env,
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(readFileSync(file).equals(LABEL_PDF)).toBe(true);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('labels [########################] 100%');
    expect(result.stderr).toContain(`Wrote ${file}`);
  });

  it('refuses an unknown format as a usage error', async () => {
    const result = await run(['orders', 'labels', 'ord_1', '--format', 'png'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are pdf, zpl');
  });
});
