/** ANSI styling that turns itself off: piped output and NO_COLOR get plain text. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`;

const ON: Palette = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
};

const identity = (text: string) => text;
const OFF: Palette = {
  bold: identity,
  dim: identity,
  red: identity,
  green: identity,
  yellow: identity,
  cyan: identity,
};

export function palette(enabled: boolean): Palette {
  return enabled ? ON : OFF;
}

/**
 * Colour only on a terminal, and never when NO_COLOR is set to anything non-empty
 * (https://no-color.org) or the terminal says it is dumb.
 */
export function colourEnabled(isTTY: boolean | undefined, env: Record<string, string | undefined>) {
  if (!isTTY) return false;
  if (env.NO_COLOR) return false;
  return env.TERM !== 'dumb';
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Width of text as a terminal shows it: escapes take no room, wide characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text.replace(ANSI, '')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x300 && code < 0x370)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** Cuts plain text to a display width, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  let out = '';
  for (const char of text) {
    if (displayWidth(out + char) > width - 1) break;
    out += char;
  }
  return `${out}…`;
}
