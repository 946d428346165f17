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
