import { Type } from '@sinclair/typebox';
import {
  LABEL_DPIS,
  LABEL_FORMATS,
  type LabelDpi,
  type LabelFormat,
} from '../../labels/label.model.js';

// Plain enums rather than unions of literals: query strings are coerced, and a bad value then
// answers "format must be one of: pdf, zpl" with `param: format`.

/** A label document's `format` query parameter; `options` adds its default and description. */
export const labelFormatSchema = (options: { default?: LabelFormat; description: string }) =>
  Type.Unsafe<LabelFormat>({ type: 'string', enum: [...LABEL_FORMATS], ...options });

/** A label document's `dpi` query parameter; `options` adds its default and description. */
export const labelDpiSchema = (options: { default?: LabelDpi; description: string }) =>
  Type.Unsafe<LabelDpi>({ type: 'integer', enum: [...LABEL_DPIS], ...options });

/** The query of a printable label (a badge, a consignment's SSCC labels): PDF or ZPL, 203 or 300 dpi. */
export const LabelQuery = Type.Object(
  {
    format: labelFormatSchema({
      default: 'pdf',
      description: 'PDF (one 4 × 6 in page per label) or ZPL (for a label printer).',
    }),
    dpi: labelDpiSchema({
      default: 203,
      description: "The printer's resolution, in dots per inch (ZPL is drawn in dots).",
    }),
  },
  { additionalProperties: false },
);
