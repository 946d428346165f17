import { LAYOUT_NAMES, typedAs, type LayoutName } from './keyboard-layouts.js';

/** One read of the test label during the check. */
export interface LabelRead {
  /** What arrived, trimmed of the suffix. */
  text: string;
  suffix: 'enter' | 'tab' | 'eot' | 'none';
  /** Average time between two characters, in milliseconds; null for a single character. */
  avgCharMs: number | null;
}

/** Why the keys differ, when a known cause explains every character. */
export type Cause =
  | { kind: 'layout'; scanner: LayoutName; computer: LayoutName; capsLock: boolean }
  | { kind: 'caps_lock' };

/**
 * Explains a read that differs from the label: a scanner set to another keyboard language than
 * the computer (US scanners on UK, German or French computers are the usual case), Caps Lock, or
 * both. Undefined when no such cause gives exactly what arrived.
 */
export function causeOf(expected: string, read: string): Cause | undefined {
  // The scanner's factory default is US: its combinations come first.
  const scanners: LayoutName[] = ['US', ...LAYOUT_NAMES.filter((l) => l !== 'US')];
  for (const capsLock of [false, true]) {
    for (const scanner of scanners) {
      for (const computer of LAYOUT_NAMES) {
        if (typedAs(expected, scanner, computer, capsLock) !== read) continue;
        if (scanner === computer) return capsLock ? { kind: 'caps_lock' } : undefined;
        return { kind: 'layout', scanner, computer, capsLock };
      }
    }
  }
  return undefined;
}

/** A problem the check found, and what to do about it. */
export interface Finding {
  problem: string;
  fix: string;
}

export interface CheckOutcome {
  layoutOk: boolean;
  passed: boolean;
  findings: Finding[];
  /** One line for the station's hardware record (`notes`). */
  notes: string;
}

const MANUAL = 'the scanner’s manual has a bar code to scan for it';

function layoutFinding(cause: Cause): Finding {
  if (cause.kind === 'caps_lock') {
    return {
      problem: 'Caps Lock is on: letters arrive in the wrong case.',
      fix: 'Turn Caps Lock off on this computer’s keyboard.',
    };
  }
  return {
    problem:
      `The scanner is set to a ${cause.scanner} keyboard, but this computer uses a ${cause.computer} ` +
      'layout, so some characters arrive as others.' +
      (cause.capsLock ? ' Caps Lock is on as well.' : ''),
    fix:
      `Set the scanner’s keyboard language to ${cause.computer} (${MANUAL}), or set this ` +
      `computer’s keyboard layout to ${cause.scanner}.` +
      (cause.capsLock ? ' Then turn Caps Lock off.' : ''),
  };
}

/**
 * Judges the reads of the test label's bar code and QR code (null when the scanner cannot read
 * QR codes): the text must equal the label's exactly, and the scanner must end each code with
 * Enter or Tab (EOT works too) so the page knows where a code ends.
 */
export function judgeReads(
  expected: string,
  code128: LabelRead,
  qr: LabelRead | null,
): CheckOutcome {
  const findings: Finding[] = [];
  const notes: string[] = [];
  const reads = qr ? [code128, qr] : [code128];
  const wrong = reads.find((r) => r.text !== expected);
  const layoutOk = wrong === undefined;
  if (wrong) {
    const cause = causeOf(expected, wrong.text);
    if (cause) {
      findings.push(layoutFinding(cause));
      notes.push(
        cause.kind === 'layout'
          ? `Scanner set to ${cause.scanner} layout, computer uses ${cause.computer}${cause.capsLock ? ', Caps Lock on' : ''}.`
          : 'Caps Lock on.',
      );
    } else {
      findings.push({
        problem: `What arrived differs from the label: “${wrong.text}” instead of “${expected}”.`,
        fix: `Set the scanner’s keyboard language to this computer’s layout (${MANUAL}), and check Caps Lock.`,
      });
      notes.push(`Read "${wrong.text}".`);
    }
  }
  const suffixes = new Set(reads.map((r) => r.suffix));
  if (suffixes.has('none')) {
    findings.push({
      problem: 'The scanner sends nothing after a code, so the page cannot tell where a code ends.',
      fix: `Set the scanner to send Enter after each code (“Enter suffix” or “CR suffix”; ${MANUAL}).`,
    });
    notes.push('No suffix.');
  }
  if (suffixes.has('eot')) notes.push('Suffix EOT.');
  if (!qr) notes.push('QR code not read (1D scanner).');
  return {
    layoutOk,
    passed: layoutOk && !suffixes.has('none'),
    findings,
    notes: notes.join(' '),
  };
}

/** The average time between characters of a read, from their key times. */
export function averageCharMs(times: number[]): number | null {
  if (times.length < 2) return null;
  const ms = (times[times.length - 1]! - times[0]!) / (times.length - 1);
  return Math.round(ms * 10) / 10;
}
