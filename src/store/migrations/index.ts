import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-22-0001-initial.js';
import * as ordersIndexes from './2026-11-22-0002-orders-indexes.js';
import * as webhooksOutbox from './2026-11-22-0003-webhooks-outbox.js';
import * as scansWithoutStationIndex from './2026-11-22-0004-scans-without-station-index.js';
import * as retailerUsersDisabled from './2026-11-24-0006-retailer-users-disabled.js';
import * as rateLimitFailures from './2026-11-24-0007-rate-limit-failures.js';
import * as voidedLabelsOrderIndex from './2026-11-24-0008-voided-labels-order-index.js';
import * as orderPieceCounts from './2026-11-24-0009-order-piece-counts.js';
import * as uploadStaging from './2026-11-25-0010-upload-staging.js';
import * as hiddenUploads from './2026-11-25-0011-hidden-uploads.js';
import * as orderCreatedBy from './2026-11-26-0012-order-created-by.js';
import * as retailerUserPasswordLinks from './2026-11-26-0013-retailer-user-password-links.js';
import * as publicUrlAndOwnerName from './2026-11-26-0015-public-url-and-owner-name.js';
import * as printers from './2026-11-26-0101-printers.js';
import * as consignments from './2026-11-26-0201-consignments.js';
import * as eventStreamSeq from './2026-11-26-0301-event-stream-seq.js';
import * as reportIndexes from './2026-11-26-0302-report-indexes.js';
import * as orderAtRisk from './2026-11-26-0303-order-at-risk.js';
import * as auditLog from './2026-11-26-0401-audit-log.js';
import * as operators from './2026-11-26-0402-operators.js';
import * as scheduledBackups from './2026-11-26-0501-scheduled-backups.js';
import * as writeProbe from './2026-11-26-0502-write-probe.js';
import * as eventsByType from './2026-11-26-0601-events-by-type.js';
import * as webhookSecretRotation from './2026-11-26-0602-webhook-secret-rotation.js';
import * as apiKeyScopes from './2026-11-26-0603-api-key-scopes.js';
import * as migrationVersions from './2026-11-26-0701-migration-versions.js';
import * as singleSignOn from './2026-11-26-0702-single-sign-on.js';
import * as retailerAddress from './2026-11-26-0820-retailer-address.js';
import * as reportRollUps from './2026-11-26-0830-report-roll-ups.js';
import * as auditLogOneIndex from './2026-11-26-0850-audit-log-one-index.js';

/**
 * Every migration, imported statically so the bundled executable needs no migrations folder.
 * Names sort in the order they run; add new ones at the end, never edit a shipped one.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-orders-indexes': ordersIndexes,
  '2026-11-22-0003-webhooks-outbox': webhooksOutbox,
  '2026-11-22-0004-scans-without-station-index': scansWithoutStationIndex,
  '2026-11-24-0006-retailer-users-disabled': retailerUsersDisabled,
  '2026-11-24-0007-rate-limit-failures': rateLimitFailures,
  '2026-11-24-0008-voided-labels-order-index': voidedLabelsOrderIndex,
  '2026-11-24-0009-order-piece-counts': orderPieceCounts,
  '2026-11-25-0010-upload-staging': uploadStaging,
  '2026-11-25-0011-hidden-uploads': hiddenUploads,
  '2026-11-26-0012-order-created-by': orderCreatedBy,
  '2026-11-26-0013-retailer-user-password-links': retailerUserPasswordLinks,
  '2026-11-26-0015-public-url-and-owner-name': publicUrlAndOwnerName,
  '2026-11-26-0101-printers': printers,
  '2026-11-26-0201-consignments': consignments,
  '2026-11-26-0301-event-stream-seq': eventStreamSeq,
  '2026-11-26-0302-report-indexes': reportIndexes,
  '2026-11-26-0303-order-at-risk': orderAtRisk,
  '2026-11-26-0401-audit-log': auditLog,
  '2026-11-26-0402-operators': operators,
  '2026-11-26-0501-scheduled-backups': scheduledBackups,
  '2026-11-26-0502-write-probe': writeProbe,
  '2026-11-26-0601-events-by-type': eventsByType,
  '2026-11-26-0602-webhook-secret-rotation': webhookSecretRotation,
  '2026-11-26-0603-api-key-scopes': apiKeyScopes,
  '2026-11-26-0701-migration-versions': migrationVersions,
  '2026-11-26-0702-single-sign-on': singleSignOn,
  '2026-11-26-0820-retailer-address': retailerAddress,
  '2026-11-26-0830-report-roll-ups': reportRollUps,
  '2026-11-26-0850-audit-log-one-index': auditLogOneIndex,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
