import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { ApiError, ConfigError, ConnectionError, UsageError } from '../../src/cli/errors.js';
import { EXIT_CODES_HELP, exitCodeFor } from '../../src/cli/exit-codes.js';

const apiError = (status: number) =>
  new ApiError({ status, type: 'x', code: 'x', message: 'x', requestId: 'req_1' });

describe('exitCodeFor', () => {
  it.each([
    [apiError(400), 1],
    [apiError(410), 1],
    [apiError(413), 1],
    [apiError(429), 1],
    [apiError(401), 4],
    [apiError(403), 4],
    [apiError(404), 3],
    [apiError(409), 5],
    [apiError(500), 6],
    [apiError(503), 6],
    [new ConnectionError('http://x', 'connection refused'), 6],
    [new UsageError('bad'), 2],
    [new ConfigError('no url'), 2],
    [new CommanderError(1, 'commander.unknownOption', 'unknown option'), 2],
    [new CommanderError(1, 'commander.help', '(outputHelp)'), 2],
    [new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), 0],
    [new CommanderError(0, 'commander.version', '1.0'), 0],
    [new TypeError('bug'), 1],
    ['a string', 1],
  ])('maps %o to %i', (error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });

  it('is documented for every code', () => {
    for (const code of [0, 1, 2, 3, 4, 5, 6]) {
      expect(EXIT_CODES_HELP).toMatch(new RegExp(`^  ${code}  `, 'm'));
    }
  });
});
