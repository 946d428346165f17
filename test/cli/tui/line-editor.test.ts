import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINE,
  editLine,
  lineOf,
  plainLine,
  viewLine,
} from '../../../src/cli/tui/line-editor.js';
import type { Line } from '../../../src/cli/tui/line-editor.js';
import { NO_KEY } from '../../../src/cli/tui/keyboard.js';

type Press = string | Partial<Key> | [string, Partial<Key>];
const ctrl = (letter: string): Press => [letter, { ctrl: true }];
const alt = (letter: string): Press => [letter, { meta: true }];
const LEFT: Press = { leftArrow: true };
const RIGHT: Press = { rightArrow: true };
const HOME: Press = { home: true };
const END: Press = { end: true };
const BACKSPACE: Press = { backspace: true };
const DELETE: Press = { delete: true };

/** The line after each press in turn; a string is typed text. */
function press(start: Line, ...presses: Press[]): Line {
  return presses.reduce<Line>((line, each) => {
    if (typeof each === 'string') return editLine(line, each, NO_KEY);
    if (Array.isArray(each)) return editLine(line, each[0], { ...NO_KEY, ...each[1] });
    return editLine(line, '', { ...NO_KEY, ...each });
  }, start);
}

/** A line drawn with its cursor as `|`, to read the tests at a glance. */
const show = (line: Line) => {
  const chars = [...line.text];
  return [...chars.slice(0, line.cursor), '|', ...chars.slice(line.cursor)].join('');
};

describe('line editor', () => {
  it('types at the cursor, and a paste goes in whole (control characters dropped)', () => {
    expect(show(press(EMPTY_LINE, 'B-1', '2'))).toBe('B-12|');
    expect(show(press(lineOf('B-2'), LEFT, '1'))).toBe('B-1|2');
    expect(show(press(EMPTY_LINE, 'a\u0007b'))).toBe('ab|');
    expect(show(press(lineOf('ac'), LEFT, 'é'))).toBe('aé|c');
  });

  it('Ctrl-U deletes everything before the cursor: the whole field after typing', () => {
    // The bug this guards: "7", Ctrl-U, "0" saved 70.
    expect(show(press(lineOf('7'), ctrl('u'), '0'))).toBe('0|');
    expect(show(press(lineOf('Europe/London'), ctrl('u')))).toBe('|');
    expect(show(press(lineOf('B-12'), LEFT, LEFT, ctrl('u')))).toBe('|12');
    expect(show(press(lineOf('B-12'), ctrl('a'), ctrl('u')))).toBe('|B-12');
  });

  it('Ctrl-K deletes from the cursor to the end', () => {
    expect(show(press(lineOf('B-12'), LEFT, LEFT, ctrl('k')))).toBe('B-|');
    expect(show(press(lineOf('B-12'), HOME, ctrl('k')))).toBe('|');
  });

  it('Ctrl-W deletes the word before the cursor, up to a space; Alt-Backspace up to punctuation', () => {
    expect(show(press(lineOf('Packing line 2'), ctrl('w')))).toBe('Packing line |');
    expect(show(press(lineOf('Packing line  '), ctrl('w')))).toBe('Packing |');
    expect(show(press(lineOf('Europe/London'), ctrl('w')))).toBe('|');
    expect(show(press(lineOf('Europe/London'), [' ', { meta: true, backspace: true }]))).toBe(
      'Europe/|',
    );
    expect(show(press(lineOf('one two three'), LEFT, LEFT, LEFT, LEFT, LEFT, ctrl('w')))).toBe(
      'one |three',
    );
    expect(show(press(lineOf('word'), HOME, ctrl('w')))).toBe('|word');
  });

  it('moves with ←/→, Home/End, Ctrl-A/E/B/F and Alt-B/F, never past the ends', () => {
    const line = lineOf('abc');
    expect(show(press(line, LEFT))).toBe('ab|c');
    expect(show(press(line, RIGHT))).toBe('abc|');
    expect(show(press(line, HOME))).toBe('|abc');
    expect(show(press(line, HOME, LEFT))).toBe('|abc');
    expect(show(press(line, HOME, END))).toBe('abc|');
    expect(show(press(line, ctrl('a')))).toBe('|abc');
    expect(show(press(line, ctrl('a'), ctrl('e')))).toBe('abc|');
    expect(show(press(line, ctrl('b'), ctrl('b'), ctrl('f')))).toBe('ab|c');
    const words = lineOf('hooks.acme.test, 10.0.0.0/8');
    expect(show(press(words, alt('b')))).toBe('hooks.acme.test, 10.0.0.0/|8');
    expect(show(press(words, HOME, alt('f')))).toBe('hooks|.acme.test, 10.0.0.0/8');
    expect(show(press(words, HOME, alt('d')))).toBe('|.acme.test, 10.0.0.0/8');
    expect(show(press(words, { leftArrow: true, ctrl: true }))).toBe(
      'hooks.acme.test, 10.0.0.0/|8',
    );
    expect(show(press(words, HOME, { rightArrow: true, meta: true }))).toBe(
      'hooks|.acme.test, 10.0.0.0/8',
    );
  });

  it('Backspace deletes before the cursor, Delete (Ctrl-D) under it', () => {
    expect(show(press(lineOf('café'), BACKSPACE))).toBe('caf|');
    expect(show(press(lineOf('B-12'), LEFT, BACKSPACE))).toBe('B-|2');
    expect(show(press(lineOf('B-12'), HOME, BACKSPACE))).toBe('|B-12');
    expect(show(press(lineOf('B-12'), HOME, DELETE))).toBe('|-12');
    expect(show(press(lineOf('B-12'), LEFT, ctrl('d')))).toBe('B-1|');
    expect(show(press(lineOf('B-12'), DELETE))).toBe('B-12|');
    expect(show(press(lineOf('B-12'), ctrl('h')))).toBe('B-1|');
  });

  it('leaves the line alone on keys the screen handles (Enter, Esc, Tab, ↑/↓) and unknown ones', () => {
    const line = press(lineOf('B-12'), LEFT);
    for (const key of [
      { return: true },
      { escape: true, meta: true },
      { tab: true },
      { upArrow: true },
    ]) {
      expect(press(line, ['', key])).toEqual(line);
    }
    expect(press(line, ctrl('z'))).toEqual(line);
  });

  it('keeps the cursor in view when the text is wider than the field', () => {
    const long = lineOf('abcdefghij');
    expect(plainLine(viewLine(long, 5))).toBe('ghij█');
    // Drawn plain, the cursor takes a column of its own: the view is asked for one less.
    expect(plainLine(viewLine(press(long, HOME), 4))).toBe('█abcd');
    expect(viewLine(press(long, HOME), 5)).toEqual({ before: '', under: 'a', after: 'bcde' });
    expect(viewLine(press(long, HOME, RIGHT, RIGHT), 4)).toEqual({
      before: 'ab',
      under: 'c',
      after: 'd',
    });
    expect(plainLine(viewLine(lineOf('abc')))).toBe('abc█');
  });
});
