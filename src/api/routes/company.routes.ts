import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getCompany, updateCompany } from '../../core/factory/company.js';
import { getSettings, updateSettings } from '../../core/factory/settings.js';
import { PLANS } from '../../core/factory/plans.js';
import type { RouteDeps } from '../app.js';
import { factoryOf } from '../route-helpers.js';
import { IsoDateTime, Nullable, Strict } from '../schemas/common.js';

const Text = (max = 200) => Type.String({ maxLength: max });
const OptionalText = (max = 200) => Type.Optional(Nullable(Text(max)));

const AddressFields = {
  line1: OptionalText(),
  line2: OptionalText(),
  town: OptionalText(),
  postcode: OptionalText(20),
  country: OptionalText(2),
};

const Company = Type.Object({
  object: Type.Literal('company'),
  id: Type.String(),
  company: Type.String(),
  name: Type.String(),
  legal_name: Type.String(),
  label_prefix: Type.String(),
  company_number: Nullable(Type.String()),
  vat_number: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  address: Type.Object({
    line1: Nullable(Type.String()),
    line2: Nullable(Type.String()),
    town: Nullable(Type.String()),
    postcode: Nullable(Type.String()),
    country: Nullable(Type.String()),
  }),
  factory_same_as_registered: Nullable(Type.Boolean()),
  billing_email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  po_number: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  terms_accepted: Nullable(Type.Boolean()),
  terms_accepted_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

const CompanyPatch = Strict({
  company: Text(),
  name: Text(),
  legal_name: Text(),
  label_prefix: Type.Optional(Nullable(Text(8))),
  company_number: OptionalText(40),
  vat_number: OptionalText(40),
  industry: OptionalText(),
  address: Type.Optional(Nullable(Strict(AddressFields))),
  factory_same_as_registered: Type.Optional(Nullable(Type.Boolean())),
  billing_email: OptionalText(254),
  phone: OptionalText(40),
  po_number: OptionalText(60),
  job_title: OptionalText(),
  mobile: OptionalText(40),
  terms_accepted: Type.Optional(Nullable(Type.Boolean())),
});

const Settings = Type.Object({
  object: Type.Literal('settings'),
  stuck_after_days: Type.Integer(),
  timezone: Type.String(),
  station_app_scheme: Type.String(),
  session_ttl_hours: Type.Integer(),
  label_size: Type.Literal('4x6'),
  default_dpi: Type.Union([Type.Literal(203), Type.Literal(300)]),
  webhook_retention_days: Type.Integer(),
  webhook_allowed_hosts: Type.Array(Type.String()),
  updated_at: IsoDateTime,
});

const SettingsPatch = Strict(
  {
    stuck_after_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    station_app_scheme: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    session_ttl_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
    label_size: Type.Optional(Type.Literal('4x6')),
    default_dpi: Type.Optional(Type.Union([Type.Literal(203), Type.Literal(300)])),
    webhook_retention_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    webhook_allowed_hosts: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 }),
    ),
  },
  { minProperties: 1 },
);

const Plan = Type.Object({
  id: Type.String(),
  object: Type.Literal('plan'),
  name: Type.String(),
  description: Type.String(),
  currency: Type.Literal('GBP'),
  monthly_price_pence: Type.Integer(),
  annual_price_pence: Type.Integer(),
  vat_included: Type.Literal(false),
  limits: Type.Object({
    stations: Nullable(Type.Integer()),
    orders_per_month: Nullable(Type.Integer()),
    staff_users: Nullable(Type.Integer()),
  }),
});

export async function companyRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/company',
    {
      schema: {
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
        tags: ['plans'],
        summary: 'Plans and prices (pence, excluding VAT)',
        response: { 200: Type.Object({ object: Type.Literal('list'), data: Type.Array(Plan) }) },
      },
    },
    async () => ({ object: 'list' as const, data: [...PLANS] }),
  );
}
