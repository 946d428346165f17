import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../app.js';

/** Placeholder: retailer users' routes are registered here. */
export async function retailerUsersRoutes(_app: FastifyInstance, _deps: RouteDeps): Promise<void> {}
