import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeasureText } from '../../src/labels/text-fit.js';
import { ELLIPSIS, fitText, wrapWords } from '../../src/labels/text-fit.js';

/** Every character is half the font size wide: easy to reason about in the cases below. */
const measure: MeasureText = (text, size) => Array.from(text).length * size * 0.5;

describe('fitText', () => {
  it('keeps the largest size when the text fits on one line', () => {
    expect(
      fitText('SOFA-3S', { width: 100, maxSize: 20, minSize: 10, maxLines: 2 }, measure),
    ).toEqual({
      size: 20,
      lines: ['SOFA-3S'],
      shortened: false,
    });
  });

  it('shrinks a line that is too wide, down to the floor, before wrapping', () => {
    // 16 characters need size ≤ 12.5 to fit in 100.
    const fitted = fitText(
      'Charcoal Grey XL',
      { width: 100, maxSize: 20, minSize: 10, maxLines: 2 },
      measure,
    );
    expect(fitted).toEqual({ size: 12, lines: ['Charcoal Grey XL'], shortened: false });
  });

  it('wraps at word boundaries at the floor size when shrinking is not enough', () => {
    const fitted = fitText(
      'left hand corner frame with rail',
      { width: 100, maxSize: 20, minSize: 10, maxLines: 3 },
      measure,
    );
    expect(fitted.size).toBe(10);
    expect(fitted.lines).toEqual(['left hand corner', 'frame with rail']);
    expect(fitted.shortened).toBe(false);
  });

  it('breaks after hyphens, keeping the hyphen at the end of the line', () => {
    const fitted = fitText(
      'PO-2026-11-ACME-NORTH',
      { width: 60, maxSize: 10, minSize: 10, maxLines: 3 },
      measure,
    );
    expect(fitted.lines).toEqual(['PO-2026-11-', 'ACME-NORTH']);
  });

  it('ends with an ellipsis after the last whole word that fits when lines run out', () => {
    const fitted = fitText(
      'one two three four five six seven',
      { width: 50, maxSize: 10, minSize: 10, maxLines: 2 },
      measure,
    );
    expect(fitted.shortened).toBe(true);
    // Ten characters a line: "three four" would fit, "three four…" does not.
    expect(fitted.lines).toEqual(['one two', `three${ELLIPSIS}`]);
  });

  it('splits only a word that is wider than the whole box', () => {
    const fitted = fitText(
      'ABCDEFGHIJKLMNOP end',
      { width: 50, maxSize: 10, minSize: 10, maxLines: 4 },
      measure,
    );
    expect(fitted.lines).toEqual(['ABCDEFGHIJ', 'KLMNOP end']);
  });

  it('collapses whitespace and answers no lines for empty text', () => {
    expect(
      fitText('  a \n\t b ', { width: 100, maxSize: 10, minSize: 10, maxLines: 1 }, measure).lines,
    ).toEqual(['a b']);
    expect(
      fitText('   ', { width: 100, maxSize: 10, minSize: 10, maxLines: 1 }, measure).lines,
    ).toEqual([]);
  });

  it('never breaks at a no-break space', () => {
    const lines = wrapWords('SOFA\u00a0· Grey', (line) => measure(line, 10) <= 35);
    expect(lines).toEqual(['SOFA\u00a0·', 'Grey']);
  });

  it('for any text: lines fit the box, stay within the budget, and lose no word unless shortened', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9-]{1,14}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 4 }),
        (words, maxLines) => {
          const text = words.join(' ');
          const options = { width: 60, maxSize: 14, minSize: 10, maxLines };
          const fitted = fitText(text, options, measure);
          expect(fitted.lines.length).toBeGreaterThan(0);
          expect(fitted.lines.length).toBeLessThanOrEqual(maxLines);
          expect(fitted.size).toBeGreaterThanOrEqual(10);
          for (const line of fitted.lines)
            expect(measure(line, fitted.size)).toBeLessThanOrEqual(60);
          // Re-joining the lines gives the text back: breaks fell on spaces, after hyphens, or
          // (only for a word wider than the box) between characters.
          const squash = (s: string) => s.replace(/[\s]/g, '');
          if (!fitted.shortened) {
            expect(squash(fitted.lines.join(''))).toBe(squash(text));
          } else {
            const shown = squash(fitted.lines.join('')).replace(ELLIPSIS, '');
            expect(squash(text).startsWith(shown)).toBe(true);
            expect(fitted.lines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
