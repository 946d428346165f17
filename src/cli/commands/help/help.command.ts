import type { Command } from 'commander';
import type { CliIO } from '../../cli-io.js';
import { UsageError } from '../../errors.js';
import { EXIT_CODES_HELP } from '../../exit-codes.js';
import { examples } from '../shared/help-text.js';

const ENVIRONMENT_HELP = `Environment variables of factory

  FACTORY_URL            server address, e.g. http://127.0.0.1:8080 (--url wins over it)
  FACTORY_API_KEY        API key (sk_live_…) or staff session token (--api-key wins over it)
  FACTORY_PROFILE        profile to use from the profile file (--profile wins over it)
  FACTORY_STATION_TOKEN  station token for "factory scans record" (--station-token wins)
  XDG_CONFIG_HOME        where the profile file lives: $XDG_CONFIG_HOME/factory/config.json
                         (default ~/.config/factory/config.json)
  NO_COLOR               any value turns colour off on a terminal
  FACTORY_DEBUG          any value adds stack traces to unexpected errors

Flags win over variables, and variables over the profile file, value by value.
`;

const TOPICS: Record<string, string> = {
  'exit-codes': EXIT_CODES_HELP,
  environment: ENVIRONMENT_HELP,
};

/** `factory help [command…]` and the topics that are not commands: exit-codes, environment. */
export function registerHelp(program: Command, io: CliIO): void {
  program
    .command('help')
    .description('show help for a command, or a topic: exit-codes, environment')
    .argument('[command...]', 'a command (e.g. orders list) or a topic')
    .addHelpText('after', examples('factory help orders list', 'factory help exit-codes'))
    .action((words: string[]) => {
      const topic = TOPICS[words.join(' ')];
      if (topic) {
        io.stdout.write(topic);
        return;
      }
      let command = program;
      for (const word of words) {
        const next = command.commands.find(
          (candidate) => candidate.name() === word || candidate.aliases().includes(word),
        );
        if (!next) {
          throw new UsageError(`no help for "${words.join(' ')}": unknown command or topic`);
        }
        command = next;
      }
      command.outputHelp();
    });
}
