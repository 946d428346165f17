import type { SsccLabelContent } from '../domain/consignment-documents.js';
import type { PieceLabelContent } from '../domain/piece-label.js';
import { TEST_LABEL_STRING } from '../domain/test-label.js';

/** What a label says, independent of how it is printed (PDF or ZPL). */

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Thermal printer resolutions we print for: 8 and 12 dots per millimetre. */
export const LABEL_DPIS = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];

/** One label per physical piece. */
export interface PieceLabel extends PieceLabelContent {
  kind: 'piece';
}

/** The hardware test label: a fixed string a station compares with what its scanner read. */
export interface TestLabel {
  kind: 'test';
  text: string;
}

/** A handling unit's (pallet, cage) label: GS1-128 of (00) + its SSCC (DESIGN §15). */
export interface SsccLabel extends SsccLabelContent {
  kind: 'sscc';
}

/** An operator's badge (DESIGN §17), or the sign-out badge. */
export interface BadgeLabel {
  kind: 'badge';
  name: string;
  badge: string;
  /** One line under the code: what scanning it does. */
  note: string;
}

export type Label = PieceLabel | TestLabel | SsccLabel | BadgeLabel;

export function testLabel(): TestLabel {
  return { kind: 'test', text: TEST_LABEL_STRING };
}

export function isLabelFormat(value: unknown): value is LabelFormat {
  return (LABEL_FORMATS as readonly unknown[]).includes(value);
}

export function isLabelDpi(value: unknown): value is LabelDpi {
  return (LABEL_DPIS as readonly unknown[]).includes(value);
}
