/**
 * Block letters for pairing codes, five pixels high, drawn three character rows high with
 * half blocks. The alphabet is the pairing-code alphabet (RFC 8628's vowel-free letters), the
 * dash and the digits; `bigText` answers undefined for anything else.
 */
const GLYPHS: Record<string, string[]> = {
  B: ['###.', '#..#', '###.', '#..#', '###.'],
  C: ['.###', '#...', '#...', '#...', '.###'],
  D: ['###.', '#..#', '#..#', '#..#', '###.'],
  F: ['####', '#...', '###.', '#...', '#...'],
  G: ['.###', '#...', '#.##', '#..#', '.###'],
  H: ['#..#', '#..#', '####', '#..#', '#..#'],
  J: ['...#', '...#', '...#', '#..#', '.##.'],
  K: ['#..#', '#.#.', '##..', '#.#.', '#..#'],
  L: ['#...', '#...', '#...', '#...', '####'],
  M: ['#...#', '##.##', '#.#.#', '#...#', '#...#'],
  N: ['#..#', '##.#', '#.##', '#..#', '#..#'],
  P: ['###.', '#..#', '###.', '#...', '#...'],
  Q: ['.##.', '#..#', '#..#', '#.#.', '.#.#'],
  R: ['###.', '#..#', '###.', '#.#.', '#..#'],
  S: ['.###', '#...', '.##.', '...#', '###.'],
  T: ['###', '.#.', '.#.', '.#.', '.#.'],
  V: ['#..#', '#..#', '#..#', '.##.', '.##.'],
  W: ['#...#', '#...#', '#.#.#', '##.##', '#...#'],
  X: ['#..#', '#..#', '.##.', '#..#', '#..#'],
  Z: ['####', '...#', '.##.', '#...', '####'],
  '-': ['...', '...', '###', '...', '...'],
  '0': ['.##.', '#..#', '#..#', '#..#', '.##.'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###.', '...#', '.##.', '#...', '####'],
  '3': ['###.', '...#', '.##.', '...#', '###.'],
  '4': ['#..#', '#..#', '####', '...#', '...#'],
  '5': ['####', '#...', '###.', '...#', '###.'],
  '6': ['.##.', '#...', '###.', '#..#', '.##.'],
  '7': ['####', '...#', '..#.', '.#..', '.#..'],
  '8': ['.##.', '#..#', '.##.', '#..#', '.##.'],
  '9': ['.##.', '#..#', '.###', '...#', '.##.'],
};

const ROWS = 5;

/** Three lines of block letters for `text`, one column between letters; undefined if unknown. */
export function bigText(text: string): string[] | undefined {
  const glyphs = [...text.toUpperCase()].map((char) => GLYPHS[char]);
  if (glyphs.some((glyph) => glyph === undefined)) return undefined;
  const pixels: string[] = [];
  for (let row = 0; row < ROWS; row += 1) {
    pixels.push(glyphs.map((glyph) => glyph![row]).join('.'));
  }
  const lines: string[] = [];
  for (let row = 0; row < ROWS; row += 2) {
    let line = '';
    for (let col = 0; col < pixels[0]!.length; col += 1) {
      const top = pixels[row]![col] === '#';
      const bottom = pixels[row + 1]?.[col] === '#';
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
