// Composition root of `factory`: the only place that reads the process. Everything below gets
// its streams, environment, home directory and clock from here.
import { homedir } from 'node:os';
import { runCli } from './main.js';

// `factory orders list | head` closes the pipe early: the reader has what it wanted, so stop
// quietly instead of crashing on the next write.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  homeDir: homedir(),
  now: () => new Date(),
});
process.exitCode = exitCode;
