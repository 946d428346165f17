import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from '@sinclair/typebox';
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
import { IdParams, PathParam } from '../schemas/common.js';
import { LabelQuery, labelDpiSchema, labelFormatSchema } from '../schemas/labels.js';

const Format = Type.Optional(
  labelFormatSchema({
    description:
      'pdf (one 4 × 6 in page per label) or zpl (for a Zebra printer). Without it, the Accept header chooses (application/pdf or text/plain), then pdf. The .pdf and .zpl URLs fix it.',
  }),
);
const TestLabelDpi = LabelQuery.properties.dpi;
const PieceLabelDpi = Type.Optional(
  labelDpiSchema({ description: "Defaults to the factory's default_dpi setting." }),
);
const Pieces = Type.Unsafe<'all' | 'unprinted'>({
  type: 'string',
  enum: ['all', 'unprinted'],
  default: 'all',
  description: 'unprinted: only the labels not printed yet (as PDF, none is 409).',
});

const LABEL_HEADERS = {
  'x-label-count': { type: 'integer', description: 'How many labels the document holds.' },
  'content-disposition': {
    type: 'string',
    description: 'A file name: `inline` for a PDF, `attachment` for ZPL.',
  },
};

const PDF = {
  'application/pdf': {
    schema: { type: 'string', format: 'binary', description: 'One 4 × 6 in page per label.' },
  },
};
const ZPL = {
  'text/plain': {
    schema: { type: 'string', description: 'One `^XA…^XZ` per label, for a Zebra printer.' },
  },
};

/** The answer of a label route: both formats, or the one its URL fixes (`.pdf`, `.zpl`). */
const labelDocument = (fixed: LabelFormat | undefined) => ({
  description:
    fixed === 'pdf'
      ? 'A PDF with one 4 × 6 in page per label.'
      : fixed === 'zpl'
        ? 'ZPL with one ^XA…^XZ per label.'
        : 'A PDF with one 4 × 6 in page per label, or ZPL with one ^XA…^XZ per label.',
  headers: LABEL_HEADERS,
  content: fixed === 'pdf' ? PDF : fixed === 'zpl' ? ZPL : { ...PDF, ...ZPL },
});

/**
 * Each label route answers at its URL, where `format` (or else the Accept header) chooses PDF or
 * ZPL, and at that URL with `.pdf` or `.zpl`, which fixes it: one content type per operation, so
 * a generated client reads a PDF as bytes and ZPL as text.
 */
const VARIANTS = [
  { suffix: '', fixed: undefined, operation: '' },
  { suffix: '.pdf', fixed: 'pdf', operation: 'Pdf' },
  { suffix: '.zpl', fixed: 'zpl', operation: 'Zpl' },
] as const;

/** `format` when sent, else the first of application/pdf or text/plain the Accept header names. */
function chosenFormat(format: LabelFormat | undefined, accept: string | undefined): LabelFormat {
  if (format) return format;
  const pdf = accept?.indexOf('application/pdf') ?? -1;
  const zpl = accept?.indexOf('text/plain') ?? -1;
  return zpl >= 0 && (pdf < 0 || zpl < pdf) ? 'zpl' : 'pdf';
}

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

  for (const { suffix, fixed, operation } of VARIANTS) {
    /** The query's own fields, and `format` where the URL does not fix it. */
    const query = <T extends TProperties>(fields: T) =>
      fixed
        ? Type.Object(fields, { additionalProperties: false })
        : Type.Object({ format: Format, ...fields }, { additionalProperties: false });
    const formatOf = (sent: object, accept: string | undefined): LabelFormat =>
      fixed ??
      chosenFormat('format' in sent ? (sent.format as LabelFormat | undefined) : undefined, accept);
    const formats = fixed ? fixed.toUpperCase() : 'PDF or ZPL';

    r.get(
      `/v1/hardware/test-label${suffix}`,
      {
        schema: {
          operationId: `getTestLabel${operation}`,
          description: `The scanner test label as ${formats}: the fixed test string as Code 128 and QR, with instructions. Scanning it at a station records a hardware check.`,
          tags: ['hardware'],
          summary: `The scanner test label (${formats})`,
          querystring: query({ dpi: TestLabelDpi }),
          response: { 200: labelDocument(fixed) },
        },
      },
      async (request, reply) => {
        const chosen = formatOf(request.query, request.headers.accept);
        return sendLabels(labels, reply, [testLabel()], chosen, request.query.dpi, 'test-label');
      },
    );

    r.get(
      `/v1/orders/:id/labels${suffix}`,
      {
        schema: {
          operationId: `getOrderLabels${operation}`,
          description: `The labels of an order's pieces as ${formats === 'PDF or ZPL' ? 'PDF (one 4 × 6 in page each) or ZPL (one `^XA…^XZ` each), chosen by `format`, else by the Accept header' : formats}. Marks the pieces' labels printed; \`pieces=unprinted\` gives only those not printed yet.`,
          tags: ['orders'],
          summary: `Labels for an order's pieces (${formats}); marks them printed`,
          params: IdParams,
          querystring: query({ dpi: PieceLabelDpi, pieces: Pieces }),
          response: { 200: labelDocument(fixed) },
        },
      },
      async (request, reply) => {
        const { dpi, pieces } = request.query;
        const chosen = formatOf(request.query, request.headers.accept);
        const run = await printOrderLabels(core, factoryOf(request), request.params.id, {
          pieces,
          dpi,
        });
        if (run.pieces.length === 0 && chosen === 'pdf') {
          // ZPL can say "nothing to print" with an empty document; a PDF without pages cannot.
          throw new AppError('no_labels_to_print', {
            message: `Every label of order ${run.order_no} has been printed; ask for pieces=all to reprint.`,
          });
        }
        return sendLabels(
          labels,
          reply,
          pieceLabels(run),
          chosen,
          run.dpi,
          `labels-${fileSafe(run.order_no)}`,
        );
      },
    );

    r.get(
      `/v1/items/:barcode/label${suffix}`,
      {
        schema: {
          operationId: `getPieceLabel${operation}`,
          description: `One piece's label as ${formats}, by its barcode (URL-encoded: it contains a space). A voided barcode is 404.`,
          tags: ['items'],
          summary: `One piece's label, by its barcode (${formats})`,
          params: Type.Object({ barcode: PathParam() }),
          querystring: query({ dpi: PieceLabelDpi }),
          response: { 200: labelDocument(fixed) },
        },
      },
      async (request, reply) => {
        const chosen = formatOf(request.query, request.headers.accept);
        const run = await printItemLabel(core, factoryOf(request), request.params.barcode, {
          dpi: request.query.dpi,
        });
        return sendLabels(
          labels,
          reply,
          pieceLabels(run),
          chosen,
          run.dpi,
          `label-${fileSafe(request.params.barcode)}`,
        );
      },
    );
  }
}
