import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { recordScan } from '../../core/scans/record-scan.js';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';
import { principalOf } from '../route-helpers.js';
import { ScanAnswer, ScanBody } from '../schemas/scans.js';

/** The one route a station token may call; its use case checks the station in its transaction. */
export const SCANS_ROUTE = '/v1/scans';

export async function scansRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

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
