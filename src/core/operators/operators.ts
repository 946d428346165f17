import { badgeOf, badgeSerial, type OperatorLanguage } from '../../domain/operator-badge.js';
import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import * as operators from '../../store/operators/operators.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { OperatorTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

/** An operator as the API shows it (DESIGN §17). */
export interface OperatorView {
  id: string;
  object: 'operator';
  name: string;
  /** `OP 000001`: scanned at a station, it signs the operator in. */
  badge: string;
  language: OperatorLanguage;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export const toOperatorView = (row: OperatorTable): OperatorView => ({
  id: row.id,
  object: 'operator',
  name: row.name,
  badge: row.badge,
  language: row.language,
  active: row.active === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface OperatorInput {
  name: string;
  language?: OperatorLanguage;
}

export async function createOperator(
  ctx: CoreContext,
  factoryId: string,
  input: OperatorInput,
): Promise<OperatorView> {
  return transact(ctx, async (tx) => {
    const last = await operators.lastBadge(tx.trx, factoryId);
    const row: OperatorTable = {
      id: newId('operator', tx.now),
      factory_id: factoryId,
      name: input.name.trim(),
      badge: badgeOf((last === null ? 0 : (badgeSerial(last) ?? 0)) + 1),
      language: input.language ?? 'en',
      active: 1,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    };
    await operators.insertOperator(tx.trx, row);
    return toOperatorView(row);
  });
}

export async function getOperator(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<OperatorView> {
  const row = await operators.operatorById(ctx.db, factoryId, id);
  if (!row) throw notFound('operator', 'id', id);
  return toOperatorView(row);
}

export async function listOperators(
  ctx: CoreContext,
  factoryId: string,
  query: PageParams & { active?: boolean | undefined },
): Promise<Page<OperatorView>> {
  const rows = await operators.listOperators(ctx.db, factoryId, query, query);
  return toPage(rows, query, toOperatorView);
}

export interface OperatorPatch {
  name?: string;
  language?: OperatorLanguage;
  active?: boolean;
}

/** Renames, changes the language, or (de)activates; a deactivated operator is signed out everywhere. */
export async function updateOperator(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  patch: OperatorPatch,
): Promise<OperatorView> {
  return transact(ctx, async (tx) => {
    const row = await operators.updateOperator(tx.trx, factoryId, id, {
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.language !== undefined ? { language: patch.language } : {}),
      ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
      updated_at: tx.nowIso,
    });
    if (!row) throw notFound('operator', 'id', id);
    if (patch.active === false) await operators.signOutEverywhere(tx.trx, factoryId, id);
    return toOperatorView(row);
  });
}
