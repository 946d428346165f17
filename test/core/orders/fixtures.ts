import { expect } from 'vitest';
import { recomputeOrder } from '../../../src/core/orders/recompute-order.js';
import { transact } from '../../../src/core/transaction.js';
import { newId } from '../../../src/domain/ids.js';
import type { TestApp } from '../../helpers/app.js';

/** Shared set-up for the orders suites: retailers, orders, and stations and scans written directly. */

export async function addRetailer(
  t: TestApp,
  code = 'ACME',
  name = 'Acme Furniture',
): Promise<{ id: string; code: string; name: string }> {
  const res = await t.request('POST', '/v1/retailers', { body: { name, code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export interface LineBody {
  sku: string;
  colour?: string | null;
  qty: number;
  pieces_per_unit: number;
  piece_names?: string[] | null;
}

export async function pushOrder(
  t: TestApp,
  body: { order_no: string; lines?: LineBody[]; [k: string]: unknown },
  token?: string,
) {
  const res = await t.request('POST', '/v1/orders', {
    body: { lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 1, pieces_per_unit: 2 }], ...body },
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A station row written straight to the store (pairing is another suite's subject). */
export async function insertStation(
  t: TestApp,
  factoryId = t.factoryId,
  name = 'Line 1',
): Promise<string> {
  const id = newId('station', t.clock.now());
  await t.sql
    .prepare(
      `insert into stations (id, factory_id, name, role, token_hash, paired_at, updated_at)
       values (?, ?, ?, 'produce', ?, ?, ?)`,
    )
    .run(
      id,
      factoryId,
      name,
      `hash-${id}`,
      t.clock.now().toISOString(),
      t.clock.now().toISOString(),
    );
  return id;
}

export async function insertScan(
  t: TestApp,
  scan: {
    stationId: string;
    pieceId: string | null;
    orderId: string | null;
    barcode: string;
    accepted: boolean;
    event?: string;
    reason?: string | null;
    location?: string | null;
    at?: string;
    stationName?: string;
  },
): Promise<string> {
  const at = scan.at ?? t.clock.now().toISOString();
  const id = newId('scan', new Date(at));
  await t.sql
    .prepare(
      `insert into scans (id, factory_id, station_id, station_name, event, barcode, piece_id,
         order_id, accepted, reason, location, test_label, client_scan_id, scanned_at, at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, null, ?)`,
    )
    .run(
      id,
      t.factoryId,
      scan.stationId,
      scan.stationName ?? 'Line 1',
      scan.event ?? 'produce',
      scan.barcode,
      scan.pieceId,
      scan.orderId,
      scan.accepted ? 1 : 0,
      scan.reason ?? null,
      scan.location ?? null,
      at,
    );
  return id;
}

export const count = async (t: TestApp, table: string): Promise<number> =>
  ((await t.sql.prepare(`select count(*) as n from ${table}`).get()) as { n: number }).n;

/** Sets pieces of an order (all, or those `where` picks) to a status and recomputes it, as scans would. */
export async function setPieces(t: TestApp, orderId: string, status: string, where = '1 = 1') {
  await t.sql
    .prepare(`update pieces set status = ?, scanned = 1 where order_id = ? and ${where}`)
    .run(status, orderId);
  await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, orderId));
}
