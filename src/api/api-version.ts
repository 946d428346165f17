import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.js';

/**
 * Dated API versions, as Stripe's (docs/versioning.md). A request may pin one with
 * `Factoryd-Version: YYYY-MM-DD`; every answer says the version it was answered in with
 * `factoryd-version`. A change that could break a client that follows docs/versioning.md gets a
 * new date here, and the old behaviour stays available under the old date.
 */
export const API_VERSIONS = ['2026-11-01'] as const;

export type ApiVersion = (typeof API_VERSIONS)[number];

/** The version of a request that names none: the newest. */
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

export const VERSION_HEADER = 'factoryd-version';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API version this request is answered in. */
    apiVersion: ApiVersion;
  }
}

function isApiVersion(value: string): value is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(value);
}

/**
 * Reads the request's `Factoryd-Version` and sets the answer's: the version asked for, or the
 * current one. An unknown or malformed version is refused (400 `invalid_api_version`) rather than
 * answered in another version than the client expects; that answer says the current version.
 */
export function applyApiVersion(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(VERSION_HEADER, CURRENT_API_VERSION);
  request.apiVersion = CURRENT_API_VERSION;
  const header = request.headers[VERSION_HEADER];
  if (header === undefined) return;
  const asked = (Array.isArray(header) ? header[0]! : header).trim();
  if (!isApiVersion(asked)) {
    const known = API_VERSIONS.join(', ');
    throw new AppError('invalid_api_version', {
      param: 'Factoryd-Version',
      message: /^\d{4}-\d{2}-\d{2}$/.test(asked)
        ? `Factoryd-Version ${asked} is not a version of this API; known versions: ${known}.`
        : `Factoryd-Version must be a date, YYYY-MM-DD; known versions: ${known}.`,
    });
  }
  request.apiVersion = asked;
  reply.header(VERSION_HEADER, asked);
}
