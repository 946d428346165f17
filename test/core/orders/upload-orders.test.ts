import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CoreContext } from '../../../src/core/context.js';
import { createOrder } from '../../../src/core/orders/create-order.js';
import { uploadOrders } from '../../../src/core/orders/upload-orders.js';
import { createRetailer } from '../../../src/core/retailers/retailers.js';
import { AppError } from '../../../src/domain/errors.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { count } from './fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await createRetailer(t.core, t.factoryId, { name: 'Acme', code: 'ACME' });
});
afterEach(async () => {
  await t.close();
});

it('refuses the whole upload when an order number is taken between its check and its write', async () => {
  // The upload is checked before it writes; another request creates PO-2 just before the
  // upload's first transaction starts, so only the unique index can notice.
  const db = t.core.db;
  let raced = false;
  const racing: CoreContext = {
    ...t.core,
    db: new Proxy(db, {
      get(target, property) {
        if (property !== 'transaction') {
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return () => ({
          execute: async (work: Parameters<ReturnType<typeof db.transaction>['execute']>[0]) => {
            if (raced) return target.transaction().execute(work);
            raced = true;
            await createOrder(
              t.core,
              t.factoryId,
              {
                order_no: 'PO-2',
                retailer_code: 'ACME',
                lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
              },
              'api',
            );
            return target.transaction().execute(work);
          },
        });
      },
    }),
  };
  const csv = 'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,S,1,1\nPO-2,ACME,S,1,1\n';
  const refused = await uploadOrders(racing, t.factoryId, csv, { dryRun: false }).catch(
    (err: unknown) => err,
  );
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).code).toBe('invalid_csv');
  expect((refused as AppError).errors).toEqual([
    expect.objectContaining({ row: 3, column: 'order_no', code: 'order_exists' }),
  ]);
  // Only the racing push's order: nothing of the upload.
  expect(await count(t, 'orders')).toBe(1);
  expect(await count(t, 'pieces')).toBe(1);
  expect(await count(t, 'events')).toBe(1);
});
