import { AppError, invalid } from '../../domain/errors.js';
import { isValidLabelPrefix } from '../../domain/barcode.js';
import type { FactoryTable } from '../../store/schema.js';
import * as factories from '../../store/settings/factories.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

export interface Address {
  line1: string | null;
  line2: string | null;
  town: string | null;
  postcode: string | null;
  country: string | null;
}

export interface CompanyView {
  object: 'company';
  id: string;
  company: string;
  name: string;
  legal_name: string;
  label_prefix: string;
  company_number: string | null;
  vat_number: string | null;
  industry: string | null;
  address: Address;
  factory_same_as_registered: boolean | null;
  billing_email: string | null;
  phone: string | null;
  po_number: string | null;
  job_title: string | null;
  mobile: string | null;
  terms_accepted: boolean | null;
  terms_accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** PATCH /v1/company: the three names every time; optional fields kept when omitted, cleared by null. */
export interface CompanyPatch {
  company: string;
  name: string;
  legal_name: string;
  label_prefix?: string | null;
  company_number?: string | null;
  vat_number?: string | null;
  industry?: string | null;
  address?: Partial<Address> | null;
  factory_same_as_registered?: boolean | null;
  billing_email?: string | null;
  phone?: string | null;
  po_number?: string | null;
  job_title?: string | null;
  mobile?: string | null;
  terms_accepted?: boolean | null;
}

const bool = (v: number | null): boolean | null => (v === null ? null : v === 1);
const int = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);

export const toCompanyView = (row: FactoryTable): CompanyView => ({
  object: 'company',
  id: row.id,
  company: row.company,
  name: row.name,
  legal_name: row.legal_name,
  label_prefix: row.label_prefix,
  company_number: row.company_number,
  vat_number: row.vat_number,
  industry: row.industry,
  address: {
    line1: row.address_line1,
    line2: row.address_line2,
    town: row.address_town,
    postcode: row.address_postcode,
    country: row.address_country,
  },
  factory_same_as_registered: bool(row.factory_same_as_registered),
  billing_email: row.billing_email,
  phone: row.phone,
  po_number: row.po_number,
  job_title: row.job_title,
  mobile: row.mobile,
  terms_accepted: bool(row.terms_accepted),
  terms_accepted_at: row.terms_accepted_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

// Deliberately plain: one @, no spaces, a dot in the domain. Delivery is the real test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

// Made on first use: it loads ICU's region data, which the daemon's start does not need.
let regionNames: Intl.DisplayNames | undefined;

/** ISO 3166-1 alpha-2, checked against the regions the runtime knows (no list to maintain). */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value)) return false;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    const name = regionNames.of(value);
    return name !== undefined && name !== value;
  } catch {
    return false;
  }
}

function validate(patch: CompanyPatch): void {
  for (const field of ['company', 'name', 'legal_name'] as const) {
    if (patch[field].trim() === '') throw invalid(field, `${field} must not be empty.`);
  }
  if (patch.label_prefix !== undefined && patch.label_prefix !== null) {
    if (!isValidLabelPrefix(patch.label_prefix)) {
      throw invalid('label_prefix', 'label_prefix must be 1 to 8 characters of A-Z and 0-9.');
    }
  }
  if (patch.label_prefix === null) {
    throw invalid('label_prefix', 'label_prefix cannot be cleared; every barcode needs a prefix.');
  }
  if (patch.billing_email && !isEmail(patch.billing_email)) {
    throw invalid('billing_email', 'billing_email must be an email address.');
  }
  const country = patch.address?.country;
  if (country !== undefined && country !== null && !isCountryCode(country)) {
    throw invalid(
      'address.country',
      'address.country must be an ISO 3166-1 alpha-2 code in capitals, such as GB.',
    );
  }
}

export async function getCompany(ctx: CoreContext, factoryId: string): Promise<CompanyView> {
  const row = await factories.factoryOf(ctx.db, factoryId);
  if (!row) throw new AppError('not_found', { message: 'No such factory.' });
  return toCompanyView(row);
}

export function updateCompany(
  ctx: CoreContext,
  factoryId: string,
  patch: CompanyPatch,
): Promise<CompanyView> {
  validate(patch);
  return transact(ctx, async (tx) => {
    const current = await factories.existingFactoryOf(tx.trx, factoryId);
    const set: Partial<FactoryTable> = {
      company: patch.company.trim(),
      name: patch.name.trim(),
      legal_name: patch.legal_name.trim(),
      updated_at: tx.nowIso,
    };
    const optional = [
      'company_number',
      'vat_number',
      'industry',
      'billing_email',
      'phone',
      'po_number',
      'job_title',
      'mobile',
    ] as const;
    for (const field of optional) {
      if (patch[field] !== undefined) set[field] = patch[field];
    }
    if (patch.label_prefix) set.label_prefix = patch.label_prefix;
    if (patch.factory_same_as_registered !== undefined) {
      set.factory_same_as_registered = int(patch.factory_same_as_registered);
    }
    if (patch.terms_accepted !== undefined) {
      set.terms_accepted = int(patch.terms_accepted);
      set.terms_accepted_at = patch.terms_accepted
        ? (current.terms_accepted_at ?? tx.nowIso)
        : null;
    }
    if (patch.address === null) {
      Object.assign(set, {
        address_line1: null,
        address_line2: null,
        address_town: null,
        address_postcode: null,
        address_country: null,
      });
    } else if (patch.address) {
      const a = patch.address;
      if (a.line1 !== undefined) set.address_line1 = a.line1;
      if (a.line2 !== undefined) set.address_line2 = a.line2;
      if (a.town !== undefined) set.address_town = a.town;
      if (a.postcode !== undefined) set.address_postcode = a.postcode;
      if (a.country !== undefined) set.address_country = a.country;
    }
    await factories.updateFactory(tx.trx, factoryId, set);
    return toCompanyView({ ...current, ...set });
  });
}
