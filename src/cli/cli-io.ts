/** A stream the client writes to; `isTTY` and `columns` decide between tables and JSON. */
export type CliOutputStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** A stream the client reads from; `setRawMode` is there when it is a terminal. */
export type CliInputStream = NodeJS.ReadableStream & {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
};

/**
 * Everything the client takes from its process. The composition root (entry.ts) fills it from
 * `process`; tests fill it with in-memory streams, so nothing below reads process globals.
 */
export interface CliIO {
  stdout: CliOutputStream;
  stderr: CliOutputStream;
  stdin: CliInputStream;
  env: Record<string, string | undefined>;
  homeDir: string;
  now?: () => Date;
}
