import type { Kysely } from 'kysely';
import { AppError, type FieldError } from '../../domain/errors.js';
import type { DB } from '../../store/schema.js';
import { takenOrderNumbers } from '../../store/orders/order-writes.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { CoreContext } from '../context.js';
import { findRetailersByCode } from '../retailers/retailers.js';
import { takeTurns } from '../take-turns.js';
import { transact } from '../transaction.js';
import { resolveCreator, type CreatorRef } from '../orders/order-creator.js';
import { buildOrderRows } from '../orders/order-rows.js';
import { clearMarks } from './upload-clearing.js';
import { releaseEvents } from './upload-events.js';
import { deleteLeftovers, dropUpload } from './upload-leftovers.js';
import { publishUpload, stageUpload } from './upload-staging.js';
import { parseOrdersCsv, type CsvOrder } from './orders-csv.js';
import { CSV_LIMITS, csvError } from './orders-csv-header.js';

/** Stagings of one upload that may meet another upload's rows that are gone by the check. */
const STAGE_ATTEMPTS = 3;

export interface UploadResult {
  object: 'upload';
  dry_run: boolean;
  orders_created: number;
  /** In file order; `id` is null on a dry run. */
  orders: { id: string | null; order_no: string; retailer_code: string; pieces_total: number }[];
}

/**
 * POST /v1/orders/upload: every order of a CSV file in one transaction, or none. Any problem
 * (shape, unknown retailer, an order number the retailer already has) → 400 `invalid_csv` with
 * every problem by row and column, and nothing written. A dry run checks the same and writes
 * nothing.
 *
 * The file is read and checked, and its rows made, taking turns with other requests; the rows are
 * written hidden in short statements, published by one short transaction that shows them all, and
 * their marks cleared in short transactions (upload-staging.ts): other writers never wait long.
 * An order number taken by another request between the check and the staging fails it on the
 * unique index, and is then reported like any other. One met on the index but gone by the check
 * (another upload that gave up) is staged again; three times in a row → 409 `upload_conflict`.
 */
