import { QR_QUIET_MODULES, code128Modules, qrSize } from './barcode-symbols.js';
import type { LabelLayout, LayoutElement } from './label-layout.js';
import { Column, fitCode128, placeText, qrModuleFor } from './label-layout.js';
import type { TestLabel } from './label.model.js';
import type { LabelSheet } from './label-sheet.js';
import { inchesToDots, pointsToDots } from './label-sheet.js';

const MARGIN_IN = 0.15;
const BARCODE_HEIGHT_IN = 0.9;

/**
 * What the fields of a hardware check (POST /v1/stations/{id}/hardware-check) mean, printed on
 * the label so whoever sets up a station has them at hand.
 */
export const TEST_LABEL_INSTRUCTIONS: ReadonlyArray<{ heading: string; text: string }> = [
  {
    heading: 'Input mode',
    text:
      'keyboard: a USB or Bluetooth scanner that types what it reads, like a keyboard ' +
      '(keyboard wedge). camera: the device camera reads the code. android_intent: the ' +
      'built-in scanner of an Android device hands the code to the app.',
  },
  {
    heading: 'Suffix',
    text:
      'The key the scanner sends after each code: enter, tab or none. With enter or tab a ' +
      'scan ends by itself; with none the station has to tell where a code ends.',
  },
  {
    heading: 'Layout OK',
    text:
      'The scanned text equals the printed line exactly, character for character. If @ " # ' +
      '\\ ~ or | come out as other characters, the scanner and the computer use different ' +
      'keyboard layouts (often US and UK): set both to the same one. Wrong letter case points ' +
      'to caps lock.',
  },
  {
    heading: 'Code128 OK, QR OK, passed',
    text: 'Each code read exactly; the check passes when every code the station uses does.',
  },
];

/**
 * The hardware test label: a title, the test string as Code 128 with the string printed under
 * it, the same string as QR with a one-line reminder beside it, then what each field of the
 * check means.
 */
export function layoutTestLabel(label: TestLabel, sheet: LabelSheet): LabelLayout {
  const margin = inchesToDots(MARGIN_IN, sheet.dpi);
  const contentWidth = sheet.widthDots - 2 * margin;
  const elements: LayoutElement[] = [];
  const column = new Column(sheet, margin, margin, contentWidth);

  column.text({ text: 'Scanner test label', face: 'bold', maxPt: 20, minPt: 12, maxLines: 1 });
  column.text({
    text: 'Scan the barcode, then the QR code, in the station hardware check.',
    face: 'regular',
    maxPt: 9,
    minPt: 7,
    maxLines: 2,
  });
  column.gap(8);

  const code = { data: label.text, modules: code128Modules(label.text) };
  const bars = fitCode128(sheet, code.modules, margin, sheet.widthDots);
  if (bars === null) throw new RangeError('test string too long for a label');
  const barsHeight = inchesToDots(BARCODE_HEIGHT_IN, sheet.dpi);
  elements.push({ type: 'code128', ...bars, y: column.y, height: barsHeight, ...code });
  column.y += barsHeight;
  column.gap(4);
  column.text({ text: label.text, face: 'mono', maxPt: 18, minPt: 10, maxLines: 2 });
  column.gap(8);

  const qr = { data: label.text, size: qrSize(label.text) };
  const qrModule = qrModuleFor(sheet);
  const qrSide = qr.size * qrModule;
  const qrX = margin + QR_QUIET_MODULES * qrModule;
  elements.push({ type: 'qr', x: qrX, y: column.y, module: qrModule, ...qr });
  const noteX = qrX + qrSide + QR_QUIET_MODULES * qrModule;
  elements.push(
    placeText(
      sheet,
      {
        text: 'Both codes must read exactly as the line above. Scanning this label never changes an order.',
        face: 'regular',
        maxPt: 8.5,
        minPt: 8.5,
        maxLines: 4,
      },
      noteX,
      column.y + pointsToDots(2, sheet.dpi),
      sheet.widthDots - margin - noteX,
    ),
  );
  column.y += qrSide;
  column.gap(8);
  column.rule(1);
  column.gap(6);

  for (const { heading, text } of TEST_LABEL_INSTRUCTIONS) {
    column.text({ text: heading, face: 'bold', maxPt: 9, minPt: 9, maxLines: 1 });
    // Paragraphs wrap at one size: shrinking first would set every one of them at the floor.
    column.text({ text, face: 'regular', maxPt: 8.5, minPt: 8.5, maxLines: 6 });
    column.gap(4);
  }
  elements.push(...column.elements);

  if (column.y > sheet.heightDots - margin) throw new RangeError('test label overruns the sheet');
  return { sheet, elements };
}
