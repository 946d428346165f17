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
import * as auditLog from './2026-11-26-0401-audit-log.js';
import * as operators from './2026-11-26-0402-operators.js';

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
  '2026-11-26-0401-audit-log': auditLog,
  '2026-11-26-0402-operators': operators,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
