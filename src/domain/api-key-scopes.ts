/**
 * What an API key may do (DESIGN §19). `admin` is everything an API key may call (every key made
 * before scopes existed is one); the others are each a slice of it, and a key may hold several.
 * Which routes each grants is declared beside the permission table (src/api/permissions.ts).
 */
export const API_KEY_SCOPES = ['read', 'orders:write', 'labels', 'webhooks', 'admin'] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}
