import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { AppError } from '../domain/errors.js';
import { MINUTE } from '../domain/clock.js';
import { newId } from '../domain/ids.js';
import type { CoreContext } from '../core/context.js';
import type { Principal } from '../core/auth/principal.js';
import { resolveToken } from '../core/auth/resolve-token.js';
import { FailureLimiter } from '../core/rate-limiter.js';
import { takeTurns } from '../core/take-turns.js';
import { labelsInThisThread, type LabelRenderer } from '../labels/label-renderer.js';
import { accessFor, mayCall } from './permissions.js';
import { applyApiVersion, CURRENT_API_VERSION } from './api-version.js';
import {
  answerClientError,
  CONNECTION_LIMITS,
  guardConnections,
  type ConnectionLimits,
} from './connections.js';
import { handleError, sendError, toAppError } from './errors.js';
import { loginLimiters } from './login.js';
import type { EventStreamOptions, Limiters, MetricsEndpoint, RouteDeps } from './route-deps.js';
import { countRequests } from './request-metrics.js';
import { registerIdempotency, type RequestClaim } from './idempotency.js';
import { registerAuditTrail } from './audit-hook.js';
import { OneLinePerRequest } from './request-log.js';
import { swaggerOptions } from './openapi-document.js';
import { ROUTES } from './routes/index.js';
import { SCANS_ROUTE } from './routes/scans.routes.js';
import { routeSchemaCompilers } from './schema-compilers.js';
import type { ServerReach } from './station-address.js';
import { isApiPath, webApp } from './web-app.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    idempotency: RequestClaim | undefined;
  }
  interface FastifyContextConfig {
    /** The route creates something and honours `Idempotency-Key`. */
    idempotent?: boolean;
    /**
     * This registration is a former URL of a route, kept for clients written before it moved,
     * and left out of the OpenAPI document (openapi-document.ts).
     */
    formerUrl?: boolean;
  }
}

