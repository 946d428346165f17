import { ApiError, ConfigError, ConnectionError, UsageError } from './errors.js';

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  conflict: 5,
  unavailable: 6,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Commander's own errors, recognised by shape so this module does not load commander. */
interface CommanderLikeError {
  code: string;
  exitCode: number;
}

/** Commander's own error (a usage mistake, or help and version, which end through it too). */
export function isCommanderError(error: unknown): error is CommanderLikeError {
  return (
    error instanceof Error &&
    typeof (error as Partial<CommanderLikeError>).code === 'string' &&
    (error as unknown as { code: string }).code.startsWith('commander.') &&
    typeof (error as Partial<CommanderLikeError>).exitCode === 'number'
  );
}

/** The one place where an error becomes an exit code; `factory help exit-codes` documents it. */
export function exitCodeFor(error: unknown): ExitCodeValue {
  if (isCommanderError(error)) {
    // Help and version end through the same path with exit code 0.
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (error instanceof UsageError || error instanceof ConfigError) return ExitCode.usage;
  if (error instanceof ConnectionError) return ExitCode.unavailable;
  if (error instanceof ApiError) {
    if (error.status === 404) return ExitCode.notFound;
    if (error.status === 401 || error.status === 403) return ExitCode.auth;
    if (error.status === 409) return ExitCode.conflict;
    if (error.status >= 500) return ExitCode.unavailable;
    return ExitCode.failure;
  }
  return ExitCode.failure;
}

export const EXIT_CODES_HELP = `Exit codes of factory

  0  success
  1  failure: the server refused the request (400, 410, 413, 429), a scan was refused,
     or anything else went wrong
  2  usage: an unknown command or flag, a bad flag value, or missing configuration
     (no server URL or no API key)
  3  not found: the server answered 404
  4  authentication or permission: the server answered 401 or 403
  5  conflict: the server answered 409 (the order exists, the return is closed,
     an idempotency key was reused …)
  6  the server is unreachable, timed out, or answered 5xx

Errors are written to stderr as one line:
  error: <message> (<code>, request <request_id>)

Example:
  factory orders get ord_01JD… >/dev/null 2>&1
  case $? in 3) echo "no such order" ;; 6) echo "factoryd is down" ;; esac
`;
