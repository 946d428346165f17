import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listAuditLog, verifyAuditChain } from '../../core/audit/audit-log.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { ListOf, ListQuery } from '../schemas/common.js';
import { AuditEntry, AuditLogQuery, AuditVerification } from '../schemas/audit.js';

export async function auditRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/audit-log',
    {
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEntries',
        summary: 'List the audit trail, newest first',
        description:
          'Every change by a staff user, an API key, a retailer user or the scheduler, one row each, ' +
          'with who made it, the action (`order.cancel`), its target, the request id, the client ' +
          'address and the fields it set (secrets left out). Scans are their own ledger and are not here.',
        querystring: Type.Object(
          { ...ListQuery, ...AuditLogQuery.properties },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(AuditEntry) },
      },
    },
    async (request) => listAuditLog(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/audit-log/verify',
    {
      schema: {
        tags: ['audit'],
        operationId: 'verifyAuditLog',
        summary: "Check the audit trail's hash chain",
        description:
          'Walks the whole chain in order: `ok` when every row holds, otherwise the first row that ' +
          'was edited or follows a deleted one. `head` is the newest hash: keep it elsewhere to see ' +
          'later that no newest rows were cut off.',
        response: { 200: AuditVerification },
      },
    },
    async () => verifyAuditChain(core),
  );
}
