import type { LabelLayout } from './label-layout.js';
import type { Label, LabelDpi, LabelFormat } from './label.model.js';
import { labelSheet } from './label-sheet.js';
import { renderPdf } from './pdf-renderer.js';
import { layoutBadgeLabel } from './badge-label.layout.js';
import { layoutPieceLabel } from './piece-label.layout.js';
import { layoutSsccLabel } from './sscc-label.layout.js';
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
  switch (label.kind) {
    case 'test':
      return layoutTestLabel(label, sheet);
    case 'badge':
      return layoutBadgeLabel(label, sheet);
    case 'sscc':
      return layoutSsccLabel(label, sheet);
    default:
      return layoutPieceLabel(label, sheet);
  }
}

/** Called between labels: lets the caller give other work a turn (see core/take-turns.ts). */
export type Turn = () => Promise<void> | undefined;

/**
 * Renders labels into one document: a PDF page or a ZPL `^XA…^XZ` per label, in order. A
 * thousand labels take seconds of PDF work: `turn` is called between labels, so a server can
 * answer other requests meanwhile.
 */
export async function renderLabels(
  labels: readonly Label[],
  format: LabelFormat,
  dpi: LabelDpi,
  turn: Turn = () => undefined,
): Promise<RenderedLabels> {
  const layouts: LabelLayout[] = [];
  for (const label of labels) {
    layouts.push(layoutLabel(label, dpi));
    const wait = turn();
    if (wait) await wait;
  }
  if (format === 'zpl') {
    return {
      body: Buffer.from(await renderZpl(layouts, turn), 'utf8'),
      contentType: 'text/plain; charset=utf-8',
      extension: 'zpl',
      count: labels.length,
    };
  }
  return {
    body: await renderPdf(layouts, turn),
    contentType: 'application/pdf',
    extension: 'pdf',
    count: labels.length,
  };
}
