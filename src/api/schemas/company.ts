import { Type, type Static } from '@sinclair/typebox';
import { PRINT_RULE_EVENTS } from '../../domain/printing.js';
import { IntegerEnum, IsoDateTime, Nullable, Strict, StringEnum } from './common.js';

export const Text = (max = 200) => Type.String({ maxLength: max });
export const OptionalText = (max = 200) => Type.Optional(Nullable(Text(max)));

export const AddressFields = {
  line1: OptionalText(),
  line2: OptionalText(),
  town: OptionalText(),
  postcode: OptionalText(20),
  country: OptionalText(2),
};

export const Company = Type.Object(
  {
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
  },
  { $id: 'Company' },
);

export const CompanyPatch = Strict(
  {
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
  },
  { $id: 'CompanyUpdate' },
);

/**
 * An auto-print rule: on this event, print on this printer (DESIGN §14); `printer_id` null, for
 * `label.voided` only: only on the printer of the station that asked.
 */
export const PrintRule = Type.Object(
  {
    event: StringEnum(PRINT_RULE_EVENTS),
    printer_id: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description:
        'The printer; null (label.voided only) prints only at the station that asked for the void.',
    }),
  },
  { additionalProperties: false, $id: 'PrintRule' },
);

export const Settings = Type.Object(
  {
    object: Type.Literal('settings'),
    stuck_after_days: Type.Integer(),
    timezone: Type.String(),
    station_app_scheme: Type.String(),
    session_ttl_hours: Type.Integer(),
    label_size: Type.Literal('4x6'),
    default_dpi: IntegerEnum([203, 300] as const),
    webhook_retention_days: Type.Integer(),
    webhook_allowed_hosts: Type.Array(Type.String()),
    public_url: Nullable(Type.String()),
    backup_schedule: Nullable(Type.String()),
    backup_dir: Nullable(Type.String()),
    backup_keep: Type.Integer(),
    gs1_company_prefix: Nullable(Type.String()),
    print_rules: Type.Array(PrintRule),
    operator_idle_minutes: Nullable(
      Type.Integer({
        description: 'No scan at a station for this long signs its operator out; null: never.',
      }),
    ),
    updated_at: IsoDateTime,
  },
  { $id: 'Settings' },
);

export const SettingsPatch = Strict(
  {
    stuck_after_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    station_app_scheme: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    session_ttl_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
    label_size: Type.Optional(Type.Literal('4x6')),
    default_dpi: Type.Optional(IntegerEnum([203, 300] as const)),
    webhook_retention_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    webhook_allowed_hosts: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 }),
    ),
    public_url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    backup_schedule: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    backup_dir: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    backup_keep: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    gs1_company_prefix: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    print_rules: Type.Optional(Type.Array(PrintRule, { maxItems: 50 })),
    operator_idle_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1440 }))),
  },
  { minProperties: 1, $id: 'SettingsUpdate' },
);

export const Plan = Type.Object(
  {
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
  },
  { $id: 'Plan' },
);

export type Company = Static<typeof Company>;
export type CompanyPatch = Static<typeof CompanyPatch>;
export type Settings = Static<typeof Settings>;
export type SettingsPatch = Static<typeof SettingsPatch>;
export type Plan = Static<typeof Plan>;
