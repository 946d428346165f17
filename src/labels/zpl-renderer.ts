import { QR_ERROR_CORRECTION } from './barcode-symbols.js';
import type { LabelLayout, LayoutElement } from './label-layout.js';

/** The ^FH escape character: ZPL's default, so `_` in data is escaped too. */
const HEX_ESCAPE = '_';

/**
 * Field data for `^FH_^FD…^FS`. `^` and `~` would start a command anywhere in the stream, the
 * escape character would start an escape, and control characters have no business on a label:
 * each byte of those is written as `_XX`. Everything else goes through as UTF-8 (`^CI28`).
 */
export function escapeFieldData(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '^' || char === '~' || char === HEX_ESCAPE || code < 0x20 || code === 0x7f) {
      out += HEX_ESCAPE + code.toString(16).toUpperCase().padStart(2, '0');
    } else {
      out += char;
    }
  }
  return out;
}

function field(data: string): string {
  return `^FH${HEX_ESCAPE}^FD${escapeFieldData(data)}^FS`;
}

function elementZpl(element: LayoutElement): string[] {
  switch (element.type) {
    case 'text':
      // Font 0 (scalable) at the layout's size; it is narrower than the Helvetica the layout
      // was measured with, so each line fits its box.
      return element.lines.map(
        (line, i) =>
          `^FO${element.x},${element.y + i * element.lineHeight}^A0N,${element.size}` + field(line),
      );
    case 'rule': {
      const thickness = Math.min(element.width, element.height);
      return [`^FO${element.x},${element.y}^GB${element.width},${element.height},${thickness}^FS`];
    }
    case 'code128':
      // GS1-128: mode D (UCC/EAN) starts with FNC1 and leaves the AI's parentheses out.
      if (element.gs1) {
        return [
          `^FO${element.x},${element.y}^BY${element.module}^BCN,${element.height},N,N,N,D` +
            field(element.data),
        ];
      }
      // Mode A: the printer picks code sets B and C itself, as bwip-js did for the layout.
      return [
        `^FO${element.x},${element.y}^BY${element.module}^BCN,${element.height},N,N,N,A` +
          field(element.data),
      ];
    case 'qr':
      // Model 2, magnification = module in dots; "MA," = error correction M, automatic input.
      return [
        `^FO${element.x},${element.y}^BQN,2,${element.module}` +
          `^FH${HEX_ESCAPE}^FD${QR_ERROR_CORRECTION}A,${escapeFieldData(element.data)}^FS`,
      ];
  }
}

/** One `^XA … ^XZ` per label, in UTF-8 (`^CI28`), sized to the sheet with `^PW`/`^LL`. */
export async function renderZpl(
  layouts: readonly LabelLayout[],
  turn: () => Promise<void> | undefined = () => undefined,
): Promise<string> {
  let out = '';
  for (const layout of layouts) {
    const wait = turn();
    if (wait) await wait;
    const lines = [
      '^XA',
      '^CI28',
      `^PW${layout.sheet.widthDots}`,
      `^LL${layout.sheet.heightDots}`,
      '^LH0,0',
      ...layout.elements.flatMap(elementZpl),
      '^XZ',
    ];
    out += lines.join('\n') + '\n';
  }
  return out;
}
