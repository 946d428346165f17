import { InvalidArgumentError } from 'commander';

/** The `Examples:` block every command's help ends with. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}

/** Parses a whole number within bounds; commander reports the message as a usage error. */
export function integerIn(min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    }
    return number;
  };
}

/** A whole number of at least 1 (quantities). */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1) {
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  }
  return number;
}

/** A non-negative number (milliseconds). */
export function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) {
    throw new InvalidArgumentError('expected a number of at least 0.');
  }
  return number;
}
