import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getCompany, updateCompany } from '../../core/factory/company.js';
import { getSettings, updateSettings } from '../../core/factory/settings.js';
import { PLANS } from '../../core/factory/plans.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';

import { Company, CompanyPatch, Settings, SettingsPatch, Plan } from '../schemas/company.js';

export async function companyRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/company',
    {
      schema: {
        operationId: 'getCompany',
        description:
          "The company's name, legal name, address and owner details, as shown on labels and delivery notes.",
        tags: ['company'],
        summary: 'Company, billing and owner details',
        response: { 200: Company },
      },
    },
    async (request) => getCompany(core, factoryOf(request)),
  );

  r.patch(
    '/v1/company',
    {
      schema: {
        operationId: 'updateCompany',
        description:
          'Changes the company details. `company`, `name` and `legal_name` are sent every time; a nullable field sent as null is cleared.',
        tags: ['company'],
        summary: 'Update company details (company, name and legal_name every time; null clears)',
        body: CompanyPatch,
        response: { 200: Company },
      },
    },
    async (request) => updateCompany(core, factoryOf(request), request.body),
  );

  r.get(
    '/v1/settings',
    {
      schema: {
        operationId: 'getSettings',
        description:
          "The factory's settings: stuck threshold, label defaults, public URL and the like.",
        tags: ['settings'],
        summary: "The factory's settings",
        response: { 200: Settings },
      },
    },
    async (request) => getSettings(core, factoryOf(request)),
  );

  r.patch(
    '/v1/settings',
    {
      schema: {
        operationId: 'updateSettings',
        description:
          'Changes only the settings sent; the others keep their values. The answer is every setting after the change.',
        tags: ['settings'],
        summary: 'Change settings (only the fields sent)',
        body: SettingsPatch,
        response: { 200: Settings },
      },
    },
    async (request) => updateSettings(core, factoryOf(request), request.body),
  );

  r.get(
    '/v1/plans',
    {
      schema: {
        operationId: 'listPlans',
        description: 'The plans a factory can be on and their prices, in pence and excluding VAT.',
        tags: ['plans'],
        summary: 'Plans and prices (pence, excluding VAT)',
        response: {
          200: Type.Object(
            { object: Type.Literal('list'), data: Type.Array(Plan) },
            { $id: 'PlanList' },
          ),
        },
      },
    },
    async () => ({ object: 'list' as const, data: [...PLANS] }),
  );
}
