import { Type, type Static } from '@sinclair/typebox';
import {
  PRINTER_LANGUAGES,
  PRINTER_STATES,
  PRINTER_STATE_REASONS,
  PRINT_JOB_STATUSES,
} from '../../domain/printing.js';
import { IntegerEnum, IsoDateTime, Nullable, StringEnum } from './common.js';

export const PrinterLanguage = StringEnum(PRINTER_LANGUAGES);
export const PrinterDpi = IntegerEnum([203, 300] as const);
export const PrinterUri = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'tcp://host:9100 (raw ZPL) or ipp://host[:port]/path, ipps://… (PDF).',
});
export const PrinterName = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' });
export const LabelSize = Type.Literal('4x6');

export const Printer = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('printer'),
    name: Type.String(),
    language: PrinterLanguage,
    uri: Type.String(),
    dpi: PrinterDpi,
    label_size: Type.String(),
    state: StringEnum(PRINTER_STATES),
    state_reasons: Type.Array(StringEnum(PRINTER_STATE_REASONS)),
    last_seen_at: Nullable(IsoDateTime),
    last_error: Nullable(Type.String()),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'Printer' },
);

export const PrintJobStatus = StringEnum(PRINT_JOB_STATUSES);
/** The `status` filter of the print job list. */
export const PrintJobStatusFilter = StringEnum(PRINT_JOB_STATUSES, {
  description: 'Jobs in this status only.',
});

export const PrintJob = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('print_job'),
    printer_id: Type.String(),
    status: PrintJobStatus,
    source: StringEnum(['order', 'test_label', 'consignment'] as const),
    order_id: Nullable(Type.String()),
    pieces: Type.Union([
      StringEnum(['all', 'unprinted'] as const),
      Type.Array(Type.String()),
      Type.Null(),
    ]),
    consignment_id: Nullable(Type.String()),
    document: Nullable(Type.String()),
    station_id: Nullable(Type.String()),
    rule_event: Nullable(Type.String()),
    labels: Type.Integer(),
    held_reason: Nullable(Type.String()),
    error: Nullable(Type.String()),
    printed_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'PrintJob' },
);

export const NewPrintJob = Type.Object(
  {
    printer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    station_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    order_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'The order id or order number.' }),
    ),
    pieces: Type.Optional(
      Type.Union([
        StringEnum(['all', 'unprinted'] as const),
        Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 10_000 }),
      ]),
    ),
    test_label: Type.Optional(Type.Boolean()),
    consignment_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    document: Type.Optional(StringEnum(['delivery_note', 'sscc_labels'] as const)),
    operator_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false, $id: 'PrintJobCreate' },
);

export const StationPrinter = Type.Object(
  {
    object: Type.Literal('station_printer'),
    printer: Nullable(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        state: StringEnum(PRINTER_STATES),
        state_reasons: Type.Array(StringEnum(PRINTER_STATE_REASONS)),
        last_seen_at: Nullable(IsoDateTime),
      }),
    ),
  },
  { $id: 'StationPrinter' },
);

export type Printer = Static<typeof Printer>;
export type PrintJob = Static<typeof PrintJob>;
