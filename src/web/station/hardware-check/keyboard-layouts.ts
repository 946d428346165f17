/**
 * What a keyboard-wedge scanner types when its keyboard language differs from the computer's.
 * A scanner sends key presses, not characters: to type `@` a scanner set to US presses Shift+2,
 * which a computer set to UK reads as `"`. Each layout here maps a physical key (its
 * KeyboardEvent.code) to what it types plain and with Shift — the keys the test label needs.
 */
export type LayoutName = 'US' | 'UK' | 'German' | 'French';

type Keys = Record<string, readonly [plain: string, shifted: string]>;

function letters(moved: Record<string, string> = {}): Keys {
  const keys: Keys = {};
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    const typed = moved[letter] ?? letter;
    keys[`Key${letter}`] = [typed.toLowerCase(), typed.toUpperCase()];
  }
  return keys;
}

function digits(plain: string, shifted: string): Keys {
  const keys: Keys = {};
  for (let i = 0; i < 10; i++) keys[`Digit${(i + 1) % 10}`] = [plain[i]!, shifted[i]!];
  return keys;
}

const LAYOUTS: Record<LayoutName, Keys> = {
  US: {
    ...letters(),
    ...digits('1234567890', '!@#$%^&*()'),
    Minus: ['-', '_'],
    Equal: ['=', '+'],
    Backslash: ['\\', '|'],
    IntlBackslash: ['\\', '|'],
    Quote: ["'", '"'],
    Backquote: ['`', '~'],
    Semicolon: [';', ':'],
    Comma: [',', '<'],
    Period: ['.', '>'],
    Slash: ['/', '?'],
  },
  UK: {
    ...letters(),
    ...digits('1234567890', '!"£$%^&*()'),
    Minus: ['-', '_'],
    Equal: ['=', '+'],
    Backslash: ['#', '~'],
    IntlBackslash: ['\\', '|'],
    Quote: ["'", '@'],
    Backquote: ['`', '¬'],
    Semicolon: [';', ':'],
    Comma: [',', '<'],
    Period: ['.', '>'],
    Slash: ['/', '?'],
  },
  German: {
    ...letters({ Y: 'Z', Z: 'Y' }),
    ...digits('1234567890', '!"§$%&/()='),
    Minus: ['ß', '?'],
    Equal: ['´', '`'],
    Backslash: ['#', "'"],
    IntlBackslash: ['<', '>'],
    Quote: ['ä', 'Ä'],
    Backquote: ['^', '°'],
    Semicolon: ['ö', 'Ö'],
    Comma: [',', ';'],
    Period: ['.', ':'],
    Slash: ['-', '_'],
  },
  French: {
    ...letters({ A: 'Q', Q: 'A', W: 'Z', Z: 'W', M: ',' }),
    KeyM: [',', '?'],
    ...digits('&é"\'(-è_çà', '1234567890'),
    Minus: [')', '°'],
    Equal: ['=', '+'],
    Backslash: ['*', 'µ'],
    IntlBackslash: ['<', '>'],
    Quote: ['ù', '%'],
    Backquote: ['²', ''],
    Semicolon: ['m', 'M'],
    Comma: [';', '.'],
    Period: [':', '/'],
    Slash: ['!', '§'],
  },
};

export const LAYOUT_NAMES = Object.keys(LAYOUTS) as LayoutName[];

/** The key (code and Shift) a layout types a character with; undefined when it has none. */
function keyFor(layout: LayoutName, char: string): [code: string, shift: 0 | 1] | undefined {
  for (const [code, typed] of Object.entries(LAYOUTS[layout])) {
    if (typed[0] === char) return [code, 0];
    if (typed[1] === char) return [code, 1];
  }
  return undefined;
}

function swapCase(text: string): string {
  return [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/**
 * What a computer set to `computer` receives when a scanner set to `scanner` reads `text` (with
 * Caps Lock on the computer, letters flip case). A character the scanner's layout cannot type,
 * or a key the computer's layout leaves empty, arrives as nothing.
 */
export function typedAs(
  text: string,
  scanner: LayoutName,
  computer: LayoutName,
  capsLock = false,
): string {
  let out = '';
  for (const char of text) {
    const key = keyFor(scanner, char);
    if (!key) continue;
    const typed = LAYOUTS[computer][key[0]]?.[key[1]] ?? '';
    out += capsLock && /\p{L}/u.test(typed) ? swapCase(typed) : typed;
  }
  return out;
}
