import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_OUT_BADGE } from '../../src/domain/operator-badge.js';
import { ManualClock } from '../../src/domain/clock.js';
import { decodePdf } from '../labels/decode.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// Answers are read field by field; a loose type keeps the tests readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let t: TestApp;
let retailerId: string;
const clock = new ManualClock(new Date('2026-11-20T08:00:00.000Z'));

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token?: string) {
  const res = await t.request(method, url, {
    ...(body ? { body } : {}),
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Json;
}

async function station(name: string, role: string): Promise<string> {
  const code = await ok('POST', '/v1/stations/pairing-codes', { name, role });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.code },
  });
  return paired.json().token as string;
}

async function order(orderNo: string, pieces: number): Promise<string[]> {
  const made = await ok('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailerId,
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: pieces }],
  });
  return made.pieces.map((p: { barcode: string }) => p.barcode);
}

const scan = (token: string, body: Record<string, unknown>) => ok('POST', '/v1/scans', body, token);

beforeAll(async () => {
  t = await makeTestApp({ clock });
  retailerId = (await ok('POST', '/v1/retailers', { name: 'Northwind', code: 'NW' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('operators', () => {
  it('creates, lists, reads and edits operators, each with its own badge', async () => {
    const ana = await ok('POST', '/v1/operators', { name: 'Ana Kowalska', language: 'pl' });
    expect(ana).toMatchObject({
      object: 'operator',
      name: 'Ana Kowalska',
      badge: 'OP 000001',
      language: 'pl',
      active: true,
    });
    const ion = await ok('POST', '/v1/operators', { name: 'Ion Popescu' });
    expect(ion).toMatchObject({ badge: 'OP 000002', language: 'en' });
    expect((await ok('GET', '/v1/operators')).data.map((o: Json) => o.name)).toEqual([
      'Ion Popescu',
      'Ana Kowalska',
    ]);
    expect(await ok('GET', `/v1/operators/${ana.id}`)).toEqual(ana);
    const renamed = await ok('PATCH', `/v1/operators/${ion.id}`, { language: 'ro' });
    expect(renamed).toMatchObject({ language: 'ro', badge: 'OP 000002' });

    const bad = await t.request('POST', '/v1/operators', { body: { name: ' ', language: 'de' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    const missing = await t.request('GET', '/v1/operators/opr_00000000000000000000000000');
    expect(missing.statusCode).toBe(404);
    // Each change is in the audit trail.
    const audit = await ok('GET', '/v1/audit-log?action=operator.create');
    expect(audit.data).toHaveLength(2);
  });

  it('prints a badge and the sign-out badge that a real reader decodes', async () => {
    const ana = (await ok('GET', '/v1/operators')).data.find((o: Json) => o.badge === 'OP 000001');
    const pdf = await t.request('GET', `/v1/operators/${ana.id}/badge`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(decodePdf(pdf.rawPayload, 203)).toEqual([{ code128: ['OP 000001'], qr: [] }]);
    const signOut = await t.request('GET', '/v1/operators/sign-out-badge?dpi=300');
    expect(decodePdf(signOut.rawPayload, 300)).toEqual([{ code128: [SIGN_OUT_BADGE], qr: [] }]);
    const zpl = await t.request('GET', `/v1/operators/${ana.id}/badge?format=zpl`);
    expect(zpl.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(zpl.body).toContain('^FDOP 000001^FS');
  });

  it('a badge signs its operator in: later scans carry them, in the answer, the order and the webhook event', async () => {
    const produce = await station('Line 1', 'produce');
    const [first, second] = await order('PO-1', 2);
    const nobody = await scan(produce, { barcode: first });
    expect(nobody).toMatchObject({ accepted: true, operator_id: null, operator: null });

    const hello = await scan(produce, { barcode: 'op 000001' });
    expect(hello).toMatchObject({
      accepted: true,
      message: 'Signed in: Ana Kowalska',
      operator: { name: 'Ana Kowalska', language: 'pl' },
      piece: null,
      order: null,
    });
    const made = await scan(produce, { barcode: second });
    expect(made).toMatchObject({
      accepted: true,
      operator_id: hello.operator.id,
      operator: { name: 'Ana Kowalska' },
    });

    const full = await ok('GET', '/v1/orders/PO-1');
    expect(full.scans.map((s: Json) => [s.barcode, s.operator_id, s.operator_name])).toEqual([
      [first, null, null],
      [second, hello.operator.id, 'Ana Kowalska'],
    ]);
    const events = (await t.sql
      .prepare("select data from events where type = 'scan.recorded' order by id")
      .all()) as { data: string }[];
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ operator_id: hello.operator.id });

    // Another badge takes over; the sign-out badge leaves nobody.
    const [third, fourth] = await order('PO-2', 2);
    const ion = await scan(produce, { barcode: 'OP 000002' });
    expect(ion.operator).toMatchObject({ name: 'Ion Popescu', language: 'ro' });
    expect((await scan(produce, { barcode: third })).operator_id).toBe(ion.operator.id);
    const bye = await scan(produce, { barcode: SIGN_OUT_BADGE });
    expect(bye).toMatchObject({
      accepted: true,
      message: 'Signed out',
      operator: null,
      operator_id: ion.operator.id,
    });
    expect((await scan(produce, { barcode: fourth })).operator_id).toBeNull();

    // An unknown badge is refused and kept; a deactivated operator's badge too.
    const unknown = await scan(produce, { barcode: 'OP 000099' });
    expect(unknown).toMatchObject({ accepted: false, reason: 'unknown_barcode' });
    await ok('PATCH', `/v1/operators/${ion.operator.id}`, { active: false });
    expect((await scan(produce, { barcode: 'OP 000002' })).accepted).toBe(false);
  });

  it('signs an operator out after operator_idle_minutes without a scan at the station', async () => {
    await ok('PATCH', '/v1/settings', { operator_idle_minutes: 15 });
    expect((await ok('GET', '/v1/settings')).operator_idle_minutes).toBe(15);
    const stock = await station('Goods in', 'stock');
    const produce = await station('Line 2', 'produce');
    const pieces = await order('PO-3', 3);
    for (const p of pieces) await scan(produce, { barcode: p });
    await scan(stock, { barcode: 'OP 000001' });
    clock.advance(10 * 60_000);
    expect((await scan(stock, { barcode: pieces[0]!, location: 'A1' })).operator).not.toBeNull();
    clock.advance(14 * 60_000);
    expect((await scan(stock, { barcode: pieces[1]!, location: 'A1' })).operator).not.toBeNull();
    clock.advance(16 * 60_000);
    const idle = await scan(stock, { barcode: pieces[2]!, location: 'A1' });
    expect(idle).toMatchObject({ accepted: true, operator_id: null, operator: null });
    await ok('PATCH', '/v1/settings', { operator_idle_minutes: null });
  });

  it('keeps the operator of scans replayed after a network cut: the badge replays first, times are the scans’ own', async () => {
    const dispatch = await station('Dock', 'dispatch');
    const produce = await station('Line 3', 'produce');
    const pieces = await order('PO-4', 3);
    for (const p of pieces) await scan(produce, { barcode: p });
    await ok('PATCH', '/v1/settings', { operator_idle_minutes: 30 });
    // Queued offline at 09:00–09:10, replayed an hour later, in order, with their own times.
    const t0 = clock.now().getTime();
    clock.advance(60 * 60_000);
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const queued = [
      { barcode: 'OP 000001', scanned_at: at(0), client_scan_id: 'q1' },
      { barcode: pieces[0]!, scanned_at: at(5), client_scan_id: 'q2' },
      { barcode: pieces[1]!, scanned_at: at(10), client_scan_id: 'q3' },
    ];
    const answers = [];
    for (const q of queued) answers.push(await scan(dispatch, q));
    const ana = answers[0].operator.id;
    expect(answers.map((a) => a.operator_id)).toEqual([ana, ana, ana]);
    // A resend answers as the first time, operator included.
    expect(await scan(dispatch, queued[1]!)).toMatchObject({
      operator_id: ana,
      operator: { id: ana },
    });
    expect(await scan(dispatch, queued[0]!)).toMatchObject({ message: 'Signed in: Ana Kowalska' });
    await ok('PATCH', '/v1/settings', { operator_idle_minutes: null });
  });

  it('keeps badge scans out of the audit trail: they are the scan ledger', async () => {
    const rows = (await t.sql
      .prepare("select action from audit_log where action like 'scan%'")
      .all()) as Json[];
    expect(rows).toEqual([]);
  });
});