export interface AppDeps {
  core: CoreContext;
  /** A pino logger; none means silence (tests). */
  logger?: FastifyBaseLogger;
  /** Trust X-Forwarded-For from a reverse proxy for the client address. */
  trustProxy?: boolean;
  /** Serve HTTPS with this certificate and key (PEM). */
  https?: { cert: Buffer; key: Buffer };
  /**
   * Compile every route's validators and serializers while building, each schema checked
   * against the JSON Schema meta-schema, instead of on each route's first request
   * (schema-compilers.ts). For tests: a broken schema then fails the build.
   */
  eagerSchemas?: boolean;
  /** Timeouts and the connection cap; tests shorten them (CONNECTION_LIMITS otherwise). */
  connections?: Partial<ConnectionLimits>;
  /**
   * Serve the built web app from this directory at every path outside the API (web-app.ts).
   * Without it, those paths answer the API's 404.
   */
  webRoot?: string;
  /**
   * Where labels are rendered: `factoryd serve` gives a thread of its own (labelThread); without
   * it, in this thread, taking turns with other requests.
   */
  labels?: LabelRenderer;
  /**
   * Where devices reach the server, for pairing codes' `pair_url` (station-address.ts): the
   * daemon fills it in once it listens. Without it, the address each request came in on.
   */
  reach?: ServerReach;
  /** `GET /metrics` answers its token (none: 404); requests are counted when metrics are on. */
  metrics?: MetricsEndpoint;
  /** The event stream's ping interval and per-client buffer (tests shorten them). */
  eventStream?: EventStreamOptions;
  /**
   * False: no audit trail (DESIGN §17). Only for the benchmark's baseline
   * (FACTORYD_AUDIT=off, docs/audit.md); a factory always keeps one.
   */
  audit?: boolean;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * On every API answer: tokens, orders and addresses are never kept by a browser or a proxy on
 * the way, and nothing is read as another type than the one sent.
 */
const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
/** When serving TLS: browsers that met it once refuse plain HTTP to this host for a year. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when the header is absent
 * or malformed: exactly one space after the scheme (its case is free, RFC 9110), one token, nothing
 * after it. (Whitespace around the whole value is not part of it in HTTP: Node drops it.)
 */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header);
  return match?.[1];
}
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Builds the HTTP app without listening: the daemon calls `listen`, tests call `inject`.
 * Every failure, Fastify's own included, answers the error envelope of DESIGN §3.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const limits: ConnectionLimits = { ...CONNECTION_LIMITS, ...deps.connections };
  const serverOptions = { connectionsCheckingInterval: limits.checkIntervalMs };
  let closing = false;
  const app: FastifyInstance = Fastify({
    ...(deps.https ? { https: { ...deps.https, ...serverOptions } } : { http: serverOptions }),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: () => newId('request', new Date()),
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.trustProxy ?? false,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    // Answered below in the error envelope, as every other answer.
    return503OnClosing: false,
    clientErrorHandler: (err, socket) => answerClientError(err, socket, app.log),
    frameworkErrors: (err, request, reply) => {
      sendError(reply, request, toAppError(err) ?? new AppError('internal_error'));
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Validators and serializers compile on each route's first request (schema-compilers.ts).
    schemaController: {
      compilersFactory: routeSchemaCompilers({ eager: deps.eagerSchemas ?? false }),
    },
  });

  app.server.headersTimeout = limits.headersTimeoutMs;
  app.server.maxConnections = limits.maxConnections;
  if (!deps.trustProxy) guardConnections(app.server, limits, app.log);
  let dropped = 0;
  app.server.on('drop', () => {
    // One line per burst, not one per refused connection.
    if (dropped++ === 0) {
      setTimeout(() => {
        app.log.warn(
          { dropped, max_connections: limits.maxConnections },
          'connections refused: too many open',
        );
        dropped = 0;
      }, 10_000).unref();
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  const clock = deps.core.clock;
  const limiters: Limiters = {
    pairing: new FailureLimiter(deps.core.db, clock, 'pairing', 10, 10 * MINUTE),
    login: loginLimiters(deps.core.db, clock),
  };

  app.decorateRequest('principal', null);
  app.decorateRequest('idempotency', undefined);

  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.setErrorHandler(handleError);
  // Every path outside the API belongs to the web app (GET and HEAD); the rest is the API's 404.
  const web = deps.webRoot === undefined ? undefined : webApp(deps.webRoot, app.log);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (web && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) {
      return web.serve(request, reply);
    }
    return sendError(
      reply,
      request,
      new AppError('route_not_found', { message: `No endpoint ${request.method} ${path}.` }),
    );
  });

  app.decorateRequest('apiVersion', CURRENT_API_VERSION);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
    if (deps.https) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isApiPath(request.url.split('?')[0] ?? '/')) reply.headers(API_HEADERS);
    applyApiVersion(request, reply);
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError('shutting_down', { retryAfter: 1 });
    }
    const url = request.routeOptions.url;
    if (url === undefined) return; // no such route: the not-found handler answers
    const access = accessFor(request.method, url);
    if (access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw new AppError('missing_token');
    const principal = await resolveToken(deps.core, token, {
      // The scan's use case checks its station again in its own transaction.
      stationCheckedLater: request.method === 'POST' && url === SCANS_ROUTE,
    });
    if (!principal) throw new AppError('invalid_token');
    request.principal = principal;
    if (!access || !mayCall(principal, `${request.method} ${url}`)) {
      throw new AppError('forbidden', {
        message:
          principal.kind === 'station'
            ? 'A station token may only record scans of its own kind.'
            : principal.kind === 'board'
              ? 'A board may only read the floor (the board, its reports and the event stream).'
              : principal.kind === 'api_key' && access?.includes('api_key')
                ? `This API key's scopes (${principal.scopes.join(', ')}) do not allow this operation.`
                : 'This token may not perform this operation.',
      });
    }
  });

  registerIdempotency(app, deps.core);
  if (deps.core.metrics.enabled) countRequests(app, deps.core.metrics);
  if (deps.audit !== false) registerAuditTrail(app);

  await app.register(swagger, swaggerOptions());

  const routeDeps: RouteDeps = {
    core: deps.core,
    limiters,
    labels: deps.labels ?? labelsInThisThread(takeTurns),
    reach: deps.reach ?? { loopbackOnly: false, lanUrl: null },
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.eventStream ? { eventStream: deps.eventStream } : {}),
  };
  for (const register of ROUTES) await register(app, routeDeps);

  return app;
}
