import type { Key } from 'ink';

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

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * A one-line text field's value after a key press: printable input (also pasted text) is
 * appended, Backspace removes the last character, anything else leaves it as it was.
 */
export function editText(value: string, input: string, key: Key): string {
  if (key.backspace || key.delete) return [...value].slice(0, -1).join('');
  if (key.ctrl || key.meta || key.escape || key.return || key.tab) return value;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return value;
  return value + input.replace(CONTROL, '');
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

const NO_KEY: Key = {
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

/**
 * Ink hands over a chunk of typed text as one input, Enter and all: a paste, a barcode scanner
 * ending its read with Enter, or keys sent by a script. This splits such a chunk into the text
 * and the keys in it, in order, so that "B-12⏎" fills the field and then confirms it.
 */
export function splitInput(input: string, key: Key): Array<[string, Key]> {
  if (input.length < 2 || key.ctrl || key.meta || !/[\r\n\t\u007f\b]/.test(input)) {
    return [[input, key]];
  }
  const events: Array<[string, Key]> = [];
  for (const part of input.split(/([\r\n\t\u007f\b])/)) {
    if (!part) continue;
    const special = EMBEDDED_KEYS[part];
    events.push(special ? ['', { ...NO_KEY, ...special }] : [part, { ...NO_KEY }]);
  }
  return events;
}
