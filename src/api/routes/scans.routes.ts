import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { exportScansCsv, listScans } from '../../core/scans/list-scans.js';
import { recordScan } from '../../core/scans/record-scan.js';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import { ListOf } from '../schemas/common.js';
import { LedgerScan, ScanAnswer, ScanBody, ScanListQuery } from '../schemas/scans.js';

/** The one route a station token may call; its use case checks the station in its transaction. */
export const SCANS_ROUTE = '/v1/scans';

const CSV_EXAMPLE =
  'id,at,scanned_at,result,reason,event,barcode,station_id,station_name,operator_id,operator_name,order_id,order_no,piece_id,consignment_id,handling_unit_id,location,test_label\r\n' +
  'scn_01M83T67706TQJNVX17R6XZKA4,2026-11-26T09:30:00.000Z,,accepted,,produce,FD 0000042,stn_01M83T67706TQJNVX17R6XZKA5,Line 1,opr_01M83T67706TQJNVX17R6XZKA6,"Kowalski, Jan",ord_01M83T67706TQJNVX17R6XZKA7,SW-1042,pce_01M83T67706TQJNVX17R6XZKA8,,,,false\r\n';

/** Whether a request asks for the CSV export: `format=csv`, or `Accept: text/csv` without `format`. */
const wantsCsv = (format: string | undefined, accept: string | undefined): boolean =>
  format === 'csv' || (format === undefined && /(^|,)\s*text\/csv\b/i.test(accept ?? ''));

export async function scansRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    SCANS_ROUTE,
    {
      schema: {
        operationId: 'listScans',
        tags: ['scans'],
        summary: 'The scan ledger, accepted and refused, newest first; JSON pages or a CSV export',
        description:
          "Every scan the stations recorded, accepted and refused, newest first with keyset paging (`starting_after` = the previous page's `next_cursor`), each with its station, the operator signed in at it then (DESIGN §17), and the order and piece it was of. Filter by station, operator, order, result and the time it was recorded ([from, to)). With `format=csv` or `Accept: text/csv` the answer is every scan the filters select as CSV (RFC 4180, a header line), streamed page by page as an attachment. Staff and API keys with the `read` scope; station tokens may not read it.",
        querystring: ScanListQuery,
        response: {
          200: {
            description:
              'A page of scans; with `format=csv` or `Accept: text/csv`, all of them as CSV.',
            content: {
              'application/json': { schema: ListOf(LedgerScan) },
              'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLE },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const factoryId = factoryOf(request);
      const { format, limit: _limit, ...query } = request.query;
      if (!wantsCsv(format, request.headers.accept)) {
        return listScans(core, factoryId, request.query);
      }
      const lines = await exportScansCsv(core, factoryId, query);
      const day = core.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="scans-${day}.csv"`)
        .send(Readable.from(lines));
    },
  );

  r.post(
    SCANS_ROUTE,
    {
      schema: {
        operationId: 'recordScan',
        description:
          "Records a scan of the station's kind (produce, stock or dispatch) with a station token. A refused scan (unknown barcode, wrong order of steps, voided label) is also 200, with `accepted: false` and a `reason`. A repeated `client_scan_id` answers the first scan again with `idempotent-replayed: true`.",
        tags: ['scans'],
        summary:
          "Record a scan of the station's kind (station token only); accepted and refused scans both answer 200",
        body: ScanBody,
        response: { 200: ScanAnswer },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The permissions table admits station tokens only; this narrows the type.
      if (principal.kind !== 'station') throw new AppError('forbidden');
      const { json, replayed } = await recordScan(core, principal, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      // The answer is the event's data, already written as JSON: sent as is, not serialized
      // again. Its fields are the schema's (test/api/scans.test.ts checks them).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );
}
