import type { Bool } from './schema.js';

/** Row types of the factory, its settings, and who may call it: keys, staff, retailers' users. */

export interface FactoryTable {
  id: string;
  company: string;
  name: string;
  legal_name: string;
  label_prefix: string;
  company_number: string | null;
  vat_number: string | null;
  industry: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_town: string | null;
  address_postcode: string | null;
  address_country: string | null;
  factory_same_as_registered: Bool | null;
  billing_email: string | null;
  phone: string | null;
  po_number: string | null;
  job_title: string | null;
  mobile: string | null;
  terms_accepted: Bool | null;
  terms_accepted_at: string | null;
  /** Last serial handed out for piece barcodes; never goes back (voided barcodes are not reused). */
  barcode_serial: number;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  factory_id: string;
  stuck_after_days: number;
  timezone: string;
  station_app_scheme: string;
  session_ttl_hours: number;
  label_size: string;
  default_dpi: number;
  webhook_retention_days: number;
  /** JSON array of host names or CIDRs; empty = any host. */
  webhook_allowed_hosts: string;
  /** The address stations open (migration 0015); null = the one a request came in on. */
  public_url: string | null;
  /** Scheduled backups (migration 0501): `02:30`, `every 6h`; null = none. */
  backup_schedule: string | null;
  /** Where scheduled backups go; null = `<data-dir>/backups`. */
  backup_dir: string | null;
  /** How many verified backups are kept (default 7). */
  backup_keep: number;
  /** The factory's GS1 company prefix for SSCCs (migration 0201); null = restricted circulation. */
  gs1_company_prefix: string | null;
  /** JSON array of auto-print rules `{event, printer_id}` (migration 0101); null = none. */
  print_rules: string | null;
  /** No scan for this long signs a station's operator out (migration 0402); null: never. */
  operator_idle_minutes: number | null;
  updated_at: string;
}

export interface ApiKeyTable {
  id: string;
  factory_id: string;
  name: string;
  token_hash: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** JSON array of the key's scopes (src/domain/api-key-scopes.ts). */
  scopes: string;
  /** When the key stops working by itself (a rolled key's overlap); null = never. */
  expires_at: string | null;
}

export interface StaffUserTable {
  id: string;
  factory_id: string;
  /** Lower-cased; unique across the database so a login needs no factory. */
  email: string;
  name: string;
  role: 'admin' | 'supervisor';
  password_hash: string;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

export interface SessionTable {
  id: string;
  factory_id: string;
  kind: 'staff' | 'retailer';
  token_hash: string;
  staff_user_id: string | null;
  retailer_user_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface RetailerTable {
  id: string;
  factory_id: string;
  name: string;
  code: string;
  /** Where its deliveries go (printed on delivery notes); each part may be empty. */
  address_line1: string | null;
  address_line2: string | null;
  address_town: string | null;
  address_postcode: string | null;
  address_country: string | null;
  created_at: string;
  updated_at: string;
}

export interface RetailerUserTable {
  id: string;
  factory_id: string;
  retailer_id: string;
  /** Lower-cased; unique per retailer. */
  email: string;
  name: string;
  role: 'owner' | 'buyer' | 'viewer' | 'accounts' | 'integrations';
  password_hash: string | null;
  created_at: string;
  updated_at: string;
  /** Set while the user may not use the portal: no login, and their sessions end. */
  disabled_at: string | null;
}

/** A set-password link of a retailer user: single use, at most one per user, kept hashed. */
export interface RetailerUserPasswordLinkTable {
  /** SHA-256 of the token; the token itself is shown once, to whoever made the link. */
  token_hash: string;
  factory_id: string;
  retailer_user_id: string;
  created_at: string;
  expires_at: string;
}
