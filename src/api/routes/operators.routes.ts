import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SIGN_OUT_BADGE } from '../../domain/operator-badge.js';
import {
  createOperator,
  getOperator,
  listOperators,
  updateOperator,
} from '../../core/operators/operators.js';
import type { BadgeLabel, LabelDpi, LabelFormat } from '../../labels/label.model.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { coreOf } from '../idempotency.js';
import { IdParams, ListOf, ListQuery } from '../schemas/common.js';
import { LabelQuery } from '../schemas/labels.js';
import { Operator, OperatorCreate, OperatorPatch } from '../schemas/operators.js';

const BadgeDocument = {
  description: 'A PDF page or a ZPL ^XA…^XZ: the name, the badge as Code 128 and its text.',
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
    'text/plain': { schema: { type: 'string' } },
  },
};

export async function operatorsRoutes(
  app: FastifyInstance,
  { core, labels }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  const sendBadge = async (
    reply: FastifyReply,
    label: BadgeLabel,
    format: LabelFormat,
    dpi: LabelDpi,
    file: string,
  ) => {
    const rendered = await labels.render([label], format, dpi);
    const disposition = format === 'zpl' ? 'attachment' : 'inline';
    return reply
      .type(rendered.contentType)
      .header('content-disposition', `${disposition}; filename=${file}-${dpi}dpi.${format}`)
      .header('x-label-count', String(rendered.count))
      .send(rendered.body);
  };

  r.post(
    '/v1/operators',
    {
      config: { idempotent: true },
      schema: {
        tags: ['operators'],
        operationId: 'createOperator',
        summary: 'Add an operator: a person at stations, with a badge',
        description:
          'Operators are not users: they sign in at a station by scanning their badge (`OP 000001`, ' +
          'numbered per factory), and the station page speaks their language.',
        body: OperatorCreate,
        response: { 200: Operator },
      },
    },
    async (request) => createOperator(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/operators',
    {
      schema: {
        tags: ['operators'],
        operationId: 'listOperators',
        summary: 'List operators, newest first',
        description: 'Keyset pages; `active` keeps only active (true) or inactive (false) ones.',
        querystring: Type.Object(
          {
            ...ListQuery,
            active: Type.Optional(
              Type.Boolean({ description: 'true: active operators only; false: inactive only.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Operator) },
      },
    },
    async (request) => listOperators(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/operators/sign-out-badge',
    {
      schema: {
        tags: ['operators'],
        operationId: 'getSignOutBadge',
        summary: 'The sign-out badge: scanned at a station, its operator signs out',
        description: `The same for every factory: \`${SIGN_OUT_BADGE}\`. Print one for each station.`,
        querystring: LabelQuery,
        response: { 200: BadgeDocument },
      },
    },
    async (request, reply) => {
      const { format, dpi } = request.query;
      const label: BadgeLabel = {
        kind: 'badge',
        name: 'Sign out',
        badge: SIGN_OUT_BADGE,
        note: 'Scan at a station to sign its operator out.',
      };
      return sendBadge(reply, label, format, dpi, 'badge-sign-out');
    },
  );

  r.get(
    '/v1/operators/:id',
    {
      schema: {
        tags: ['operators'],
        operationId: 'getOperator',
        summary: 'One operator',
        description: 'An operator of the factory by id.',
        params: IdParams,
        response: { 200: Operator },
      },
    },
    async (request) => getOperator(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/operators/:id',
    {
      schema: {
        tags: ['operators'],
        operationId: 'updateOperator',
        summary: 'Rename an operator, change their language, or (de)activate them',
        description:
          "An inactive operator's badge is refused at stations, and they are signed out wherever " +
          'they were signed in. The badge never changes.',
        params: IdParams,
        body: OperatorPatch,
        response: { 200: Operator },
      },
    },
    async (request) => updateOperator(core, factoryOf(request), request.params.id, request.body),
  );

  r.get(
    '/v1/operators/:id/badge',
    {
      schema: {
        tags: ['operators'],
        operationId: 'getOperatorBadge',
        summary: "An operator's badge to print (PDF or ZPL)",
        description: 'The name, and the badge as Code 128 with its text, on a 4 × 6 in label.',
        params: IdParams,
        querystring: LabelQuery,
        response: { 200: BadgeDocument },
      },
    },
    async (request, reply) => {
      const operator = await getOperator(core, factoryOf(request), request.params.id);
      const { format, dpi } = request.query;
      const label: BadgeLabel = {
        kind: 'badge',
        name: operator.name,
        badge: operator.badge,
        note: 'Scan at a station to sign in. Scans are then recorded as yours.',
      };
      return sendBadge(reply, label, format, dpi, `badge-${operator.badge.replace(' ', '-')}`);
    },
  );
}
