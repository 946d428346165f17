import type { FastifyRequest } from 'fastify';
import type { Principal } from '../core/auth/principal.js';

/** The caller's principal; routes only run after the auth hook has set it (non-public routes). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without a principal');
  return request.principal;
}

/** Every query is scoped to the factory of the caller's token. */
export function factoryOf(request: FastifyRequest): string {
  return principalOf(request).factoryId;
}

/**
 * The URLs a route answers at: where the OpenAPI document has it, then where it was before it
 * moved (older clients still call those; `config.formerUrl` keeps them out of the document).
 */
export function movedRoute(
  url: string,
  ...former: string[]
): Array<{ url: string; config: { formerUrl?: true } }> {
  return [
    { url, config: {} },
    ...former.map((f) => ({ url: f, config: { formerUrl: true as const } })),
  ];
}
