import { describe, expect, it } from 'vitest';
import {
  averageCharMs,
  causeOf,
  judgeReads,
  type LabelRead,
} from '../../../../src/web/station/hardware-check/analyse-read.js';
import { typedAs } from '../../../../src/web/station/hardware-check/keyboard-layouts.js';
import { TEST_LABEL_STRING as LABEL } from '../../../../src/domain/test-label.js';

const read = (text: string, suffix: LabelRead['suffix'] = 'enter'): LabelRead => ({
  text,
  suffix,
  avgCharMs: 4,
});

describe('what a scanner types on another keyboard layout', () => {
  it('types the label unchanged when both use the same layout', () => {
    expect(typedAs(LABEL, 'US', 'US')).toBe(LABEL);
    expect(typedAs(LABEL, 'UK', 'UK')).toBe(LABEL);
  });

  it('drops a character the scanner’s layout has no plain or Shift key for', () => {
    // A German keyboard types @ ~ | with AltGr, which a scanner does not press.
    expect(typedAs('a@b|c', 'German', 'German')).toBe('abc');
  });

  it('turns @ into " on a UK computer, and swaps Y and Z on a German one', () => {
    expect(typedAs('a@b', 'US', 'UK')).toBe('a"b');
    expect(typedAs('Zy', 'US', 'German')).toBe('Yz');
  });

  it('flips the case of letters only when Caps Lock is on', () => {
    expect(typedAs('Ab-1', 'US', 'US', true)).toBe('aB-1');
  });
});

describe('the cause of a read that differs from the label', () => {
  it('is none when the read is the label', () => {
    expect(causeOf(LABEL, LABEL)).toBeUndefined();
  });

  it('names the scanner’s layout and the computer’s, a US scanner first', () => {
    expect(causeOf(LABEL, typedAs(LABEL, 'US', 'UK'))).toEqual({
      kind: 'layout',
      scanner: 'US',
      computer: 'UK',
      capsLock: false,
    });
    expect(causeOf(LABEL, typedAs(LABEL, 'US', 'French'))).toEqual({
      kind: 'layout',
      scanner: 'US',
      computer: 'French',
      capsLock: false,
    });
    expect(causeOf(LABEL, typedAs(LABEL, 'German', 'US'))).toEqual({
      kind: 'layout',
      scanner: 'German',
      computer: 'US',
      capsLock: false,
    });
  });

  it('tells Caps Lock alone from Caps Lock on top of a layout mismatch', () => {
    expect(causeOf(LABEL, typedAs(LABEL, 'US', 'US', true))).toEqual({ kind: 'caps_lock' });
    expect(causeOf(LABEL, typedAs(LABEL, 'US', 'German', true))).toEqual({
      kind: 'layout',
      scanner: 'US',
      computer: 'German',
      capsLock: true,
    });
  });

  it('is unknown when no layout or Caps Lock gives exactly what arrived', () => {
    expect(causeOf(LABEL, 'FD-Test')).toBeUndefined();
    expect(causeOf(LABEL, `${LABEL}x`)).toBeUndefined();
  });
});

describe('judging the reads of the test label', () => {
  it('passes reads that equal the label and end with Enter or Tab', () => {
    const outcome = judgeReads(LABEL, read(LABEL), read(LABEL, 'tab'));
    expect(outcome).toEqual({ layoutOk: true, passed: true, findings: [], notes: '' });
  });

  it('passes a 1D scanner that cannot read the QR code, and notes it', () => {
    const outcome = judgeReads(LABEL, read(LABEL), null);
    expect(outcome.passed).toBe(true);
    expect(outcome.notes).toBe('QR code not read (1D scanner).');
  });

  it('accepts EOT as the end of a code, and notes it', () => {
    const outcome = judgeReads(LABEL, read(LABEL, 'eot'), read(LABEL));
    expect(outcome.passed).toBe(true);
    expect(outcome.notes).toBe('Suffix EOT.');
  });

  it('fails a layout mismatch and says how to fix it on either side', () => {
    const outcome = judgeReads(LABEL, read(typedAs(LABEL, 'US', 'UK')), read(LABEL));
    expect(outcome.layoutOk).toBe(false);
    expect(outcome.passed).toBe(false);
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.findings[0]!.problem).toContain('set to a US keyboard');
    expect(outcome.findings[0]!.problem).toContain('UK layout');
    expect(outcome.findings[0]!.fix).toContain('keyboard language to UK');
    expect(outcome.findings[0]!.fix).toContain('keyboard layout to US');
    expect(outcome.notes).toBe('Scanner set to US layout, computer uses UK.');
  });

  it('judges the QR read too: a wrong QR read fails the check', () => {
    const outcome = judgeReads(LABEL, read(LABEL), read(typedAs(LABEL, 'US', 'US', true)));
    expect(outcome.passed).toBe(false);
    expect(outcome.findings.map((f) => f.problem)).toEqual([
      'Caps Lock is on: letters arrive in the wrong case.',
    ]);
    expect(outcome.notes).toBe('Caps Lock on.');
  });

  it('quotes what arrived when no known cause explains it', () => {
    const outcome = judgeReads(LABEL, read('FD-Te'), null);
    expect(outcome.passed).toBe(false);
    expect(outcome.findings[0]!.problem).toBe(
      `What arrived differs from the label: “FD-Te” instead of “${LABEL}”.`,
    );
    expect(outcome.notes).toBe('Read "FD-Te". QR code not read (1D scanner).');
  });

  it('fails a scanner that sends nothing after a code, even when the text is right', () => {
    const outcome = judgeReads(LABEL, read(LABEL, 'none'), read(LABEL));
    expect(outcome.layoutOk).toBe(true);
    expect(outcome.passed).toBe(false);
    expect(outcome.findings[0]!.fix).toContain('send Enter after each code');
    expect(outcome.notes).toBe('No suffix.');
  });

  it('reports both problems of a read with the wrong layout and no suffix', () => {
    const outcome = judgeReads(LABEL, read(typedAs(LABEL, 'US', 'French'), 'none'), null);
    expect(outcome.findings).toHaveLength(2);
    expect(outcome.notes).toBe(
      'Scanner set to US layout, computer uses French. No suffix. QR code not read (1D scanner).',
    );
  });
});

describe('the average time between characters', () => {
  it('is the span over the gaps, to a tenth of a millisecond; none for one character', () => {
    expect(averageCharMs([100, 104, 108, 113])).toBe(4.3);
    expect(averageCharMs([0, 10])).toBe(10);
    expect(averageCharMs([5])).toBeNull();
    expect(averageCharMs([])).toBeNull();
  });
});
