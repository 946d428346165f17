import type { FastifyRequest } from 'fastify';

/**
 * The address the caller reached the server at (`http://10.0.0.5:8080`): the origin of links the
 * server hands out for a person to open, such as a portal set-password link.
 */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
