import { Command, CommanderError, Option } from 'commander';
import type { DaemonIO } from './io.js';
import { versionLine } from './version.js';

export type { DaemonIO } from './io.js';

interface CommonOptions {
  dataDir?: string;
}

/**
 * `factoryd`: the server and its on-the-box administration. Each command loads its own modules
 * on demand, so `factoryd --version` stays instant.
 */
export async function runDaemon(argv: string[], io: DaemonIO): Promise<number> {
  let exitCode = 0;
  const program = new Command('factoryd')
    .description('The factoryd server: HTTP API, scheduler and administration of its database.')
    .version(versionLine('factoryd'), '-V, --version', 'print the version, commit and Node version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(run factoryd --help for usage)')
    .addHelpText(
      'after',
      '\nDocumentation, carried inside this program: factory docs [topic] (install, operate, keys …)\n',
    );

  const dataDirOption = [
    '--data-dir <dir>',
    'data directory (default $FACTORYD_DATA_DIR or ~/.local/share/factoryd)',
  ] as const;
  const databaseUrlOption = [
    '--database-url <url>',
    'PostgreSQL instead of the SQLite file: postgres://user:password@host:5432/db ' +
      '(default $FACTORYD_DATABASE_URL); see: factory docs scale-out',
  ] as const;
  // Commands open the database through io.env, where the flag overrides the variable.
  program.hook('preAction', (_program, command) => {
    const url = command.opts<{ databaseUrl?: string }>().databaseUrl;
    if (url) io.env = { ...io.env, FACTORYD_DATABASE_URL: url };
  });

  program
    .command('serve')
    .description('serve the HTTP API and run the scheduler (initialises an empty data directory)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8080')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .option('--tls-cert <file>', 'TLS certificate (PEM); serve HTTPS')
    .option('--tls-key <file>', 'TLS private key (PEM)')
    .option('--log-level <level>', 'fatal, error, warn, info, debug', 'info')
    .option(
      '--no-deliveries',
      'send no webhooks: deliveries wait in the database (checking a backup, a staging copy)',
    )
    .option(
      '--metrics-token <token>',
      'serve Prometheus metrics at /metrics to this bearer token (default $FACTORYD_METRICS_TOKEN; none: off)',
    )
    .option(
      '--metrics-listen <host:port>',
      'serve /metrics without a token on a listener of its own, e.g. 127.0.0.1:9464',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  factoryd serve --host 0.0.0.0 --port 8080 --data-dir /var/lib/factoryd\n' +
        '  factoryd serve --no-deliveries --port 18080 --data-dir /tmp/restore-check\n',
    )
    .action(async (opts) => {
      const { serve } = await import('./commands/serve.command.js');
      exitCode = await serve(opts, io);
    });

  program
    .command('init')
    .description('create the factory and its first API key (printed once)')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .option(
      '--factory-name <name>',
      "the factory's name, shown to retailers (asked on a terminal; editable later on the Company page)",
    )
    .addOption(new Option('--name <name>', 'older spelling of --factory-name').hideHelp())
    .option('--label-prefix <prefix>', 'barcode prefix, 1-8 of A-Z 0-9', 'FD')
    .addHelpText(
      'after',
      '\nExample:\n  factoryd init --factory-name "Acme Upholstery" --label-prefix ACME\n',
    )
    .action(async (opts) => {
      const { init } = await import('./commands/init.command.js');
      exitCode = await init(opts, io);
    });

  program
    .command('migrate')
    .description('apply pending database migrations and exit (--status: list them, change nothing)')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .option(
      '--status',
      'list applied, pending and newer migrations, and which factoryd applied each; exit 0 up to date, 3 pending, 4 newer than this factoryd',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  factoryd migrate --status --data-dir /var/lib/factoryd\n  factoryd migrate --data-dir /var/lib/factoryd\n',
    )
    .action(async (opts: CommonOptions & { status?: boolean }) => {
      const { migrate } = await import('./commands/migrate.command.js');
      exitCode = await migrate(opts, io);
    });

  program
    .command('migrate-to')
    .description(
      'copy this SQLite database into an empty PostgreSQL database, verified table by table',
    )
    .option(...dataDirOption)
    .requiredOption('--database-url <url>', 'the PostgreSQL database: postgres://…')
    .addHelpText(
      'after',
      '\nExample (factoryd stopped):\n  factoryd migrate-to --data-dir /var/lib/factoryd --database-url postgres://factoryd@db.lan/factoryd\n',
    )
    .action(async (opts: CommonOptions & { databaseUrl: string }) => {
      const { migrateTo } = await import('./commands/migrate-to.command.js');
      exitCode = await migrateTo(opts, io);
    });

  program
    .command('backup')
    .description(
      'write a verified backup of the database to FILE (safe while serving); --verify checks an existing one',
    )
    .argument('<file>', 'where to write the backup, or the backup to check with --verify')
    .option('--verify', 'check FILE instead: exit 0 when it is a good backup, 1 with the reason')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .addHelpText(
      'after',
      '\nExamples:\n  factoryd backup /srv/backups/factoryd-$(date +%F).db\n' +
        '  factoryd backup --verify /srv/backups/factoryd-2026-11-26.db\n' +
        'Scheduled backups: the settings backup_schedule, backup_dir, backup_keep (docs/operate.md).\n',
    )
    .action(async (file: string, opts: CommonOptions & { verify?: boolean }) => {
      const { backup, verifyBackup } = await import('./commands/backup.command.js');
      exitCode = opts.verify ? await verifyBackup(file, io) : await backup(file, opts, io);
    });

  program
    .command('restore')
    .description(
      'put a verified backup in place of the database (factoryd stopped; the old database is kept beside it)',
    )
    .argument('<file>', 'the backup (a SQLite backup; for a pg_dump file it prints the command)')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .addHelpText(
      'after',
      '\nExample:\n  sudo systemctl stop factoryd\n  factoryd restore /srv/backups/factoryd-2026-11-26T023000Z.db --data-dir /var/lib/factoryd\n',
    )
    .action(async (file: string, opts: CommonOptions) => {
      const { restore } = await import('./commands/restore.command.js');
      exitCode = await restore(file, opts, io);
    });

  const keys = program.command('keys').description('API keys, on the server box itself (recovery)');
  keys
    .command('create')
    .description('create an admin API key and print it once')
    .requiredOption('--name <name>', 'what the key is for')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .addHelpText('after', '\nExample:\n  factoryd keys create --name "ERP integration"\n')
    .action(async (opts: CommonOptions & { name: string }) => {
      const { createKey } = await import('./commands/keys.command.js');
      exitCode = await createKey(opts, io);
    });

  const staff = program.command('staff').description('staff users (admins and supervisors)');
  staff
    .command('add')
    .description('create a staff user; the password is prompted, or read from stdin when piped')
    .requiredOption('--email <email>', 'login email')
    .requiredOption('--name <name>', 'display name')
    .option('--role <role>', 'admin or supervisor', 'supervisor')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .addHelpText(
      'after',
      '\nExample:\n  printf "%s" "$PASSWORD" | factoryd staff add --email sam@acme.test --name Sam --role supervisor\n',
    )
    .action(async (opts) => {
      const { addStaff } = await import('./commands/staff.command.js');
      exitCode = await addStaff(opts, io);
    });

  const audit = program.command('audit').description('the audit trail of changes (DESIGN §17)');
  audit
    .command('verify')
    .description("check the audit trail's hash chain; names the first edited or deleted row")
    .option('--json', 'print the verdict as JSON')
    .option(...dataDirOption)
    .option(...databaseUrlOption)
    .addHelpText('after', '\nExample:\n  factoryd audit verify --data-dir /var/lib/factoryd\n')
    .action(async (opts: CommonOptions & { json?: boolean }) => {
      const { verifyAudit } = await import('./commands/audit.command.js');
      exitCode = await verifyAudit(opts, io);
    });

  program
    .command('version')
    .description('print the version, commit and Node version')
    .action(() => {
      io.stdout.write(`${versionLine('factoryd')}\n`);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with code 0; usage mistakes with 1 → 2.
      return err.exitCode === 0 ? 0 : 2;
    }
    io.stderr.write(`factoryd: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  return exitCode;
}
