import type { Kysely } from 'kysely';
import { AppError, invalid, notFound } from '../../domain/errors.js';
import { isIdOf, newId } from '../../domain/ids.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import * as retailers from '../../store/retailers/retailers.repository.js';
import type { DB, RetailerTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
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
  created_at: string;
  updated_at: string;
}

export const normalizeRetailerCode = (code: string): string => code.trim().toUpperCase();

const toView = (row: RetailerTable): RetailerView => ({
  id: row.id,
  object: 'retailer',
  name: row.name,
  code: row.code,
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
  input: { name: string; code: string },
): Promise<RetailerView> {
  const name = checkedName(input.name);
  const code = checkedCode(input.code);
  return transact(ctx, async (tx) => {
    await assertCodeFree(tx.trx, factoryId, code);
    const row: RetailerTable = {
      id: newId('retailer', tx.now),
      factory_id: factoryId,
      name,
      code,
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

/** PATCH: only the fields sent change; a new code must be free in the factory. */
export function updateRetailer(
  ctx: CoreContext,
  factoryId: string,
  ref: string,
  patch: { name?: string; code?: string },
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
      updated_at: tx.nowIso,
    };
    await retailers.updateRetailer(tx.trx, factoryId, id, {
      name: next.name,
      code: next.code,
      updated_at: next.updated_at,
    });
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
