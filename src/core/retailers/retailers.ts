import type { Kysely } from 'kysely';
import { AppError, invalid, notFound } from '../../domain/errors.js';
import { isIdOf, newId } from '../../domain/ids.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import * as retailers from '../../store/retailers/retailers.repository.js';
import type { DB, RetailerTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { isCountryCode, type Address } from '../factory/company.js';
import { transact } from '../transaction.js';

/**
 * Retailer codes: 1–20 of `A-Z`, `0-9`, `-` and `_`, starting with a letter or digit. Input is
 * trimmed and upper-cased first, so `acme-uk` is stored and matched as `ACME-UK`; CSV uploads
 * and order pushes name retailers by this code.
 */
export const RETAILER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;
export const RETAILER_NAME_MAX = 200;

export interface RetailerView {
  id: string;
  object: 'retailer';
  name: string;
  code: string;
  /** Where its deliveries go, printed on delivery notes: the company address's shape. */
  address: Address;
  created_at: string;
  updated_at: string;
}

/** An address as sent: parts left out are kept (PATCH) or empty (create); null empties one. */
export type AddressInput = Partial<Address>;

export const normalizeRetailerCode = (code: string): string => code.trim().toUpperCase();

const toView = (row: RetailerTable): RetailerView => ({
  id: row.id,
  object: 'retailer',
  name: row.name,
  code: row.code,
  address: {
    line1: row.address_line1,
    line2: row.address_line2,
    town: row.address_town,
    postcode: row.address_postcode,
    country: row.address_country,
  },
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > RETAILER_NAME_MAX) {
    throw invalid('name', `name must be 1 to ${RETAILER_NAME_MAX} characters.`);
  }
  return trimmed;
}

function checkedCode(code: string): string {
  const normalized = normalizeRetailerCode(code);
  if (!RETAILER_CODE_PATTERN.test(normalized)) {
    throw invalid(
      'code',
      'code must be 1 to 20 letters, digits, "-" or "_", starting with a letter or digit.',
    );
  }
  return normalized;
}

type AddressColumns = Pick<
  RetailerTable,
  'address_line1' | 'address_line2' | 'address_town' | 'address_postcode' | 'address_country'
>;

const NO_ADDRESS: AddressColumns = {
  address_line1: null,
  address_line2: null,
  address_town: null,
  address_postcode: null,
  address_country: null,
};

/** A part trimmed; blank is empty (null); left out (undefined) keeps `before`. */
function part(value: string | null | undefined, before: string | null): string | null {
  if (value === undefined) return before;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The address columns after `input` (null empties every part; parts left out keep theirs). The
 * country is an ISO 3166-1 alpha-2 code, taken in any case and stored in capitals.
 */
function addressAfter(
  input: AddressInput | null | undefined,
  before: AddressColumns,
): AddressColumns {
  if (input === undefined) {
    return {
      address_line1: before.address_line1,
      address_line2: before.address_line2,
      address_town: before.address_town,
      address_postcode: before.address_postcode,
      address_country: before.address_country,
    };
  }
  if (input === null) return NO_ADDRESS;
  const country = part(input.country, before.address_country)?.toUpperCase() ?? null;
  if (country !== null && !isCountryCode(country)) {
    throw invalid(
      'address.country',
      'address.country must be an ISO 3166-1 alpha-2 code, such as GB or PL.',
    );
  }
  return {
    address_line1: part(input.line1, before.address_line1),
    address_line2: part(input.line2, before.address_line2),
    address_town: part(input.town, before.address_town),
    address_postcode: part(input.postcode, before.address_postcode),
    address_country: country,
  };
}

async function assertCodeFree(
  db: Kysely<DB>,
  factoryId: string,
  code: string,
  exceptId?: string,
): Promise<void> {
  if (await retailers.retailerCodeTaken(db, factoryId, code, exceptId)) {
    throw new AppError('retailer_exists', {
      param: 'code',
      message: `A retailer with code ${code} already exists.`,
    });
  }
}

export function createRetailer(
  ctx: CoreContext,
  factoryId: string,
  input: { name: string; code: string; address?: AddressInput | null | undefined },
): Promise<RetailerView> {
  const name = checkedName(input.name);
  const code = checkedCode(input.code);
  const address = addressAfter(input.address, NO_ADDRESS);
  return transact(ctx, async (tx) => {
    await assertCodeFree(tx.trx, factoryId, code);
    const row: RetailerTable = {
      id: newId('retailer', tx.now),
      factory_id: factoryId,
      name,
      code,
      ...address,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    };
    await retailers.insertRetailer(tx.trx, row);
    return toView(row);
  });
}

export async function listRetailers(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams & { code?: string | undefined },
): Promise<Page<RetailerView>> {
  const rows = await retailers.listRetailers(ctx.db, factoryId, {
    ...params,
    code: params.code === undefined ? undefined : normalizeRetailerCode(params.code),
  });
  return toPage(rows, params, toView);
}

/** GET /v1/retailers/{id}: `id` is the retailer's id or its code. */
export async function getRetailer(
  ctx: CoreContext,
  factoryId: string,
  ref: string,
): Promise<RetailerView> {
  return toView(await requireRetailer(ctx.db, factoryId, ref));
}

/**
 * PATCH: only the fields sent change (of the address, only the parts sent; `address: null`
 * empties it); a new code must be free in the factory.
 */
export function updateRetailer(
  ctx: CoreContext,
  factoryId: string,
  ref: string,
  patch: { name?: string; code?: string; address?: AddressInput | null | undefined },
): Promise<RetailerView> {
  const name = patch.name === undefined ? undefined : checkedName(patch.name);
  const code = patch.code === undefined ? undefined : checkedCode(patch.code);
  return transact(ctx, async (tx) => {
    const row = await requireRetailer(tx.trx, factoryId, ref);
    const id = row.id;
    if (code !== undefined && code !== row.code) await assertCodeFree(tx.trx, factoryId, code, id);
    const next: RetailerTable = {
      ...row,
      name: name ?? row.name,
      code: code ?? row.code,
      ...addressAfter(patch.address, row),
      updated_at: tx.nowIso,
    };
    const { id: _id, factory_id: _factory, created_at: _created, ...set } = next;
    await retailers.updateRetailer(tx.trx, factoryId, id, set);
    return toView(next);
  });
}

/**
 * A retailer named the way people name it: by its id (`rtl_…`) or by its code, in any case
 * (`acme-uk` is `ACME-UK`). A well-formed id (`rtl_` and 26 characters) is read as an id; codes
 * are stored upper case, so none is ever a well-formed id.
 */
export function findRetailer(
  db: Kysely<DB>,
  factoryId: string,
  ref: string,
): Promise<RetailerTable | undefined> {
  if (isIdOf('retailer', ref)) return findRetailerById(db, factoryId, ref);
  return retailers.retailerByCode(db, factoryId, normalizeRetailerCode(ref));
}

/** `findRetailer`, or 404 naming what was asked for (as `param`). */
export async function requireRetailer(
  db: Kysely<DB>,
  factoryId: string,
  ref: string,
  param = 'id',
): Promise<RetailerTable> {
  const row = await findRetailer(db, factoryId, ref);
  if (!row) throw notFound('retailer', param, ref, 'id or code');
  return row;
}

export function findRetailerById(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<RetailerTable | undefined> {
  return retailers.retailerById(db, factoryId, id);
}

/** Retailers of the factory by code (codes given in any case), keyed by their stored code. */
export async function findRetailersByCode(
  db: Kysely<DB>,
  factoryId: string,
  codes: readonly string[],
): Promise<Map<string, RetailerTable>> {
  const wanted = [...new Set(codes.map(normalizeRetailerCode))];
  const found = new Map<string, RetailerTable>();
  for (const row of await retailers.retailersByCodes(db, factoryId, wanted)) {
    found.set(row.code, row);
  }
  return found;
}
