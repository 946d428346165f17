/** The daemon's view of its process: streams, environment and home, injected by the entry. */
export interface DaemonIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  homeDir: string;
  /** This process's id (`factoryd serve` records it in the data directory's lock file). */
  pid: number;
  /**
   * Where the built web app lives (dist/web beside the bundle; the executable's unpacked copy).
   * `factoryd serve` serves it at every path outside the API.
   */
  webRoot: string;
  /**
   * The bundled entry of the WAL checkpoint thread (src/store/checkpoint.worker.ts). Without
   * it, `serve` leaves checkpoints to SQLite, inside commits.
   */
  checkpointWorker?: URL;
  /**
   * The bundled entry of the label thread (src/labels/label.worker.ts). Without it, `serve`
   * renders labels on the thread that answers requests.
   */
  labelWorker?: URL;
  /** Resolves when the process is asked to stop (SIGTERM/SIGINT). */
  stopSignal: Promise<string>;
}
