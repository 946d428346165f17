import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { backupStatus } from '../../core/backups/backup-runs.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { BackupStatus } from '../schemas/backups.js';

export async function backupsRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/backups',
    {
      schema: {
        tags: ['backups'],
        operationId: 'getBackupStatus',
        summary: 'Where scheduled backups stand',
        description:
          'The backup_schedule setting, the latest scheduled backup (completed or failed), the ' +
          'latest verified one, and the latest 20 runs, newest first. A failed run is never a ' +
          'backup: its file does not exist. The staff app warns admins when the latest run failed.',
        response: { 200: BackupStatus },
      },
    },
    async (request) => backupStatus(core, factoryOf(request)),
  );
}
