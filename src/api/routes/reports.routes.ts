import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  cycleTimesCsv,
  cycleTimesReport,
  throughputCsv,
  throughputReport,
} from '../../core/reports/reports.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import {
  CycleTimesQuery,
  CycleTimesReport,
  ThroughputQuery,
  ThroughputReport,
} from '../schemas/reports.js';

const csvAnswer = (json: object, csvExample: string) => ({
  description: 'The report; with `format=csv`, its rows as CSV.',
  content: {
    'application/json': { schema: json },
    'text/csv': { schema: { type: 'string' }, example: csvExample },
  },
});

export async function reportsRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/reports/throughput',
    {
      schema: {
        operationId: 'getThroughputReport',
        tags: ['reports'],
        summary: 'Throughput from the scan ledger, per hour or day and station, role or operator',
        description:
          'Counts the scans recorded in [from, to): accepted scans of each role (produce, stock, ' +
          'dispatch) and refused scans, per UTC hour or day and per station, role or operator. ' +
          'Test-label scans are not counted. Operators are not recorded yet: group_by=operator ' +
          'answers one group, null ("no operator").',
        querystring: ThroughputQuery,
        response: {
          200: csvAnswer(
            ThroughputReport,
            'bucket_start,group,group_name,produce,stock,dispatch,refused\r\n' +
              '2026-11-23T09:00:00.000Z,stn_01M83T67706TQJNVX17R6XZKA4,Line 1,42,0,0,1\r\n',
          ),
        },
      },
    },
    async (request, reply) => {
      const report = await throughputReport(core, factoryOf(request), request.query);
      if (request.query.format !== 'csv') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="throughput.csv"')
        .send(throughputCsv(report));
    },
  );

  r.get(
    '/v1/reports/cycle-times',
    {
      schema: {
        operationId: 'getCycleTimesReport',
        tags: ['reports'],
        summary: 'Cycle times produce → stock → dispatch, p50 and p90, per piece or per order',
        description:
          'For the pieces (per=piece) or orders (per=order) that reached a stage’s end in ' +
          '[from, to), of one retailer when given: how many, and the 50th and 90th percentiles ' +
          '(nearest rank) of the time from the stage’s start, in seconds. Stages: ' +
          'produce_to_stock (produced_at → in_stock_at), stock_to_dispatch (in_stock_at → ' +
          'dispatched_at), produce_to_dispatch (produced_at → dispatched_at).',
        querystring: CycleTimesQuery,
        response: {
          200: csvAnswer(
            CycleTimesReport,
            'stage,count,p50_seconds,p90_seconds\r\nproduce_to_stock,120,5400,14400\r\n',
          ),
        },
      },
    },
    async (request, reply) => {
      const report = await cycleTimesReport(core, factoryOf(request), request.query);
      if (request.query.format !== 'csv') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cycle-times.csv"')
        .send(cycleTimesCsv(report));
    },
  );
}
