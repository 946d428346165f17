import { invalid } from '../../domain/errors.js';
import * as sso from '../../store/sso/sso.repository.js';
import type { SsoSettingsTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { STAFF_ROLES, type StaffRole } from '../staff/staff-users.js';
import { transact } from '../transaction.js';

/** A factory's single sign-on as the API shows it: never the client secret, only whether one is set. */
export interface SsoSettingsView {
  object: 'sso_settings';
  enabled: boolean;
  provider_name: string | null;
  issuer_url: string | null;
  client_id: string | null;
  client_secret_set: boolean;
  claim: string;
  role_map: Record<string, StaffRole>;
  updated_at: string | null;
}

export interface SsoSettingsPatch {
  provider_name?: string;
  issuer_url?: string;
  client_id?: string;
  /** Write-only; null removes it (a public client, PKCE only). */
  client_secret?: string | null;
  claim?: string;
  role_map?: Record<string, string>;
}

export const DEFAULT_SSO_CLAIM = 'groups';

const OFF: SsoSettingsView = {
  object: 'sso_settings',
  enabled: false,
  provider_name: null,
  issuer_url: null,
  client_id: null,
  client_secret_set: false,
  claim: DEFAULT_SSO_CLAIM,
  role_map: {},
  updated_at: null,
};

export const toSsoView = (row: SsoSettingsTable | undefined): SsoSettingsView =>
  row
    ? {
        object: 'sso_settings',
        enabled: true,
        provider_name: row.provider_name,
        issuer_url: row.issuer_url,
        client_id: row.client_id,
        client_secret_set: row.client_secret !== null,
        claim: row.claim,
        role_map: JSON.parse(row.role_map) as Record<string, StaffRole>,
        updated_at: row.updated_at,
      }
    : OFF;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * An issuer as stored: https, or http on this machine's loopback (a provider under test, or a
 * proxy on the box); no query or fragment, no trailing slash. Undefined when it is not one.
 */
export function normalizeIssuer(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  if (!secure || url.username || url.password || url.search || url.hash) return undefined;
  return url.href.replace(/\/+$/, '');
}

function required(value: string | undefined, param: string, what: string): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') throw invalid(param, `${param} must be ${what}.`);
  return trimmed;
}

function checkRoleMap(map: Record<string, string>): Record<string, StaffRole> {
  const entries = Object.entries(map);
  if (entries.length === 0) {
    throw invalid(
      'role_map',
      'role_map must map at least one value of the claim to a role, e.g. {"factory-admins": "admin"}.',
    );
  }
  for (const [value, role] of entries) {
    if (value.trim() === '') throw invalid('role_map', 'role_map keys must not be empty.');
    if (!(STAFF_ROLES as readonly string[]).includes(role)) {
      throw invalid(
        `role_map.${value}`,
        `role_map values must be admin or supervisor, not "${role}".`,
      );
    }
  }
  return map as Record<string, StaffRole>;
}

export async function getSsoSettings(
  ctx: CoreContext,
  factoryId: string,
): Promise<SsoSettingsView> {
  return toSsoView(await sso.ssoSettingsOf(ctx.db, factoryId));
}

/**
 * Sets up or changes the factory's provider. The first time, provider_name, issuer_url,
 * client_id and role_map are required; later, what is given replaces what was stored.
 */
export async function updateSsoSettings(
  ctx: CoreContext,
  factoryId: string,
  patch: SsoSettingsPatch,
): Promise<SsoSettingsView> {
  return transact(ctx, async (tx) => {
    const stored = await sso.ssoSettingsOf(tx.trx, factoryId);
    const pick = <K extends keyof SsoSettingsPatch>(key: K) =>
      patch[key] === undefined ? undefined : patch[key];
    const issuerInput = pick('issuer_url') ?? stored?.issuer_url;
    const issuer = normalizeIssuer(
      required(issuerInput, 'issuer_url', "the provider's issuer URL"),
    );
    if (!issuer) {
      throw invalid(
        'issuer_url',
        'issuer_url must be an https:// address such as https://login.example.com/realms/factory (http:// only on localhost).',
      );
    }
    const roleMap = patch.role_map
      ? checkRoleMap(patch.role_map)
      : stored
        ? (JSON.parse(stored.role_map) as Record<string, StaffRole>)
        : checkRoleMap({});
    const secret =
      patch.client_secret === undefined
        ? (stored?.client_secret ?? null)
        : patch.client_secret === null || patch.client_secret.trim() === ''
          ? null
          : patch.client_secret.trim();
    const row: SsoSettingsTable = {
      factory_id: factoryId,
      provider_name: required(
        pick('provider_name') ?? stored?.provider_name,
        'provider_name',
        'the name on the sign-in button (e.g. Keycloak, Microsoft)',
      ),
      issuer_url: issuer,
      client_id: required(pick('client_id') ?? stored?.client_id, 'client_id', 'the client id'),
      client_secret: secret,
      claim: required(pick('claim') ?? stored?.claim ?? DEFAULT_SSO_CLAIM, 'claim', 'a claim name'),
      role_map: JSON.stringify(roleMap),
      updated_at: tx.nowIso,
    };
    await sso.saveSsoSettings(tx.trx, row);
    return toSsoView(row);
  });
}

/** Turns single sign-on off: staff sign in with passwords only. */
export async function removeSsoSettings(
  ctx: CoreContext,
  factoryId: string,
): Promise<SsoSettingsView> {
  return transact(ctx, async (tx) => {
    await sso.deleteSsoSettings(tx.trx, factoryId);
    return OFF;
  });
}
