import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/wait.js';
import { addRetailer, count, pushOrder } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await addRetailer(t, 'ACME');
  await addRetailer(t, 'BETA', 'Beta Beds');
});
afterEach(async () => {
  await t.close();
});

const upload = (csv: string, query = '', headers: Record<string, string> = {}) =>
  t.request('POST', `/v1/orders/upload${query}`, {
    payload: csv,
    headers: { 'content-type': 'text/csv', ...headers },
  });

const nothingWritten = async () => {
  expect(await count(t, 'orders')).toBe(0);
  expect(await count(t, 'pieces')).toBe(0);
  expect(await count(t, 'events')).toBe(0);
};

describe('POST /v1/orders/upload', () => {
  it('reads BOM, CRLF, quoted fields and commas in names; rows of one order become its lines', async () => {
    const csv =
      '\uFEFFOrder_No,Retailer_Code,SKU,Colour,Qty,Pieces_Per_Unit,Production_Date,Needed_By,Piece_Names\r\n' +
      'PO-1,acme,SOFA-3S,"Grey, dark",2,3,2026-01-10,2026-02-01,"Frame|Cushions, loose|Legs ""short"""\r\n' +
      'PO-1,ACME,STOOL,,1,1,2026-01-10,2026-02-01,\r\n' +
      '\r\n' +
      'PO-2,BETA,"BED\nKING",Oak,1,2,,,\r\n';
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ object: 'upload', dry_run: false, orders_created: 2 });
    expect(
      body.orders.map((o: { order_no: string; retailer_code: string }) => [
        o.order_no,
        o.retailer_code,
      ]),
    ).toEqual([
      ['PO-1', 'ACME'],
      ['PO-2', 'BETA'],
    ]);

    const po1 = (await t.request('GET', `/v1/orders/${body.orders[0].id}`)).json();
    expect(po1).toMatchObject({
      source: 'upload',
      production_date: '2026-01-10',
      needed_by: '2026-02-01',
      items: 'SOFA-3S Grey, dark, STOOL',
      pieces_total: 7,
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey, dark',
          qty: 2,
          pieces_per_unit: 3,
          piece_names: ['Frame', 'Cushions, loose', 'Legs "short"'],
        },
        { sku: 'STOOL', colour: null, qty: 1, pieces_per_unit: 1, piece_names: null },
      ],
    });
    expect(
      po1.pieces.map((p: { unit_no: number; piece_name: string | null }) => [
        p.unit_no,
        p.piece_name,
      ]),
    ).toEqual([
      [1, 'Frame'],
      [1, 'Cushions, loose'],
      [1, 'Legs "short"'],
      [2, 'Frame'],
      [2, 'Cushions, loose'],
      [2, 'Legs "short"'],
      [3, null],
    ]);
    const po2 = (await t.request('GET', `/v1/orders/${body.orders[1].id}`)).json();
    expect(po2).toMatchObject({ sku: 'BED\nKING', production_date: null, needed_by: null });
    // An upload's events are released just after its answer.
    await waitUntil("the upload's events", async () => (await count(t, 'events')) === 2);
  });

  it('writes nothing for a bad row and names every row and column at fault', async () => {
    await pushOrder(t, { order_no: 'OLD', retailer_code: 'ACME' });
    const before = await count(t, 'orders');
    const csv = [
      'order_no,retailer_code,sku,colour,qty,pieces_per_unit,needed_by,piece_names',
      'PO-1,ACME,SOFA,,2,1,2026-02-01,', // row 2: fine
      'PO-1,ACME,STOOL,,1,1,2026-02-02,', // row 3: needed_by differs from row 2
      'PO-2,ACME,,Red,two,1,,', // row 4: sku missing, qty not a number
      'PO-3,NOPE,SOFA,,1,1,,', // row 5: unknown retailer
      'OLD,acme,SOFA,,1,1,,', // row 6: ACME already has OLD
      'PO-4,ACME,SOFA,,1,2,2026-02-30,Frame', // row 7: bad date, one name for two pieces
      'PO-5,BETA,SOFA,,0,1,,', // row 8: qty 0
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('invalid_csv');
    expect(error.type).toBe('invalid_request_error');
    const found = error.errors.map((e: { row: number; column?: string; code: string }) => [
      e.row,
      e.column,
      e.code,
    ]);
    expect(found).toEqual([
      [3, 'needed_by', 'inconsistent_order'],
      [4, 'sku', 'required'],
      [4, 'qty', 'invalid_integer'],
      [5, 'retailer_code', 'unknown_retailer'],
      [6, 'order_no', 'order_exists'],
      [7, 'needed_by', 'invalid_date'],
      [7, 'piece_names', 'piece_names_mismatch'],
      [8, 'qty', 'invalid_value'],
    ]);
    for (const e of error.errors) expect(typeof e.message).toBe('string');
    expect(error.message).toContain('8 errors');
    expect(await count(t, 'orders')).toBe(before);
  });

  it('lets later rows of an order leave its dates blank; only two different dates conflict', async () => {
    const csv = [
      'order_no,retailer_code,sku,qty,pieces_per_unit,production_date,needed_by',
      'PO-1,ACME,SOFA,1,1,2026-01-10,2026-02-01',
      'PO-1,ACME,STOOL,1,1,,', // blank: the order's dates
      'PO-2,ACME,BED,1,1,,', // the first row of PO-2 has none …
      'PO-2,ACME,LAMP,1,1,2026-03-01,2026-03-20', // … a later one gives them
      'PO-2,ACME,RUG,1,1,,2026-03-20', // the same date again is no conflict
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const [po1, po2] = res.json().orders as { id: string }[];
    const get = async (id: string) => (await t.request('GET', `/v1/orders/${id}`)).json();
    expect(await get(po1!.id)).toMatchObject({
      production_date: '2026-01-10',
      needed_by: '2026-02-01',
      items: 'SOFA, STOOL',
    });
    expect(await get(po2!.id)).toMatchObject({
      production_date: '2026-03-01',
      needed_by: '2026-03-20',
      items: 'BED, LAMP, RUG',
    });

    const conflict = await upload(
      [
        'order_no,retailer_code,sku,qty,pieces_per_unit,needed_by',
        'PO-3,ACME,SOFA,1,1,',
        'PO-3,ACME,STOOL,1,1,2026-02-01',
        'PO-3,ACME,BED,1,1,2026-02-02',
      ].join('\n'),
    );
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().error.errors).toEqual([
      {
        row: 4,
        column: 'needed_by',
        code: 'inconsistent_order',
        message:
          'needed_by 2026-02-02 differs from 2026-02-01 on row 3, an earlier row of order PO-3.',
      },
    ]);
  });

  it('reports every problem of a row, and shows the date it received', async () => {
    const csv = [
      'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names',
      'PO-1,ACME,,Red,two,2,2026-13-01,2026-02-30,Frame|Legs|Back',
      'PO-2,ACME,SOFA,,1,0,,01/02/2026,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    const errors = res.json().error.errors as {
      row: number;
      column: string;
      code: string;
      message: string;
    }[];
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [2, 'sku', 'required'],
      [2, 'qty', 'invalid_integer'],
      [2, 'production_date', 'invalid_date'],
      [2, 'needed_by', 'invalid_date'],
      [2, 'piece_names', 'piece_names_mismatch'],
      [3, 'needed_by', 'invalid_date'],
      [3, 'pieces_per_unit', 'invalid_value'],
    ]);
    expect(errors[2]!.message).toBe(
      'production_date must be a date written YYYY-MM-DD, not "2026-13-01".',
    );
    expect(errors[5]!.message).toBe(
      'needed_by must be a date written YYYY-MM-DD, not "01/02/2026".',
    );
    await nothingWritten();
  });

  it('says so when the header is separated by semicolons', async () => {
    const res = await upload(
      'order_no;retailer_code;sku;qty;pieces_per_unit\nPO-1;ACME;SOFA;1;1\n',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().error.errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 1, code: 'semicolon_separated' });
    expect(errors[0].message).toMatch(/semicolons/);
    expect(errors[0].message).toMatch(/commas/);
    await nothingWritten();
  });

  it('writes nothing when only the last row of a large file is bad', async () => {
    const rows = ['order_no,retailer_code,sku,colour,qty,pieces_per_unit,needed_by'];
    for (let i = 0; i < 20_000; i++) rows.push(`PO-${i},ACME,SOFA,Grey,1,2,2026-02-01`);
    rows.push('PO-LAST,ACME,SOFA,Grey,1,2,2026-02-31');
    const res = await upload(rows.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errors).toEqual([
      expect.objectContaining({ row: 20_002, column: 'needed_by', code: 'invalid_date' }),
    ]);
    await nothingWritten();
  });

  it('of two uploads racing with the same order numbers, writes one and refuses the other whole', async () => {
    const csv = (extra: string) =>
      [
        'order_no,retailer_code,sku,qty,pieces_per_unit',
        ...Array.from({ length: 300 }, (_, i) => `PO-${i},ACME,SOFA,1,2`),
        `${extra},ACME,SOFA,1,2`,
      ].join('\n');
    const [a, b] = await Promise.all([upload(csv('ONLY-A')), upload(csv('ONLY-B'))]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().error.code).toBe('invalid_csv');
    expect(refused.json().error.errors[0]).toMatchObject({ row: 2, code: 'order_exists' });
    // The winner's 301 orders, none of the loser's: its own order number is not there either.
    expect(await count(t, 'orders')).toBe(301);
    expect(await count(t, 'pieces')).toBe(602);
    await waitUntil(
      "the winner's events, and no upload left under way",
      async () => (await count(t, 'events')) === 301 && (await count(t, 'uploads')) === 0,
    );
  });

  it('of two uploads racing with order numbers in common, listed in opposite orders, writes one whole', async () => {
    // Each file lists 1,200 numbers, half of them the other's, in the opposite order: enough
    // orders for several staging statements each, so the two interleave.
    const csv = (from: number, reverse: boolean) => {
      const numbers = Array.from(
        { length: 1_200 },
        (_, i) => `PO-${String(from + i).padStart(5, '0')}`,
      );
      if (reverse) numbers.reverse();
      return [
        'order_no,retailer_code,sku,qty,pieces_per_unit',
        ...numbers.map((n) => `${n},ACME,SOFA,1,1`),
      ].join('\n');
    };
    const [a, b] = await Promise.all([upload(csv(0, false)), upload(csv(600, true))]);
    expect([a.statusCode, b.statusCode].sort(), a.body + b.body).toEqual([200, 400]);
    expect(await count(t, 'orders')).toBe(1_200);
    await waitUntil(
      "the winner's events, and no upload left under way",
      async () => (await count(t, 'events')) === 1_200 && (await count(t, 'uploads')) === 0,
    );
  });

  it('answers 409 upload_conflict when its numbers are met on the index three times and gone by each check', async () => {
    // Stands in for other uploads that each stage PO-RACE and give up again just before this
    // one looks: a trigger refuses the row as the unique index would, while no order holds it.
    if (t.store.dialect === 'sqlite') {
      await t.sql.prepare('create table race_guard (n integer unique)').run();
      await t.sql.prepare('insert into race_guard values (1)').run();
      await t.sql
        .prepare(
          `create trigger race before insert on orders when new.order_no = 'PO-RACE'
           begin insert into race_guard values (1); end`,
        )
        .run();
    } else {
      await t.sql
        .prepare(
          `create function race() returns trigger language plpgsql as $$
           begin
             if new.order_no = 'PO-RACE' then raise unique_violation using message = 'race'; end if;
             return new;
           end $$`,
        )
        .run();
      await t.sql
        .prepare('create trigger race before insert on orders for each row execute function race()')
        .run();
    }
    const csv =
      'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,SOFA,1,1\nPO-RACE,ACME,SOFA,1,1\n';
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      type: 'conflict_error',
      code: 'upload_conflict',
      message: expect.stringContaining('send this upload again'),
    });
    await waitUntil('nothing of it left', async () => (await count(t, 'uploads')) === 0);
    await nothingWritten();
  });

  it('checks a dry run fully and writes nothing', async () => {
    const csv =
      'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,SOFA,2,3\nPO-2,BETA,BED,1,1\n';
    const res = await upload(csv, '?dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      object: 'upload',
      dry_run: true,
      orders_created: 0,
      orders: [
        { id: null, order_no: 'PO-1', retailer_code: 'ACME', pieces_total: 6 },
        { id: null, order_no: 'PO-2', retailer_code: 'BETA', pieces_total: 1 },
      ],
    });
    await nothingWritten();
    const bad = await upload(
      'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ZED,SOFA,2,3\n',
      '?dry_run=true',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors[0]).toMatchObject({
      row: 2,
      column: 'retailer_code',
      code: 'unknown_retailer',
    });
  });

  it('refuses a wrong header, an unreadable file and a non-CSV body', async () => {
    const header = await upload('order_no,retailer,sku,qty,qty\nPO-1,ACME,S,1,1\n');
    expect(header.statusCode).toBe(400);
    expect(
      header
        .json()
        .error.errors.map((e: { row: number; column: string; code: string }) => [
          e.row,
          e.column,
          e.code,
        ]),
    ).toEqual([
      [1, 'retailer', 'unknown_column'],
      [1, 'qty', 'duplicate_column'],
      [1, 'retailer_code', 'missing_column'],
      [1, 'pieces_per_unit', 'missing_column'],
    ]);

    const unclosed = await upload(
      'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,"SOFA,1,1\n',
    );
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.errors[0]).toMatchObject({ row: 2, code: 'malformed_csv' });

    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.errors[0]).toMatchObject({ row: 1, code: 'missing_header' });

    const cells = await upload(
      'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,SOFA,1\n',
    );
    expect(cells.json().error.errors[0]).toMatchObject({ row: 2, code: 'column_count' });

    const json = await t.request('POST', '/v1/orders/upload', { body: { order_no: 'X' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('unsupported_media_type');
    // The CSV itself, as a JSON string (what a JSON client sends by default), is refused too.
    const csvAsJson = await t.request('POST', '/v1/orders/upload', {
      payload: JSON.stringify(
        'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,SOFA,1,1\n',
      ),
      headers: { 'content-type': 'application/json' },
    });
    expect(csvAsJson.statusCode).toBe(415);
    expect(csvAsJson.json().error.code).toBe('unsupported_media_type');
    await nothingWritten();
  });

  it('answers 413 beyond 50,000 rows', async () => {
    const rows = ['order_no,retailer_code,sku,qty,pieces_per_unit'];
    for (let i = 0; i < 50_001; i++) rows.push(`P${i},ACME,S,1,1`);
    const res = await upload(rows.join('\n'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    await nothingWritten();
  });

  it('replays an upload sent again with the same Idempotency-Key', async () => {
    const csv = 'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,SOFA,1,1\n';
    const first = await upload(csv, '', { 'idempotency-key': 'file-1' });
    const again = await upload(csv, '', { 'idempotency-key': 'file-1' });
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(t, 'orders')).toBe(1);
  });
});
