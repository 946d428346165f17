import type { Command } from 'commander';
import type { CliIO } from '../../cli-io.js';
import { UsageError } from '../../errors.js';
import { examples } from '../shared/help-text.js';

/** `factory docs [topic]`: the documentation, carried inside the program, as markdown. */
export function registerDocs(program: Command, io: CliIO): void {
  program
    .command('docs')
    .description('read the documentation: list the topics, or print one (markdown)')
    .argument('[topic]', 'a topic, e.g. install, operate, keys, webhooks')
    .addHelpText(
      'after',
      examples('factory docs', 'factory docs operate | less', 'factory docs keys'),
    )
    .action(async (topic: string | undefined) => {
      const { DOCS_TOPICS } = await import('./docs-topics.js');
      if (topic === undefined) {
        const width = Math.max(...Object.keys(DOCS_TOPICS).map((name) => name.length));
        io.stdout.write('Topics (factory docs TOPIC prints one):\n\n');
        for (const [name, { about }] of Object.entries(DOCS_TOPICS)) {
          io.stdout.write(`  ${name.padEnd(width)}  ${about}\n`);
        }
        return;
      }
      const page = DOCS_TOPICS[topic.toLowerCase().replace(/\.md$/, '')];
      if (!page) {
        throw new UsageError(
          `no docs topic "${topic}": one of ${Object.keys(DOCS_TOPICS).join(', ')}`,
        );
      }
      io.stdout.write(page.text.endsWith('\n') ? page.text : `${page.text}\n`);
    });
}
