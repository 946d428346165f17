import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createPrinter,
  deletePrinter,
  getPrinter,
  listPrintersOf,
  updatePrinterOf,
} from '../../core/printers/printers.js';
import {
  cancelPrintJob,
  createPrintJob,
  getPrintJob,
  listPrintJobsOf,
  retryPrintJob,
} from '../../core/printers/print-jobs.js';
import {
  printTestLabelAtStation,
  reprintAtStation,
  stationPrinter,
} from '../../core/printers/station-printing.js';
import { AppError } from '../../domain/errors.js';
import { coreOf } from '../idempotency.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import { IdParams, ListOf, ListQuery, Strict } from '../schemas/common.js';
import {
  LabelSize,
  NewPrintJob,
  Printer,
  PrinterDpi,
  PrinterLanguage,
  PrinterName,
  PrinterUri,
  PrintJob,
  PrintJobStatusFilter,
  StationPrinter,
} from '../schemas/printers.js';

/** Printers and the print queue (DESIGN §14). */
export async function printersRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/printers',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createPrinter',
        tags: ['printers'],
        summary: 'Add a printer',
        description:
          'A ZPL label printer on a raw socket (`tcp://host:9100`) or a PDF printer over IPP (`ipp://host[:port]/path`, `ipps://…`, a CUPS queue `ipp://cups-host:631/printers/NAME`). Its state is `offline` until it first answers; it is asked at once. `dpi` defaults to the `default_dpi` setting.',
        body: Strict({
          name: PrinterName,
          language: PrinterLanguage,
          uri: PrinterUri,
          dpi: Type.Optional(PrinterDpi),
          label_size: Type.Optional(LabelSize),
        }),
        response: { 200: Printer },
      },
    },
    async (request) => createPrinter(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/printers',
    {
      schema: {
        operationId: 'listPrinters',
        tags: ['printers'],
        summary: 'List printers, newest first',
        description: 'Each printer with the state and reasons it last reported.',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(Printer) },
      },
    },
    async (request) => listPrintersOf(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/printers/:id',
    {
      schema: {
        operationId: 'getPrinter',
        tags: ['printers'],
        summary: 'One printer',
        description: 'The printer with the state and reasons it last reported.',
        params: IdParams,
        response: { 200: Printer },
      },
    },
    async (request) => getPrinter(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/printers/:id',
    {
      schema: {
        operationId: 'updatePrinter',
        tags: ['printers'],
        summary: 'Change a printer',
        description:
          'A new `uri` or `language` is checked together and the printer is asked again at once.',
        params: IdParams,
        body: Strict(
          {
            name: Type.Optional(PrinterName),
            language: Type.Optional(PrinterLanguage),
            uri: Type.Optional(PrinterUri),
            dpi: Type.Optional(PrinterDpi),
            label_size: Type.Optional(LabelSize),
          },
          { minProperties: 1 },
        ),
        response: { 200: Printer },
      },
    },
    async (request) => updatePrinterOf(core, factoryOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/printers/:id',
    {
      schema: {
        operationId: 'deletePrinter',
        tags: ['printers'],
        summary: 'Delete a printer',
        description:
          'Its queued jobs are cancelled and stations printing on it print on none; its jobs stay listable.',
        params: IdParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              object: Type.Literal('printer'),
              deleted: Type.Literal(true),
            },
            { $id: 'PrinterDeleted' },
          ),
        },
      },
    },
    async (request) => deletePrinter(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/print-jobs',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createPrintJob',
        tags: ['printers'],
        summary: 'Queue a print job',
        description:
          'On `printer_id`, or on the printer of `station_id`; one source: `order_id` with `pieces` (`all`, `unprinted` or barcodes), `test_label: true`, or `consignment_id` with `document` (`delivery_note` on a PDF printer, `sscc_labels` on either; by default what the printer’s language prints). The job prints when its turn comes and the printer is ready; `label_printed_at` is set when the printer confirms.',
        body: NewPrintJob,
        response: { 200: PrintJob },
      },
    },
    async (request) => createPrintJob(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/print-jobs',
    {
      schema: {
        operationId: 'listPrintJobs',
        tags: ['printers'],
        summary: 'List print jobs, newest first',
        description: 'By printer and status when given.',
        querystring: Type.Object(
          {
            ...ListQuery,
            printer_id: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 64,
                description: "One printer's jobs only: its id (`prn_…`).",
              }),
            ),
            status: Type.Optional(PrintJobStatusFilter),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(PrintJob) },
      },
    },
    async (request) => listPrintJobsOf(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/print-jobs/:id',
    {
      schema: {
        operationId: 'getPrintJob',
        tags: ['printers'],
        summary: 'One print job',
        description: 'Its status, and while queued the reason it waits (`held_reason`).',
        params: IdParams,
        response: { 200: PrintJob },
      },
    },
    async (request) => getPrintJob(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/print-jobs/:id/cancel',
    {
      schema: {
        operationId: 'cancelPrintJob',
        tags: ['printers'],
        summary: 'Cancel a queued print job',
        description: 'Only a queued job can be cancelled (409 `print_job_state` otherwise).',
        params: IdParams,
        response: { 200: PrintJob },
      },
    },
    async (request) => cancelPrintJob(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/print-jobs/:id/retry',
    {
      schema: {
        operationId: 'retryPrintJob',
        tags: ['printers'],
        summary: 'Print a failed, interrupted or cancelled job again',
        description:
          'An interrupted job may be partly on paper: retrying it is a person’s decision that another copy is wanted.',
        params: IdParams,
        response: { 200: PrintJob },
      },
    },
    async (request) => retryPrintJob(core, factoryOf(request), request.params.id),
  );

  /** The calling station's id; a station token only. */
  const stationOf = (request: Parameters<typeof principalOf>[0]) => {
    const principal = principalOf(request);
    if (principal.kind !== 'station') throw new AppError('forbidden');
    return principal.stationId;
  };

  r.get(
    '/v1/stations/me/printer',
    {
      schema: {
        operationId: 'getStationPrinter',
        tags: ['printers'],
        summary: "The calling station's printer and its state",
        description:
          'For the station page\'s header ("Printer: paper out"); `printer` is null when the station has none. Station tokens only.',
        response: { 200: StationPrinter },
      },
    },
    async (request) => stationPrinter(core, factoryOf(request), stationOf(request)),
  );

  r.post(
    '/v1/stations/me/reprint',
    {
      schema: {
        operationId: 'reprintStationLabel',
        tags: ['printers'],
        summary: "Reprint one piece's label on the calling station's printer",
        description:
          'A person at the station asks for another copy of a label (the last piece scanned). Station tokens only; 400 when the station has no printer.',
        body: Strict({ barcode: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: PrintJob },
      },
    },
    async (request) =>
      reprintAtStation(core, factoryOf(request), stationOf(request), request.body.barcode),
  );

  r.post(
    '/v1/stations/me/test-label',
    {
      schema: {
        operationId: 'printStationTestLabel',
        tags: ['printers'],
        summary: "Print the test label on the calling station's printer",
        description:
          'The guided hardware check prints the test label here before it asks for the scan. Station tokens only; 400 when the station has no printer.',
        response: { 200: PrintJob },
      },
    },
    async (request) => printTestLabelAtStation(core, factoryOf(request), stationOf(request)),
  );
}
