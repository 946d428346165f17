import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Principal } from '../../core/auth/principal.js';
import type { DeliveryNoteContent } from '../../domain/consignment-documents.js';
import { AppError } from '../../domain/errors.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  addHandlingUnit,
  cancelConsignment,
  closeConsignment,
  createConsignment,
  getConsignment,
  listConsignments,
} from '../../core/consignments/consignments.js';
import { deliveryNoteOf, ssccLabelsOf } from '../../core/consignments/documents.js';
import { stationLoad } from '../../core/consignments/station-load.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import { IdParams, ListOf, ListQuery } from '../schemas/common.js';
import { LabelQuery } from '../schemas/labels.js';
import {
  Consignment,
  ConsignmentClose,
  ConsignmentCreate,
  ConsignmentDetail,
  ConsignmentStatusFilter,
  HandlingUnit,
  StationLoad,
} from '../schemas/consignments.js';
import { coreOf } from '../idempotency.js';

/** Dispatch (DESIGN §15): consignments loaded by scan, their handling units and documents. */
export async function consignmentsRoutes(
  app: FastifyInstance,
  { core, labels }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['consignments'];

  r.post(
    '/v1/consignments',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createConsignment',
        tags,
        summary: 'Open a consignment: one shipment to one retailer',
        description:
          'Creates an open consignment numbered `CN 000001` onwards. A dispatch station loads into it once it scans that number (or staff set it with PATCH /v1/stations/{id}). Emits `consignment.created`.',
        body: ConsignmentCreate,
        response: { 200: Consignment },
      },
    },
    async (request) => createConsignment(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/consignments',
    {
      schema: {
        operationId: 'listConsignments',
        tags,
        summary: 'List consignments, newest first, with their loading progress',
        description: 'Filters: `status` (open, closed, cancelled) and `retailer_id`. Keyset pages.',
        querystring: Type.Object(
          {
            ...ListQuery,
            status: Type.Optional(ConsignmentStatusFilter),
            retailer_id: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 64,
                description: "One retailer's consignments only: its id (`rtl_…`).",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Consignment) },
      },
    },
    async (request) => listConsignments(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/consignments/:id',
    {
      schema: {
        operationId: 'getConsignment',
        tags,
        summary: 'Get a consignment with its orders, units and pieces, loaded and still to load',
        description:
          'Its orders are those with a piece loaded on it; each piece says whether it is loaded, when, and on which handling unit. `incomplete_units` lists the units that block a close.',
        params: IdParams,
        response: { 200: ConsignmentDetail },
      },
    },
    async (request) => getConsignment(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/consignments/:id/close',
    {
      // The body is optional: a close without force may send none.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'closeConsignment',
        tags,
        summary: 'Close a consignment (refused while a unit is partly loaded, unless forced)',
        description:
          'Refused 409 `unit_incomplete` while a unit has some but not all of its pieces loaded; `error.errors` names each. `{"force": true, "reason": "…"}` closes anyway and keeps the reason. Emits `consignment.closed` with its orders and pieces.',
        params: IdParams,
        body: ConsignmentClose,
        response: { 200: ConsignmentDetail },
      },
    },
    async (request) => closeConsignment(core, factoryOf(request), request.params.id, request.body),
  );

  r.post(
    '/v1/consignments/:id/cancel',
    {
      schema: {
        operationId: 'cancelConsignment',
        tags,
        summary: 'Cancel a consignment while nothing is loaded on it',
        description:
          'Refused 409 `consignment_not_empty` once a piece is loaded. Stations loading into it stop. Emits `consignment.cancelled`.',
        params: IdParams,
        response: { 200: Consignment },
      },
    },
    async (request) => cancelConsignment(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/consignments/:id/handling-units',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createHandlingUnit',
        tags,
        summary: 'Add a handling unit (pallet, cage) with a new SSCC',
        description:
          "The SSCC is built from the setting `gs1_company_prefix` (else a restricted-circulation `04` prefix) and a serial, with GS1's mod-10 check digit. A dispatch station that scans its label puts its next pieces on it.",
        params: IdParams,
        response: { 200: HandlingUnit },
      },
    },
    async (request) =>
      addHandlingUnit(coreOf(request, core), factoryOf(request), request.params.id),
  );

  r.get(
    '/v1/consignments/:id/labels',
    {
      schema: {
        operationId: 'getConsignmentLabels',
        tags,
        summary: "SSCC labels of a consignment's handling units (GS1-128, AI 00)",
        description:
          'One 4 × 6 in label per handling unit: from, to, the consignment, and the GS1-128 of (00) + SSCC. PDF or ZPL (^BC mode D) at 203 or 300 dpi. 409 `no_labels_to_print` when it has no handling units.',
        params: IdParams,
        querystring: LabelQuery,
        response: {
          200: {
            description:
              'A PDF page or a ZPL ^XA…^XZ per handling unit; x-label-count counts them.',
            content: {
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
              'text/plain': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, dpi } = request.query;
      const content = await ssccLabelsOf(core, factoryOf(request), request.params.id);
      const rendered = await labels.render(
        content.map((label) => ({ kind: 'sscc' as const, ...label })),
        format,
        dpi,
      );
      const name = content[0]!.consignment_number.replace(' ', '-');
      const disposition = format === 'zpl' ? 'attachment' : 'inline';
      return reply
        .type(rendered.contentType)
        .header('content-disposition', `${disposition}; filename=${name}-sscc-${dpi}dpi.${format}`)
        .header('x-label-count', String(rendered.count))
        .send(rendered.body);
    },
  );

  r.get(
    '/v1/consignments/:id/delivery-note',
    {
      schema: {
        operationId: 'getConsignmentDeliveryNote',
        tags,
        summary: 'The delivery note of a consignment (PDF)',
        description:
          "A4 PDF: factory and retailer, the consignment number as a barcode, each order with its loaded units and pieces' barcodes, counts, and a signature box.",
        params: IdParams,
        response: { 200: DeliveryNoteDocument },
      },
    },
    async (request, reply) =>
      sendDeliveryNote(reply, await deliveryNoteOf(core, factoryOf(request), request.params.id)),
  );

  r.get(
    '/v1/stations/me/consignment',
    {
      schema: {
        operationId: 'getStationConsignment',
        tags,
        summary: 'What the calling dispatch station loads into, counted now',
        description:
          'The consignment the station loads into (null when none), its pieces loaded by every station and still to load, and the units loaded in part ("PO-7 unit 2: 1 of 3"). Station tokens only. The station page asks it after a verdict is on screen, so a scan\'s own answer stays light.',
        response: { 200: StationLoad },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.kind !== 'station') throw new AppError('forbidden');
      return stationLoad(core, factoryOf(request), principal.stationId);
    },
  );

  // The retailer portal: a retailer's own consignments and their delivery notes.
  r.get(
    '/v1/portal/consignments',
    {
      schema: {
        operationId: 'listPortalConsignments',
        tags: ['portal'],
        summary: "List the signed-in retailer's consignments, newest first",
        description: 'Only consignments to the session’s retailer; `status` filters.',
        querystring: Type.Object(
          { ...ListQuery, status: Type.Optional(ConsignmentStatusFilter) },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Consignment) },
      },
    },
    async (request) => {
      const retailer = retailerOf(principalOf(request));
      return listConsignments(core, retailer.factoryId, {
        ...request.query,
        retailer_id: retailer.retailerId,
      });
    },
  );

  r.get(
    '/v1/portal/consignments/:id/delivery-note',
    {
      schema: {
        operationId: 'getPortalConsignmentDeliveryNote',
        tags: ['portal'],
        summary: "The delivery note of one of the signed-in retailer's consignments (PDF)",
        description: "Another retailer's consignment answers 404.",
        params: IdParams,
        response: { 200: DeliveryNoteDocument },
      },
    },
    async (request, reply) => {
      const retailer = retailerOf(principalOf(request));
      const note = await deliveryNoteOf(
        core,
        retailer.factoryId,
        request.params.id,
        retailer.retailerId,
      );
      return sendDeliveryNote(reply, note);
    },
  );
}

const DeliveryNoteDocument = {
  description: 'The delivery note.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

type RetailerPrincipal = Extract<Principal, { kind: 'retailer' }>;

function retailerOf(principal: Principal): RetailerPrincipal {
  if (principal.kind !== 'retailer') throw new AppError('forbidden');
  return principal;
}

async function sendDeliveryNote(
  reply: FastifyReply,
  note: DeliveryNoteContent,
): Promise<FastifyReply> {
  // pdfkit and the barcode encoder load with the first document asked for.
  const { renderDeliveryNote } = await import('../../labels/delivery-note.js');
  // Between orders other requests get a turn: a long note is seconds of work.
  const body = await renderDeliveryNote(note, () => new Promise((r) => setImmediate(r)));
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `inline; filename=delivery-note-${note.number.replace(' ', '-')}.pdf`,
    )
    .send(body);
}
