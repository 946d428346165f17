import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { LabelRun } from '../../core/labels/print-labels.js';
import { printItemLabel, printOrderLabels } from '../../core/labels/print-labels.js';
import { AppError } from '../../domain/errors.js';
import type { LabelRenderer } from '../../labels/label-renderer.js';
import {
  testLabel,
  type Label,
  type LabelDpi,
  type LabelFormat,
} from '../../labels/label.model.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams } from '../schemas/common.js';

// Plain enums rather than unions of literals: query strings are coerced, and a bad value then
// answers "format must be equal to one of the allowed values" with `param: format`.
const Format = Type.Unsafe<LabelFormat>({ type: 'string', enum: ['pdf', 'zpl'] });
const Dpi = Type.Unsafe<LabelDpi>({ type: 'integer', enum: [203, 300] });

const TestLabelQuery = Type.Object(
  {
    format: Type.Unsafe<LabelFormat>({ ...Format, default: 'pdf' }),
    dpi: Type.Unsafe<LabelDpi>({ ...Dpi, default: 203 }),
  },
  { additionalProperties: false },
);

const PieceLabelQuery = {
  format: Type.Unsafe<LabelFormat>({ ...Format, default: 'pdf' }),
  dpi: Type.Optional(
    Type.Unsafe<LabelDpi>({
      ...Dpi,
      description: "Defaults to the factory's default_dpi setting.",
    }),
  ),
};

const LabelDocument = {
  description:
    'A PDF with one 4 × 6 in page per label, or ZPL with one ^XA…^XZ per label. ' +
    'The header x-label-count gives the number of labels.',
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
    'text/plain': { schema: { type: 'string' } },
  },
};

/** A file name part from user data: letters, digits, `.`, `_` and `-` only. */
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);

async function sendLabels(
  renderer: LabelRenderer,
  reply: FastifyReply,
  labels: Label[],
  format: LabelFormat,
  dpi: LabelDpi,
  fileName: string,
): Promise<FastifyReply> {
  const rendered = await renderer.render(labels, format, dpi);
  // ZPL is for sending to a printer, so it downloads; a PDF may open in the browser.
  const disposition = format === 'zpl' ? 'attachment' : 'inline';
  return reply
    .type(rendered.contentType)
    .header('content-disposition', `${disposition}; filename=${fileName}-${dpi}dpi.${format}`)
    .header('x-label-count', String(rendered.count))
    .send(rendered.body);
}

function pieceLabels(run: LabelRun): Label[] {
  return run.pieces.map((piece) => ({ kind: 'piece' as const, ...piece }));
}

export async function labelsRoutes(
  app: FastifyInstance,
  { core, labels }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/hardware/test-label',
    {
      schema: {
        operationId: 'getTestLabel',
        description:
          'The scanner test label: the fixed test string as Code 128 and QR with instructions, as PDF or ZPL. Scanning it at a station records a hardware check.',
        tags: ['hardware'],
        summary:
          'The scanner test label: the fixed test string as Code 128 and QR, with instructions',
        querystring: TestLabelQuery,
        response: { 200: LabelDocument },
      },
    },
    async (request, reply) => {
      const { format, dpi } = request.query;
      return sendLabels(labels, reply, [testLabel()], format, dpi, 'test-label');
    },
  );

  r.get(
    '/v1/orders/:id/labels',
    {
      schema: {
        operationId: 'getOrderLabels',
        description:
          "The labels of an order's pieces as PDF (one 4 × 6 in page each) or ZPL (one `^XA…^XZ` each), chosen by `format` or by the `Accept` header. Marks the pieces' labels printed; `pieces=unprinted` gives only those not printed yet.",
        tags: ['orders'],
        summary: "Labels for an order's pieces (id, or order_no when unique); marks them printed",
        params: IdParams,
        querystring: Type.Object(
          {
            ...PieceLabelQuery,
            pieces: Type.Unsafe<'all' | 'unprinted'>({
              type: 'string',
              enum: ['all', 'unprinted'],
              default: 'all',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: LabelDocument },
      },
    },
    async (request, reply) => {
      const { format, dpi, pieces } = request.query;
      const run = await printOrderLabels(core, factoryOf(request), request.params.id, {
        pieces,
        dpi,
      });
      if (run.pieces.length === 0 && format === 'pdf') {
        // ZPL can say "nothing to print" with an empty document; a PDF without pages cannot.
        throw new AppError('no_labels_to_print', {
          message: `Every label of order ${run.order_no} has been printed; ask for pieces=all to reprint.`,
        });
      }
      return sendLabels(
        labels,
        reply,
        pieceLabels(run),
        format,
        run.dpi,
        `labels-${fileSafe(run.order_no)}`,
      );
    },
  );

  r.get(
    '/v1/items/:barcode/label',
    {
      schema: {
        operationId: 'getPieceLabel',
        description:
          "One piece's label as PDF or ZPL, by its barcode (URL-encoded: it contains a space). A voided barcode is 404.",
        tags: ['items'],
        summary: "One piece's label, by its barcode (URL-encoded: it contains a space)",
        params: Type.Object({ barcode: Type.String({ minLength: 1, maxLength: 128 }) }),
        querystring: Type.Object(PieceLabelQuery, { additionalProperties: false }),
        response: { 200: LabelDocument },
      },
    },
    async (request, reply) => {
      const { format, dpi } = request.query;
      const run = await printItemLabel(core, factoryOf(request), request.params.barcode, { dpi });
      return sendLabels(
        labels,
        reply,
        pieceLabels(run),
        format,
        run.dpi,
        `label-${fileSafe(request.params.barcode)}`,
      );
    },
  );
}
