import { DEFAULT_LABEL_PREFIX } from '../../domain/barcode.js';
import { newId } from '../../domain/ids.js';
import { insertApiKey, type CreatedApiKey } from '../api-keys/api-keys.js';
import { factoryIds, insertFactory } from '../../store/settings/factories.repository.js';
import { insertSettings } from '../../store/settings/settings.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { DEFAULT_SETTINGS } from './settings.js';

export interface NewFactory {
  factoryId: string;
  apiKey: CreatedApiKey;
}

/**
 * Creates a factory with default settings and its first admin API key, in one transaction.
 * `name` is the factory's (company) name, also its legal name until PATCH /v1/company says
 * otherwise; without one, "My factory" until the setup page asks. The owner's name (the
 * company record's `name`) stays empty: nobody has given it yet.
 */
export function createFactory(
  ctx: CoreContext,
  input: { name?: string; labelPrefix?: string; keyName?: string } = {},
): Promise<NewFactory> {
  return transact(ctx, async (tx) => {
    const factoryId = newId('factory', tx.now);
    const company = input.name?.trim() || 'My factory';
    await insertFactory(tx.trx, {
      id: factoryId,
      company,
      name: '',
      legal_name: company,
      label_prefix: input.labelPrefix ?? DEFAULT_LABEL_PREFIX,
      company_number: null,
      vat_number: null,
      industry: null,
      address_line1: null,
      address_line2: null,
      address_town: null,
      address_postcode: null,
      address_country: null,
      factory_same_as_registered: null,
      billing_email: null,
      phone: null,
      po_number: null,
      job_title: null,
      mobile: null,
      terms_accepted: null,
      terms_accepted_at: null,
      barcode_serial: 0,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    });
    await insertSettings(tx.trx, {
      factory_id: factoryId,
      ...DEFAULT_SETTINGS,
      updated_at: tx.nowIso,
    });
    const apiKey = await insertApiKey(tx.trx, factoryId, input.keyName ?? 'initial', tx.now);
    return { factoryId, apiKey };
  });
}

/** The factories in this database, oldest first (a fresh install has one). */
export function listFactoryIds(ctx: CoreContext): Promise<string[]> {
  return factoryIds(ctx.db);
}
