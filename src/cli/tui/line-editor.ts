import type { Key } from 'ink';
import stringWidth from 'string-width';

/**
 * A one-line text field as a shell's line editor holds it: the text and where the cursor is,
 * together in one value, so no key can see one without the other. `cursor` counts characters
 * (code points) from the start, 0 … length.
 */
export interface Line {
  readonly text: string;
  readonly cursor: number;
}

export const EMPTY_LINE: Line = { text: '', cursor: 0 };

/** A line holding `text`, with the cursor at its end (as after typing it). */
export function lineOf(text: string): Line {
  return { text, cursor: [...text].length };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function at(chars: string[], cursor: number): Line {
  return { text: chars.join(''), cursor: Math.min(chars.length, Math.max(0, cursor)) };
}

/** Where the word before `cursor` starts: back over spaces, then over what is not a space. */
function wordStart(chars: string[], cursor: number, isBreak: (char: string) => boolean): number {
  let index = cursor;
  while (index > 0 && isBreak(chars[index - 1]!)) index -= 1;
  while (index > 0 && !isBreak(chars[index - 1]!)) index -= 1;
  return index;
}

/** Where the word after `cursor` ends. */
function wordEnd(chars: string[], cursor: number): number {
  let index = cursor;
  while (index < chars.length && !isWordChar(chars[index]!)) index += 1;
  while (index < chars.length && isWordChar(chars[index]!)) index += 1;
  return index;
}

const isSpace = (char: string) => /\s/u.test(char);
const isWordChar = (char: string) => /[\p{L}\p{N}]/u.test(char);

/**
 * The line after one key press, as bash's (readline's emacs mode) line editor does it:
 *
 * - typed or pasted text goes in at the cursor (control characters in it are dropped);
 * - `←`/`→` (`Ctrl-B`/`Ctrl-F`) move one character, `Home`/`End` (`Ctrl-A`/`Ctrl-E`) to the
 *   start and the end, `Alt-B`/`Alt-F` one word;
 * - Backspace (`Ctrl-H`) deletes the character before the cursor, Delete (`Ctrl-D`) the one
 *   under it;
 * - `Ctrl-U` deletes everything before the cursor — the whole field when the cursor is at the
 *   end, as it is after typing — and `Ctrl-K` everything from the cursor on;
 * - `Ctrl-W` deletes the word before the cursor, up to the space before it; `Alt-Backspace` the
 *   word up to any punctuation, `Alt-D` the word after the cursor.
 *
 * Anything else (Enter, Esc, Tab, ↑/↓, other control keys) leaves the line as it was: the
 * screen decides what those mean.
 */
export function editLine(line: Line, input: string, key: Key): Line {
  const chars = [...line.text];
  const cursor = Math.min(chars.length, Math.max(0, line.cursor));
  const remove = (from: number, to: number) =>
    at([...chars.slice(0, from), ...chars.slice(to)], from);

  if (key.home) return at(chars, 0);
  if (key.end) return at(chars, chars.length);
  if (key.leftArrow)
    return at(
      chars,
      key.ctrl || key.meta ? wordStart(chars, cursor, (c) => !isWordChar(c)) : cursor - 1,
    );
  if (key.rightArrow) return at(chars, key.ctrl || key.meta ? wordEnd(chars, cursor) : cursor + 1);
  if (key.backspace) {
    if (key.meta)
      return remove(
        wordStart(chars, cursor, (c) => !isWordChar(c)),
        cursor,
      );
    return cursor > 0 ? remove(cursor - 1, cursor) : at(chars, cursor);
  }
  if (key.delete) return cursor < chars.length ? remove(cursor, cursor + 1) : at(chars, cursor);

  if (key.ctrl) {
    switch (input) {
      case 'a':
        return at(chars, 0);
      case 'e':
        return at(chars, chars.length);
      case 'b':
        return at(chars, cursor - 1);
      case 'f':
        return at(chars, cursor + 1);
      case 'h':
        return cursor > 0 ? remove(cursor - 1, cursor) : at(chars, cursor);
      case 'd':
        return cursor < chars.length ? remove(cursor, cursor + 1) : at(chars, cursor);
      case 'u':
        return remove(0, cursor);
      case 'k':
        return remove(cursor, chars.length);
      case 'w':
        return remove(wordStart(chars, cursor, isSpace), cursor);
      default:
        return at(chars, cursor);
    }
  }
  if (key.meta && !key.escape) {
    switch (input) {
      case 'b':
        return at(
          chars,
          wordStart(chars, cursor, (c) => !isWordChar(c)),
        );
      case 'f':
        return at(chars, wordEnd(chars, cursor));
      case 'd':
        return remove(cursor, wordEnd(chars, cursor));
      default:
        return at(chars, cursor);
    }
  }
  if (key.escape || key.return || key.tab || key.upArrow || key.downArrow) return at(chars, cursor);
  if (key.pageUp || key.pageDown) return at(chars, cursor);

  const typed = [...input.replace(CONTROL, '')];
  if (typed.length === 0) return at(chars, cursor);
  return at([...chars.slice(0, cursor), ...typed, ...chars.slice(cursor)], cursor + typed.length);
}

/** What a field shows of a line in `width` columns: the text around the cursor, and the cursor. */
export interface LineView {
  /** The text before the cursor. */
  before: string;
  /** The character under the cursor; '' when the cursor is at the end. */
  under: string;
  /** The text after it. */
  after: string;
}

/**
 * The part of a line that fits `width` columns with the cursor on screen: when the text is
 * longer, it scrolls sideways so that the cursor (one column at the end) stays visible.
 */
export function viewLine(line: Line, width = Infinity): LineView {
  const chars = [...line.text];
  const cursor = Math.min(chars.length, Math.max(0, line.cursor));
  const widthOf = (char: string | undefined) => (char === undefined ? 1 : stringWidth(char));
  let start = 0;
  let used = chars.slice(0, cursor + 1).reduce((sum, char) => sum + widthOf(char), 0);
  if (cursor === chars.length) used += 1;
  while (start < cursor && used > width) {
    used -= widthOf(chars[start]);
    start += 1;
  }
  let end = cursor + 1;
  while (end < chars.length && used + widthOf(chars[end]) <= width) {
    used += widthOf(chars[end]);
    end += 1;
  }
  return {
    before: chars.slice(start, cursor).join(''),
    under: chars[cursor] ?? '',
    after: chars.slice(cursor + 1, Math.max(cursor + 1, end)).join(''),
  };
}

/**
 * A line as plain text with the cursor drawn as `█`: after the text when the cursor is at the
 * end, or in front of the character under it. For screens drawn without attributes, and tests.
 */
export function plainLine(view: LineView): string {
  return `${view.before}█${view.under}${view.after}`;
}
