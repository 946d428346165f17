import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../route-deps.js';
import { healthRoutes } from './health.routes.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { companyRoutes } from './company.routes.js';
import { retailersRoutes } from './retailers.routes.js';
import { retailerUsersRoutes } from './retailer-users.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { stationsRoutes } from './stations.routes.js';
import { scansRoutes } from './scans.routes.js';
import { itemsRoutes } from './items.routes.js';
import { labelsRoutes } from './labels.routes.js';
import { returnsRoutes } from './returns.routes.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { eventsRoutes } from './events.routes.js';
import { authRoutes } from './auth.routes.js';
import { portalRoutes } from './portal.routes.js';
import { ssoRoutes } from './sso.routes.js';
import { metricsRoutes } from './metrics.routes.js';
import { backupsRoutes } from './backups.routes.js';
import { consignmentsRoutes } from './consignments.routes.js';
import { printersRoutes } from './printers.routes.js';
import { eventStreamRoutes } from './event-stream.routes.js';
import { reportsRoutes } from './reports.routes.js';
import { auditRoutes } from './audit.routes.js';
import { operatorsRoutes } from './operators.routes.js';

/** Every route module, registered in this order by buildApp. */
export const ROUTES: ReadonlyArray<(app: FastifyInstance, deps: RouteDeps) => Promise<void>> = [
  healthRoutes,
  apiKeysRoutes,
  companyRoutes,
  retailersRoutes,
  retailerUsersRoutes,
  ordersRoutes,
  stationsRoutes,
  scansRoutes,
  itemsRoutes,
  labelsRoutes,
  returnsRoutes,
  webhooksRoutes,
  eventsRoutes,
  authRoutes,
  portalRoutes,
  ssoRoutes,
  metricsRoutes,
  backupsRoutes,
  consignmentsRoutes,
  printersRoutes,
  eventStreamRoutes,
  reportsRoutes,
  auditRoutes,
  operatorsRoutes,
];