export async function uploadOrders(
  ctx: CoreContext,
  factoryId: string,
  csv: string,
  options: {
    dryRun: boolean;
    creator?: CreatorRef | null;
    /**
     * Told of a failure that does not fail the request: one after the upload is published
     * (clearing its marks, releasing its events), which the next sweep repairs, or one deleting
     * what an upload that failed staged, the request failing with its own error.
     */
    reportError: (err: unknown, message: string) => void;
  },
): Promise<UploadResult> {
  const { reportError } = options;
  const turn = takeTurns();
  // Only the publishing transaction answers the request (an Idempotency-Key's answer is stored
  // with it, CoreContext.beforeCommit); the upload's other transactions run without that hook.
  const { beforeCommit: _answer, ...writer } = ctx;
  // What an upload cut short left goes first: its hidden orders would hold their numbers.
  await deleteLeftovers(writer, turn);
  const parsed = await parseOrdersCsv(csv, turn);
  const retailers = await findRetailersByCode(
    ctx.db,
    factoryId,
    parsed.orders.map((o) => o.retailer_code),
  );
  const errors = [
    ...parsed.errors,
    ...checkPieces(parsed.orders),
    ...(await checkRetailers(ctx.db, factoryId, parsed.orders, retailers, turn)),
  ];
  if (errors.length > 0) throw csvError(errors);

  const result: UploadResult = {
    object: 'upload',
    dry_run: options.dryRun,
    orders_created: 0,
    orders: parsed.orders.map(({ retailer_code, order }) => ({
      id: null,
      order_no: order.order_no,
      retailer_code,
      pieces_total: order.pieces_total,
    })),
  };
  if (options.dryRun) return result;

  const orders = parsed.orders.map(({ retailer_code, order }) => ({
    retailer: retailers.get(retailer_code)!,
    order,
  }));
  // Every row is made before anything is written, then staged while other writers go on
  // (upload-staging.ts).
  const builtAt = ctx.clock.now();
  // Who uploads is read once: every order of the file carries the same value.
  const createdBy = await resolveCreator(ctx.db, factoryId, options.creator ?? null);
  const rows = await buildOrderRows(factoryId, orders, 'upload', builtAt, {
    views: false,
    turn,
    createdBy,
  });
  result.orders.forEach((order, i) => (order.id = rows.ids[i]!));
  for (let attempt = 1; ; attempt++) {
    let staged;
    try {
      staged = await stageUpload(writer, factoryId, rows, builtAt, turn);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request holds one of these numbers: say which, as a check would have. If none
      // does any more, what it met was another upload that has given up since (each deletes
      // what it staged): stage again.
      const taken = await checkRetailers(ctx.db, factoryId, parsed.orders, retailers);
      if (taken.length > 0) throw csvError(taken);
      if (attempt === STAGE_ATTEMPTS) throw new AppError('upload_conflict');
      continue;
    }
    let answer: UploadResult;
    try {
      // The answer is made inside the transaction: it is what an Idempotency-Key replays, stored
      // with the orders (CoreContext.beforeCommit).
      answer = await transact(ctx, async (tx) => {
        await publishUpload(tx, staged);
        result.orders_created = rows.ids.length;
        return result;
      });
    } catch (err) {
      // Not published: its hidden rows go (a publishing that did commit is finished instead).
      // The request fails with its own error; should the deleting fail too, the next sweep
      // deletes them (upload-leftovers.ts), and the failure is told.
      await dropUpload(writer, staged.id).catch((dropErr: unknown) =>
        reportError(dropErr, `deleting the rows of upload ${staged.id}, not published, failed`),
      );
      throw err;
    }
    ctx.stagingUploads.delete(staged.id);
    // Published and visible; the answer is stored. Its orders' marks are cleared before the
    // answer, in short transactions, and its events reach the outbox after it. Should either fail
    // (the server stopping), the next start, upload or hourly housekeeping finishes the job: the
    // upload stays published, so the request is not failed for it, and the failure is told.
    await clearMarks(writer, staged.id, turn).catch((err: unknown) =>
      reportError(err, `clearing the marks of upload ${staged.id} failed; a sweep will finish it`),
    );
    void releaseEvents(writer, staged.id, turn).catch((err: unknown) =>
      reportError(
        err,
        `releasing the events of upload ${staged.id} failed; a sweep will finish it`,
      ),
    );
    return answer;
  }
}

/** The upload as a whole holds at most `CSV_LIMITS.piecesMax` pieces. */
function checkPieces(orders: readonly CsvOrder[]): FieldError[] {
  let pieces = 0;
  for (const { rows, order } of orders) {
    pieces += order.pieces_total;
    if (pieces > CSV_LIMITS.piecesMax) {
      return [
        {
          row: rows[0]!,
          column: 'qty',
          code: 'too_many_pieces',
          message: `The upload reaches ${CSV_LIMITS.piecesMax} pieces at this order; split the file.`,
        },
      ];
    }
  }
  return [];
}

/** Unknown retailer codes, and order numbers their retailer already has (first row of each). */
async function checkRetailers(
  db: Kysely<DB>,
  factoryId: string,
  orders: readonly CsvOrder[],
  retailers: ReadonlyMap<string, { id: string }>,
  turn?: () => Promise<void> | undefined,
): Promise<FieldError[]> {
  const orderNos = [...new Set(orders.map((o) => o.order.order_no))];
  const taken = new Set(
    (await takenOrderNumbers(db, factoryId, orderNos, turn)).map(
      (row) => `${row.retailer_id}\u0000${row.order_no}`,
    ),
  );
  const errors: FieldError[] = [];
  for (const { retailer_code, rows, order } of orders) {
    const retailer = retailers.get(retailer_code);
    if (!retailer) {
      errors.push({
        row: rows[0]!,
        column: 'retailer_code',
        code: 'unknown_retailer',
        message: `No retailer has the code ${retailer_code}.`,
      });
    } else if (taken.has(`${retailer.id}\u0000${order.order_no}`)) {
      errors.push({
        row: rows[0]!,
        column: 'order_no',
        code: 'order_exists',
        message: `Retailer ${retailer_code} already has an order numbered ${order.order_no}.`,
      });
    }
  }
  return errors;
}
