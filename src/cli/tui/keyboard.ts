import type { Key } from 'ink';
import { editLine, lineOf } from './line-editor.js';

/** What a screen may do with the tabs and the app while it is not capturing typed text. */
export interface Navigation {
  tabCount: number;
  go(index: number): void;
  next(): void;
  previous(): void;
  quit(): void;
}

/** Tab and quit keys shared by every screen: 1–9, ←/→, q. Answers whether it used the key. */
export function navigate(input: string, key: Key, navigation: Navigation): boolean {
  if (key.ctrl || key.meta) return false;
  if (input === 'q') {
    navigation.quit();
    return true;
  }
  if (/^[1-9]$/.test(input) && Number(input) <= navigation.tabCount) {
    navigation.go(Number(input) - 1);
    return true;
  }
  if (key.leftArrow) {
    navigation.previous();
    return true;
  }
  if (key.rightArrow) {
    navigation.next();
    return true;
  }
  return false;
}

/**
 * A one-line text field's value after a key press, for fields that keep no cursor (it stays at
 * the end): the line editor's keys, `Ctrl-U`, `Ctrl-W`, Backspace…, applied at the end of the
 * text. Fields that keep a cursor hold a `Line` and use `editLine` directly.
 */
export function editText(value: string, input: string, key: Key): string {
  return editLine(lineOf(value), input, key).text;
}

/** The selected row after ↑/↓, PgUp/PgDn, Home/End; always within `count` rows. */
export function moveSelection(selected: number, count: number, key: Key, page = 10): number {
  if (count === 0) return 0;
  let next = selected;
  if (key.upArrow) next -= 1;
  else if (key.downArrow) next += 1;
  else if (key.pageUp) next -= page;
  else if (key.pageDown) next += page;
  else if (key.home) next = 0;
  else if (key.end) next = count - 1;
  return Math.min(count - 1, Math.max(0, next));
}

/** Whether a key moves the selection (so a screen can hand it to `moveSelection`). */
export function isSelectionKey(key: Key): boolean {
  return key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.home || key.end;
}

/** A key event with nothing pressed: the base that a key is spread onto (tests use it too). */
export const NO_KEY: Readonly<Key> = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const EMBEDDED_KEYS: Record<string, Partial<Key>> = {
  '\r': { return: true },
  '\n': { return: true },
  '\t': { tab: true },
  '\u007f': { backspace: true },
  '\b': { backspace: true },
};

/** The key an embedded control character stands for: Enter, Tab, Backspace, or Ctrl-<letter>. */
function embeddedKey(char: string): [string, Key] {
  const special = EMBEDDED_KEYS[char];
  if (special) return ['', { ...NO_KEY, ...special }];
  const letter = String.fromCharCode(char.charCodeAt(0) + 'a'.charCodeAt(0) - 1);
  return [letter, { ...NO_KEY, ctrl: true }];
}

// Control characters a chunk may carry as keys: Enter, Tab, Backspace (DEL, Ctrl-H) and the
// line editor's deleting keys Ctrl-U, Ctrl-W, Ctrl-K. Others stay in the text, which drops them:
// a scanner may frame its reads with STX/ETX (Ctrl-B/Ctrl-C), and those must not move the cursor.
// eslint-disable-next-line no-control-regex
const EMBEDDED = /([\r\n\t\b\u007f\u0015\u0017\u000b])/;

/**
 * Ink hands over a chunk of typed text as one input, Enter and all: a paste, a barcode scanner
 * ending its read with Enter, or keys sent by a script. This splits such a chunk into the text
 * and the keys in it, in order, so that "B-12⏎" fills the field and then confirms it, and
 * "⌃U0" clears it and types 0.
 */
export function splitInput(input: string, key: Key): Array<[string, Key]> {
  if (input.length < 2 || key.ctrl || key.meta || !EMBEDDED.test(input)) {
    return [[input, key]];
  }
  const events: Array<[string, Key]> = [];
  for (const part of input.split(EMBEDDED)) {
    if (!part) continue;
    events.push(
      EMBEDDED.test(part) && part.length === 1 ? embeddedKey(part) : [part, { ...NO_KEY }],
    );
  }
  return events;
}

/**
 * The key as a terminal meant it. Ink reports both the Backspace key (DEL, 0x7f, which is what
 * terminals send for it) and the Delete key (`ESC [3~`) as `delete`; a line editor needs them
 * apart, so the raw sequence decides: DEL is Backspace.
 */
export function keyFromSequence(key: Key, sequence: string): Key {
  if (key.delete && (sequence === '\u007f' || sequence === '\u001b\u007f')) {
    return { ...key, delete: false, backspace: true };
  }
  return key;
}
