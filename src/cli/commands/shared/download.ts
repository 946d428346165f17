import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { toConnectionError } from '../../api-client.js';
import type { CallOptions } from '../../api-client.js';
import type { PathsWith } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { formatBytes } from '../../output/format-time.js';
import { createProgress } from '../../output/progress.js';

export interface DownloadOptions {
  /** A file to write, or undefined for stdout. */
  output?: string | undefined;
  /** Binary formats (PDF) are never written to a terminal. */
  binary: boolean;
  /** What is being fetched, for the progress bar: "labels", "test label". */
  label: string;
}

/** Refuses, before any request, to print a binary file on a terminal. */
export function checkDownloadTarget(ctx: CommandContext, options: DownloadOptions): void {
  if (!options.output && options.binary && ctx.io.stdout.isTTY) {
    throw new UsageError(
      `refusing to write a PDF to the terminal: add --output FILE, or pipe it (… > ${options.label.replace(/ /g, '-')}.pdf)`,
    );
  }
}

/**
 * Streams a download to a file (written beside it, then renamed, so a failed download leaves no
 * half file) or to stdout, with a progress bar on a terminal's stderr.
 */
export async function saveDownload<P extends PathsWith<'get'>>(
  ctx: CommandContext,
  path: P,
  call: CallOptions<P, 'get'>,
  options: DownloadOptions,
): Promise<void> {
  checkDownloadTarget(ctx, options);
  const client = await ctx.client();
  const download = await client.download(path, call);
  const progress = createProgress(ctx.io.stderr, options.label);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      progress.update(received, download.length);
      callback(null, chunk);
    },
  });
  try {
    if (options.output) {
      const partial = `${options.output}.partial`;
      try {
        await pipeline(download.body, counter, createWriteStream(partial, { mode: 0o644 }));
        await rename(partial, options.output);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    } else {
      await pipeline(download.body, counter, ctx.io.stdout, { end: false });
    }
  } catch (error) {
    // The reader of a pipe stopped early (`| head`): it has what it wanted.
    if (!options.output && (error as NodeJS.ErrnoException).code === 'EPIPE') return;
    throw toConnectionError(error, client.baseUrl);
  } finally {
    progress.finish();
  }
  if (options.output) {
    const count = download.headers['x-label-count'];
    const labels = count ? `${count} label${count === '1' ? '' : 's'}, ` : '';
    ctx.output.notice(`Wrote ${options.output} (${labels}${formatBytes(received)}).`);
  }
}
