import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import {
  NO_KEY,
  editText,
  keyFromSequence,
  moveSelection,
  navigate,
  splitInput,
} from '../../../src/cli/tui/keyboard.js';

const key = (overrides: Partial<Key> = {}): Key => ({ ...NO_KEY, ...overrides });

describe('keyboard', () => {
  it('edits a field without a cursor at its end: typed and pasted text, Backspace, Ctrl-U, Ctrl-W', () => {
    expect(editText('B-1', '2', key())).toBe('B-12');
    expect(editText('', 'Line 3 packing', key())).toBe('Line 3 packing');
    expect(editText('B-12', '', key({ backspace: true }))).toBe('B-1');
    expect(editText('B-12', '', key({ return: true }))).toBe('B-12');
    expect(editText('B-12', 'u', key({ ctrl: true }))).toBe('');
    expect(editText('Line 3 packing', 'w', key({ ctrl: true }))).toBe('Line 3 ');
    expect(editText('a', 'b\u0007c', key())).toBe('abc');
  });

  it('tells Backspace (DEL, which Ink calls delete) from the Delete key by the raw sequence', () => {
    expect(keyFromSequence(key({ delete: true }), '\u007f')).toMatchObject({
      backspace: true,
      delete: false,
    });
    expect(keyFromSequence(key({ delete: true, meta: true }), '\u001b\u007f')).toMatchObject({
      backspace: true,
      meta: true,
    });
    expect(keyFromSequence(key({ delete: true }), '\u001b[3~')).toMatchObject({
      backspace: false,
      delete: true,
    });
  });

  it('splits Ctrl keys out of a chunk, so a script sending Ctrl-U and 0 at once clears then types', () => {
    expect(splitInput('\u00150\r', key()).map(([text, k]) => [text, k.ctrl, k.return])).toEqual([
      ['u', true, false],
      ['0', false, false],
      ['', false, true],
    ]);
    // A scanner framing its read with STX … ETX: the frame is dropped by the field, not keys.
    expect(splitInput('\u0002FD 1\u0003\r', key()).map(([text]) => text)).toEqual([
      '\u0002FD 1\u0003',
      '',
    ]);
  });

  it('splits a chunk of text with Enter in it into the text and the key, in order', () => {
    expect(splitInput('B-12\r', key())).toEqual([
      ['B-12', key()],
      ['', key({ return: true })],
    ]);
    expect(
      splitInput('ab\u007fc\tx', key()).map(([text, k]) => [text, k.backspace, k.tab]),
    ).toEqual([
      ['ab', false, false],
      ['', true, false],
      ['c', false, false],
      ['', false, true],
      ['x', false, false],
    ]);
    const single = key({ return: true });
    expect(splitInput('\r', single)).toEqual([['\r', single]]);
    expect(splitInput('plain', key())).toEqual([['plain', key()]]);
  });

  it('moves a selection within the list', () => {
    expect(moveSelection(0, 3, key({ upArrow: true }))).toBe(0);
    expect(moveSelection(0, 3, key({ downArrow: true }))).toBe(1);
    expect(moveSelection(2, 3, key({ downArrow: true }))).toBe(2);
    expect(moveSelection(1, 30, key({ pageDown: true }))).toBe(11);
    expect(moveSelection(5, 30, key({ end: true }))).toBe(29);
    expect(moveSelection(5, 0, key({ downArrow: true }))).toBe(0);
  });

  it('switches tabs with digits and arrows, and quits on q', () => {
    const calls: string[] = [];
    const navigation = {
      tabCount: 4,
      go: (index: number) => calls.push(`go ${index}`),
      next: () => calls.push('next'),
      previous: () => calls.push('previous'),
      quit: () => calls.push('quit'),
    };
    expect(navigate('3', key(), navigation)).toBe(true);
    expect(navigate('5', key(), navigation)).toBe(false);
    expect(navigate('', key({ rightArrow: true }), navigation)).toBe(true);
    expect(navigate('', key({ leftArrow: true }), navigation)).toBe(true);
    expect(navigate('q', key(), navigation)).toBe(true);
    expect(navigate('x', key(), navigation)).toBe(false);
    expect(calls).toEqual(['go 2', 'next', 'previous', 'quit']);
  });
});
