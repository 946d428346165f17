/** Width of a string at a font size, in the unit of the width it is compared with. */
export type MeasureText = (text: string, size: number) => number;

export interface FitOptions {
  /** Box width. */
  width: number;
  /** Largest font size to try. */
  maxSize: number;
  /** The floor: text is never set smaller than this. */
  minSize: number;
  maxLines: number;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** Whole words were dropped from the end and an ellipsis marks the cut. */
  shortened: boolean;
}

export const ELLIPSIS = '\u2026';

/**
 * Fits text into a box: one line, shrinking down to the floor; then wrapped at word boundaries at
 * the floor size, at spaces or after hyphens; and if it still does not fit in `maxLines`, the last
 * line ends at a word boundary with an ellipsis. Text is never cut mid-word off the label: only a single word wider
 * than the whole box is broken, between characters, and carried onto the next line.
 */
export function fitText(text: string, options: FitOptions, measure: MeasureText): FittedText {
  const { width, maxSize, minSize, maxLines } = options;
  // Runs of whitespace collapse to one space; a no-break space is kept: it glues words together.
  const clean = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (clean === '') return { size: maxSize, lines: [], shortened: false };

  for (let size = maxSize; size >= minSize; size--) {
    if (measure(clean, size) <= width) return { size, lines: [clean], shortened: false };
  }

  const fits = (line: string): boolean => measure(line, minSize) <= width;
  const lines = wrapWords(clean, fits);
  if (lines.length <= maxLines) return { size: minSize, lines, shortened: false };

  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? '', fits);
  return { size: minSize, lines: kept, shortened: true };
}

interface Token {
  text: string;
  /** A space stood before it (dropped at a line break); otherwise it follows a hyphen. */
  spaced: boolean;
}

/** Break opportunities: at spaces, which disappear at a break, and after hyphens, which stay. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const word of text.split(' ')) {
    (word.match(/[^-]*-+|[^-]+/g) ?? []).forEach((part, i) => {
      tokens.push({ text: part, spaced: i === 0 });
    });
  }
  return tokens;
}

function join(tokens: readonly Token[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaced ? ' ' : '') + t.text).join('');
}

/**
 * Greedy wrapping at spaces and after hyphens; a word too wide for a line on its own is split
 * between characters.
 */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current: Token[] = [];
  for (const token of tokenize(text)) {
    if (current.length > 0 && fits(join([...current, token]))) {
      current.push(token);
      continue;
    }
    if (current.length > 0) lines.push(join(current));
    current = [];
    if (fits(token.text)) {
      current.push(token);
      continue;
    }
    const pieces = splitWord(token.text, fits);
    lines.push(...pieces.slice(0, -1));
    current.push({ text: pieces.at(-1) ?? '', spaced: false });
  }
  if (current.length > 0) lines.push(join(current));
  return lines;
}

function splitWord(word: string, fits: (line: string) => boolean): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of word) {
    if (current !== '' && !fits(current + char)) {
      pieces.push(current);
      current = '';
    }
    current += char;
  }
  pieces.push(current);
  return pieces;
}

/** Drops whole words from the end until the line and an ellipsis fit. */
function withEllipsis(line: string, fits: (line: string) => boolean): string {
  const tokens = tokenize(line);
  while (tokens.length > 1 && !fits(join(tokens) + ELLIPSIS)) tokens.pop();
  const kept = join(tokens);
  if (fits(kept + ELLIPSIS)) return kept + ELLIPSIS;
  // One piece of a word too wide for the box on its own: the cut is already mid-word.
  let chars = Array.from(kept);
  while (chars.length > 1 && !fits(chars.join('') + ELLIPSIS)) chars = chars.slice(0, -1);
  return chars.join('') + ELLIPSIS;
}
