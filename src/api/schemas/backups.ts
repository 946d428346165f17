import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, StringEnum } from './common.js';

/** One scheduled backup's outcome; also the data of `backup.completed` and `backup.failed`. */
export const BackupRun = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('backup_run'),
    status: StringEnum(['completed', 'failed'] as const),
    started_at: IsoDateTime,
    finished_at: IsoDateTime,
    file: Nullable(
      Type.String({ description: 'The verified backup, or where it would have gone' }),
    ),
    bytes: Nullable(Type.Integer()),
    error: Nullable(Type.String({ description: 'Why it failed, in a sentence' })),
  },
  { $id: 'BackupRun' },
);

export const BackupStatus = Type.Object(
  {
    object: Type.Literal('backup_status'),
    schedule: Nullable(Type.String({ description: 'The backup_schedule setting; null: none' })),
    last_run: Nullable(BackupRun),
    last_completed: Nullable(BackupRun),
    runs: Type.Array(BackupRun),
  },
  { $id: 'BackupStatus' },
);
