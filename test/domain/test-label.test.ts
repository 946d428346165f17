import { describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING, isTestLabel } from '../../src/domain/test-label.js';

describe('test label', () => {
  it('is the fixed string of mixed case, digits and layout-sensitive symbols', () => {
    expect(TEST_LABEL_STRING).toBe(String.raw`FDTEST-aZ09@"#\~|/._`);
    expect(TEST_LABEL_STRING).toHaveLength(20);
  });

  it('is recognised with the suffix a scanner appends', () => {
    expect(isTestLabel(TEST_LABEL_STRING)).toBe(true);
    expect(isTestLabel(`${TEST_LABEL_STRING}\r\n`)).toBe(true);
    expect(isTestLabel(`${TEST_LABEL_STRING}\t`)).toBe(true);
  });

  it('is not recognised when read through the wrong layout or with caps lock', () => {
    // A UK layout swaps @ and ", and # sits where \ is.
    expect(isTestLabel(String.raw`FDTEST-aZ09"@£#~|/._`)).toBe(false);
    expect(isTestLabel(TEST_LABEL_STRING.toUpperCase())).toBe(false);
    expect(isTestLabel('fdtest-Az09@"#\\~|/._')).toBe(false);
    expect(isTestLabel('FD 0000042')).toBe(false);
  });
});
