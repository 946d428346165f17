import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { migrationProvider } from './migrations/index.js';

/**
 * Which build applied each migration, and what a database holds compared with this build's
 * migrations: for the start-up log, `factoryd migrate --status`, and an older factoryd that
 * meets a newer database (docs/operate.md, "Upgrades and rollback").
 */

/** A build of factoryd: its version and commit. */
export interface Build {
  version: string;
  commit: string;
}

export const UNKNOWN_BUILD: Build = { version: 'unknown', commit: 'unknown' };

/** The migration that made `migration_versions`: the ones after it are recorded there. */
const FIRST_RECORDED = '2026-11-26-0701-migration-versions';

/**
 * This build's migrations, each (from FIRST_RECORDED on) recording in `migration_versions` which
 * build applied it, inside its own transaction: a migration is never applied without its row.
 */
export function recordingMigrations(build: Build): MigrationProvider {
  return {
    getMigrations: async () => {
      const all = await migrationProvider.getMigrations();
      return Object.fromEntries(
        Object.entries(all).map(([name, migration]): [string, Migration] => [
          name,
          name < FIRST_RECORDED
            ? migration
            : {
                // Migrations take any schema: they are frozen in time.
                // eslint-disable-next-line @typescript-eslint/no-explicit-any
                up: async (db: Kysely<any>) => {
                  await migration.up(db);
                  await db
                    .insertInto('migration_versions')
                    .values({
                      name,
                      version: build.version,
                      commit_sha: build.commit,
                      applied_at: new Date().toISOString(),
                    })
                    .execute();
                },
              },
        ]),
      );
    },
  };
}

export interface MigrationState {
  name: string;
  /** `unknown`: applied by a newer build; this one does not have it. */
  state: 'applied' | 'pending' | 'unknown';
  /** When it was applied (Kysely's record); null when pending. */
  applied_at: string | null;
  /** The build that applied it, when recorded (migrations from 0701 on). */
  applied_by: Build | null;
}

// The migration tables are not in the schema types: read through a schema-less Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function tableNames(db: AnyDb): Promise<Set<string>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return new Set(tables.map((t) => t.name));
}

/** Every migration this build knows or the database holds, in name order, with its state. */
export async function migrationStates(db: AnyDb): Promise<MigrationState[]> {
  const known = Object.keys(await migrationProvider.getMigrations());
  const tables = await tableNames(db);
  const applied = tables.has('kysely_migration')
    ? ((await db.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()) as {
        name: string;
        timestamp: string | Date;
      }[])
    : [];
  const builds = tables.has('migration_versions')
    ? ((await db
        .selectFrom('migration_versions')
        .select(['name', 'version', 'commit_sha'])
        .execute()) as { name: string; version: string; commit_sha: string }[])
    : [];
  const appliedAt = new Map(
    applied.map((m) => [m.name, new Date(m.timestamp).toISOString()] as const),
  );
  const builtBy = new Map(
    builds.map((b) => [b.name, { version: b.version, commit: b.commit_sha }] as const),
  );
  const names = [...new Set([...known, ...appliedAt.keys()])].sort();
  const knownSet = new Set(known);
  return names.map((name) => ({
    name,
    state: !knownSet.has(name) ? 'unknown' : appliedAt.has(name) ? 'applied' : 'pending',
    applied_at: appliedAt.get(name) ?? null,
    applied_by: builtBy.get(name) ?? null,
  }));
}

/** The database was upgraded by a newer factoryd: this one must not serve or migrate it. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly unknown: MigrationState[],
    thisBuild: Build,
  ) {
    const builds = [
      ...new Set(
        unknown.flatMap((m) =>
          m.applied_by ? [`${m.applied_by.version} (commit ${m.applied_by.commit})`] : [],
        ),
      ),
    ];
    const by = builds.length > 0 ? `factoryd ${builds.join(', ')}` : 'a newer factoryd';
    const newest = unknown.at(-1)?.applied_by?.version;
    super(
      `this database was upgraded by ${by}: it holds ${unknown.length} migration(s) this factoryd ` +
        `${thisBuild.version} does not know (${unknown.map((m) => m.name).join(', ')}). ` +
        `Run factoryd ${newest ?? 'of that version'} or newer on it; or, to go back to ` +
        `${thisBuild.version}, restore the backup taken before the upgrade ` +
        '("factory docs operate", Upgrades and rollback). Nothing was changed.',
    );
    this.name = 'NewerDatabaseError';
  }
}

/** Throws NewerDatabaseError when the database holds migrations this build does not know. */
export async function refuseNewerDatabase(db: AnyDb, thisBuild: Build): Promise<void> {
  const unknown = (await migrationStates(db)).filter((m) => m.state === 'unknown');
  if (unknown.length > 0) throw new NewerDatabaseError(unknown, thisBuild);
}
