import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CoreContext } from '../../../src/core/context.js';
import { createOrder } from '../../../src/core/orders/create-order.js';
import { uploadOrders } from '../../../src/core/uploads/upload-orders.js';
import { housekeep } from '../../../src/core/jobs/housekeeping.js';
import { createRetailer } from '../../../src/core/retailers/retailers.js';
import { AppError } from '../../../src/domain/errors.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { count } from '../orders/fixtures.js';

const noReport = () => {};

/**
 * The core context with a database whose transactions fail once `failing()` says so (its other
 * calls pass through), as they would with the disk gone or the server stopping.
 */
function failingAfter(ctx: CoreContext, failing: () => boolean): CoreContext {
  const db = ctx.db;
  return {
    ...ctx,
    db: new Proxy(db, {
      get(target, property) {
        if (property === 'transaction' && failing()) {
          return () => ({
            execute: () => Promise.reject(new Error('the disk is gone')),
          });
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
  };
}

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
  const refused = await uploadOrders(racing, t.factoryId, csv, {
    dryRun: false,
    reportError: noReport,
  }).catch((err: unknown) => err);
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

it('tells of a clearing and a releasing that fail after the upload is published, and answers it', async () => {
  let published = false;
  const ctx = failingAfter(
    {
      ...t.core,
      beforeCommit: async () => {
        published = true;
      },
    },
    () => published,
  );
  const reported: string[] = [];
  const csv = 'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,S,1,2\n';
  const answer = await uploadOrders(ctx, t.factoryId, csv, {
    dryRun: false,
    reportError: (err, message) => reported.push(`${message}: ${(err as Error).message}`),
  });
  expect(answer.orders_created).toBe(1);
  await expect.poll(() => reported.length).toBe(2);
  expect(reported).toEqual([
    expect.stringMatching(/^clearing the marks of upload upl_\w+ failed.*: the disk is gone$/),
    expect.stringMatching(/^releasing the events of upload upl_\w+ failed.*: the disk is gone$/),
  ]);
  // Published all the same, and the hourly sweep finishes it.
  expect(await count(t, 'orders')).toBe(1);
  expect(await count(t, 'events')).toBe(0);
  await housekeep(t.core);
  expect(await count(t, 'events')).toBe(1);
  expect(await count(t, 'uploads')).toBe(0);
});

it('fails with its own error and tells of deleting its staged rows failing too', async () => {
  let refusedPublish = false;
  const ctx = failingAfter(
    {
      ...t.core,
      beforeCommit: async () => {
        refusedPublish = true;
        throw new Error('the answer could not be stored');
      },
    },
    () => refusedPublish,
  );
  const reported: string[] = [];
  const csv = 'order_no,retailer_code,sku,qty,pieces_per_unit\nPO-1,ACME,S,1,2\n';
  const refused = await uploadOrders(ctx, t.factoryId, csv, {
    dryRun: false,
    reportError: (err, message) => reported.push(`${message}: ${(err as Error).message}`),
  }).catch((err: unknown) => err);
  expect((refused as Error).message).toBe('the answer could not be stored');
  expect(reported).toEqual([
    expect.stringMatching(/^deleting the rows of upload upl_\w+, not published, failed: the disk/),
  ]);
  // Its hidden rows stay until the sweep deletes them.
  expect(await count(t, 'orders')).toBe(1);
  await housekeep(t.core);
  expect(await count(t, 'orders')).toBe(0);
  expect(await count(t, 'uploads')).toBe(0);
});
