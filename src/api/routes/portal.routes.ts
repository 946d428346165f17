import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../app.js';

/** Placeholder: this resource's routes are registered here. */
export async function portalRoutes(_app: FastifyInstance, _deps: RouteDeps): Promise<void> {}
