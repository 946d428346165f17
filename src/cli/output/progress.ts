import type { CliOutputStream } from '../cli-io.js';
import { formatBytes } from './format-time.js';

export interface Progress {
  update(done: number, total: number | undefined): void;
  finish(): void;
}

const NONE: Progress = { update() {}, finish() {} };
const BAR_WIDTH = 24;

/**
 * A one-line progress bar on stderr, redrawn in place. Off a terminal there is none at all: no
 * carriage returns in logs and nothing to strip in a pipeline.
 */
export function createProgress(stderr: CliOutputStream, label: string): Progress {
  if (!stderr.isTTY) return NONE;
  let lastDrawn = '';
  let drawn = false;
  return {
    update(done, total) {
      const line = total
        ? `${label} ${bar(done / total)} ${Math.floor((done / total) * 100)
            .toString()
            .padStart(3)}% ${formatBytes(done)} / ${formatBytes(total)}`
        : `${label} ${formatBytes(done)}`;
      // Redraw only when the text changes, so a fast transfer does not flood the terminal.
      if (line === lastDrawn) return;
      lastDrawn = line;
      drawn = true;
      stderr.write(`\r\u001b[2K${line}`);
    },
    finish() {
      if (drawn) stderr.write('\n');
      drawn = false;
    },
  };
}

function bar(fraction: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}
