import type { LabelLayout } from './label-layout.js';
import type { Label, LabelDpi, LabelFormat } from './label.model.js';
import { labelSheet } from './label-sheet.js';
import { renderPdf } from './pdf-renderer.js';
import { layoutPieceLabel } from './piece-label.layout.js';
import { layoutTestLabel } from './test-label.layout.js';
import { renderZpl } from './zpl-renderer.js';

export interface RenderedLabels {
  body: Buffer;
  /** `application/pdf` or `text/plain; charset=utf-8` (ZPL). */
  contentType: string;
  /** File name extension without the dot. */
  extension: LabelFormat;
  count: number;
}

export function layoutLabel(label: Label, dpi: LabelDpi): LabelLayout {
  const sheet = labelSheet(dpi);
  return label.kind === 'test' ? layoutTestLabel(label, sheet) : layoutPieceLabel(label, sheet);
}

/** Renders labels into one document: a PDF page or a ZPL `^XA…^XZ` per label, in order. */
export async function renderLabels(
  labels: readonly Label[],
  format: LabelFormat,
  dpi: LabelDpi,
): Promise<RenderedLabels> {
  const layouts = labels.map((label) => layoutLabel(label, dpi));
  if (format === 'zpl') {
    return {
      body: Buffer.from(renderZpl(layouts), 'utf8'),
      contentType: 'text/plain; charset=utf-8',
      extension: 'zpl',
      count: labels.length,
    };
  }
  return {
    body: await renderPdf(layouts),
    contentType: 'application/pdf',
    extension: 'pdf',
    count: labels.length,
  };
}
