import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Health probes (a monitor's every few seconds): one line each at info would fill the journal. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One log line per request, written when it is answered: its id (`reqId`), method, URL, status
 * and time in milliseconds. Fastify's default writes two (one when a request comes in); a
 * request that never ends is found by the connection timeouts, not by its first line. Passing
 * health probes (`/healthz`, `/readyz`) are logged at debug (`--log-level debug`).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (HEALTH_PATHS.has(request.url.split('?')[0] ?? '') && reply.statusCode < 500) {
      // A passing health probe is logged at debug only; a failing one stays at info.
      reply.log.debug(line, 'request completed');
    } else reply.log.info(line, 'request completed');
  }
}
