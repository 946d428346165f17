import type { CliInputStream, CliOutputStream } from './cli-io.js';
import { UsageError } from './errors.js';

/** Reads the whole of a stream (stdin piped into a command) as bytes. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/**
 * A secret (a password): typed on a terminal without echo, or read from piped stdin, first line
 * only. Scripts pipe it in (`printf %s "$PW" | factory login …`); people are prompted.
 */
export async function readSecret(
  stdin: CliInputStream,
  stderr: CliOutputStream,
  question: string,
): Promise<string> {
  if (!stdin.isTTY || !stdin.setRawMode) {
    const text = (await readAll(stdin)).toString('utf8');
    const secret = text.split(/\r?\n/)[0] ?? '';
    if (!secret) throw new UsageError(`${question.replace(/:\s*$/, '')} expected on stdin`);
    return secret;
  }
  return promptHidden(stdin, stderr, question);
}

function promptHidden(
  stdin: CliInputStream,
  stderr: CliOutputStream,
  question: string,
): Promise<string> {
  const setRawMode = stdin.setRawMode!.bind(stdin);
  stderr.write(question);
  setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let secret = '';
    const done = (error?: Error) => {
      stdin.removeListener('data', onData);
      setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(secret);
    };
    const onData = (data: Buffer | string) => {
      for (const char of data.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new UsageError('cancelled'));
        if (char === '\u007f' || char === '\b') secret = [...secret].slice(0, -1).join('');
        else if (char >= ' ') secret += char;
      }
    };
    stdin.on('data', onData);
  });
}
