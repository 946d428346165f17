/**
 * Row types of every table. Portable across SQLite and PostgreSQL: booleans are integers (0/1),
 * instants are ISO 8601 UTC text with milliseconds, dates are `YYYY-MM-DD` text, JSON is text.
 */
import type { ColumnType } from 'kysely';
import type { OrderStatus, PieceStatus } from '../domain/order-status.js';
import type { RefusalReason, ScanEvent, StationRole } from '../domain/scan-rules.js';
import type * as Accounts from './schema-accounts.js';

export type Bool = number;

// The accounts' tables are in schema-accounts.ts; every table's row type is exported from here.
export type * from './schema-accounts.js';

export interface OrderTable {
  id: string;
  factory_id: string;
  retailer_id: string;
  order_no: string;
  status: OrderStatus;
  source: 'api' | 'upload';
  production_date: string | null;
  needed_by: string | null;
  items: string;
  pieces_total: number;
  pieces_scanned: number;
  /**
   * Pieces in each status (in_stock and dispatched are also shown in the API): a scan moves one
   * piece from one count to another.
   */
  pieces_awaiting_production: number;
  pieces_produced: number;
  pieces_in_stock: number;
  pieces_dispatched: number;
  pieces_returned: number;
  pieces_written_off: number;
  pieces_cancelled: number;
  /** JSON array of the distinct piece statuses, in lifecycle order. */
  piece_states: string;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
  cancelled_at: string | null;
  /** Stored by the scheduler for `?stuck=true`; reads compute it exactly. */
  stuck: Bool;
  stuck_since: string | null;
  /**
   * Who created the order (migration 0012): JSON `{"type":"staff"|"api_key","id","name"}`, the
   * name as it was then; null for orders made before it was kept.
   */
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The upload that wrote this order (migration 0011), until the mark is cleared after it is
   * published. No read shows the order, its lines or its pieces while that upload's row says
   * unpublished (src/core/orders/order-visibility.ts). Null for nearly every order.
   */
  hidden_by_upload: string | null;
}

export interface OrderLineTable {
  id: string;
  factory_id: string;
  order_id: string;
  line_no: number;
  sku: string;
  colour: string | null;
  qty: number;
  pieces_per_unit: number;
  /** JSON array of names, or null. */
  piece_names: string | null;
}

export interface PieceTable {
  id: string;
  factory_id: string;
  order_id: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  barcode: string;
  status: PieceStatus;
  location: string | null;
  /** 1 once the piece has at least one accepted scan. */
  scanned: Bool;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
  label_printed_at: string | null;
  updated_at: string;
}

export interface VoidedLabelTable {
  factory_id: string;
  barcode: string;
  piece_id: string;
  order_id: string;
  reason: string | null;
  voided_at: string;
  replacement_barcode: string;
}

export interface StationTable {
  id: string;
  factory_id: string;
  name: string;
  role: StationRole;
  token_hash: string;
  default_location: string | null;
  /** JSON of the last hardware check, or null. */
  hardware: string | null;
  paired_at: string;
  last_scan_at: string | null;
  revoked_at: string | null;
  updated_at: string;
  /** A dispatch station's consignment, which its dispatch scans load into (migration 0201). */
  consignment_id: string | null;
  /** The handling unit its next pieces go on (the last SSCC label it scanned). */
  handling_unit_id: string | null;
  /** The printer it prints on (migration 0101). */
  printer_id: string | null;
  /** The operator signed in at the station (migration 0402), since `operator_since`. */
  operator_id: string | null;
  operator_since: string | null;
}

export interface PairingCodeTable {
  id: string;
  factory_id: string;
  code_hash: string;
  name: string;
  role: StationRole;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  station_id: string | null;
}

export interface HardwareCheckTable {
  id: string;
  factory_id: string;
  station_id: string;
  scanner_label: string | null;
  input_mode: 'keyboard' | 'camera' | 'android_intent';
  suffix: 'enter' | 'tab' | 'none';
  avg_char_ms: number | null;
  code128_ok: Bool | null;
  qr_ok: Bool | null;
  layout_ok: Bool | null;
  passed: Bool;
  notes: string | null;
  checked_at: string;
}

export interface ScanTable {
  id: string;
  factory_id: string;
  station_id: string;
  station_name: string;
  event: ScanEvent;
  barcode: string;
  piece_id: string | null;
  order_id: string | null;
  accepted: Bool;
  reason: RefusalReason | null;
  location: string | null;
  test_label: Bool;
  client_scan_id: string | null;
  scanned_at: string | null;
  at: string;
  /** The consignment an accepted dispatch scan loaded its piece into (migration 0201). */
  consignment_id: string | null;
  /** The handling unit (pallet, cage) the piece went on, when the station had one. */
  handling_unit_id: string | null;
  /** The operator signed in at the station when it scanned (migration 0402). */
  operator_id: string | null;
}

export interface ReturnTable {
  id: string;
  factory_id: string;
  piece_id: string;
  order_id: string;
  barcode: string;
  reason: string | null;
  status: 'received' | 'restocked' | 'written_off';
  location: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface EventTable {
  id: string;
  factory_id: string;
  type: string;
  /** JSON payload: the `data` of the webhook body. */
  data: string;
  created_at: string;
}

export interface WebhookEndpointTable {
  id: string;
  factory_id: string;
  url: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  description: string | null;
  /** The signing secret must be kept to sign; it is never returned after creation. */
  secret: string;
  enabled: Bool;
  disabled_reason: string | null;
  /** Start of the current run of failures, cleared by a success (5 days → disabled). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
  /** Set when deleted: kept (disabled, secret wiped) while deliveries refer to it. */
  deleted_at: string | null;
  /** The secret before the last rotation: it signs too until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
}

export interface WebhookDeliveryTable {
  id: string;
  factory_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'retrying' | 'failed';
  attempts: number;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeyTable {
  factory_id: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_type: string | null;
  created_at: string;
}

/** A failed attempt counted by a rate limit (src/core/rate-limiter.ts). */
export interface RateLimitFailureTable {
  limiter: string;
  key_hash: string;
  at: string;
}

/**
 * A row of an upload's staging table (migrations 0010, 0011): the row of the table it feeds, its
 * upload and its number in the upload.
 */
export type Staged<T> = T & { upload_id: string; seq: number };

/**
 * An upload under way: staging its hidden rows, or published with marks left to clear or events
 * left to release. Its orders are hidden while this row exists with `published_at` null.
 */
export interface UploadTable {
  id: string;
  factory_id: string;
  /** The instant its rows were built at (the instants in its staged events). */
  built_at: string;
  /** Set by the transaction that published it; null while it stages. */
  published_at: string | null;
}

/** Which factoryd applied a migration (migration 0701); earlier migrations have no row. */
export interface MigrationVersionTable {
  name: string;
  version: string;
  commit_sha: string;
  applied_at: string;
}

/** A factory's OpenID Connect provider for staff sign-in; no row = none. */
export interface SsoSettingsTable {
  factory_id: string;
  /** Shown on the sign-in button: "Sign in with <provider_name>". */
  provider_name: string;
  issuer_url: string;
  client_id: string;
  /** Null for a public client (PKCE only). Never answered by the API. */
  client_secret: string | null;
  /** The ID token or userinfo claim that carries the groups (`groups`, `roles`). */
  claim: string;
  /** JSON: claim value → staff role, `{"factory-admins":"admin"}`. */
  role_map: string;
  updated_at: string;
}

/** A sign-in under way, from the redirect to the provider until its callback. */
export interface SsoLoginTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  factory_id: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: string;
}

/** A printer (DESIGN §14; migration 0101). `state_reasons` is a JSON array. */
export interface PrinterTable {
  id: string;
  factory_id: string;
  name: string;
  language: 'zpl' | 'pdf';
  uri: string;
  dpi: number;
  label_size: string;
  state: 'ready' | 'printing' | 'paused' | 'offline' | 'error';
  state_reasons: string;
  last_seen_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A job of the durable print queue (migration 0101). */
export interface PrintJobTable {
  id: string;
  factory_id: string;
  printer_id: string;
  status: 'queued' | 'sending' | 'printed' | 'failed' | 'interrupted' | 'cancelled';
  source: 'order' | 'test_label' | 'consignment';
  order_id: string | null;
  /** What was asked for: "all", "unprinted" or a JSON array of barcodes. */
  pieces: string | null;
  /** JSON array of the barcodes the job prints, fixed when it was queued. */
  barcodes: string | null;
  consignment_id: string | null;
  document: string | null;
  /** A document handed in whole (a consignment's delivery note), base64. */
  content: string | null;
  station_id: string | null;
  /** The event of the rule that queued it, if a rule did. */
  rule_event: string | null;
  labels: number;
  held_reason: string | null;
  error: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  printed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** People on the floor (DESIGN §17): the audit trail. */
export interface AuditLogTable {
  id: string;
  /** Position in the database's one hash chain, from 1. */
  seq: number;
  /** Null for a scheduler run that spans factories. */
  factory_id: string | null;
  at: string;
  actor_type: 'staff' | 'api_key' | 'retailer_user' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  request_id: string | null;
  ip: string | null;
  /** JSON object of the changed fields (secrets left out), or null. */
  changes: string | null;
  prev_hash: string;
  hash: string;
}

/** People on the floor (DESIGN §17): operators, who sign in at stations with a badge. */
export interface OperatorTable {
  id: string;
  factory_id: string;
  name: string;
  /** `OP 000001`: unique per factory. */
  badge: string;
  language: 'en' | 'pl' | 'ro';
  active: number;
  created_at: string;
  updated_at: string;
}

export interface DB {
  factories: Accounts.FactoryTable;
  settings: Accounts.SettingsTable;
  api_keys: Accounts.ApiKeyTable;
  staff_users: Accounts.StaffUserTable;
  sessions: Accounts.SessionTable;
  retailers: Accounts.RetailerTable;
  retailer_users: Accounts.RetailerUserTable;
  retailer_user_password_links: Accounts.RetailerUserPasswordLinkTable;
  orders: OrderTable & OrderAtRiskColumn;
  order_lines: OrderLineTable;
  pieces: PieceTable;
  voided_labels: VoidedLabelTable;
  stations: StationTable;
  pairing_codes: PairingCodeTable;
  hardware_checks: HardwareCheckTable;
  scans: ScanTable;
  returns: ReturnTable;
  events: EventTable & EventSeqColumn;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  idempotency_keys: IdempotencyKeyTable;
  rate_limit_failures: RateLimitFailureTable;
  uploads: UploadTable;
  staged_events: Staged<EventTable>;
  // Operations: migration versions, single sign-on (migrations 0701, 0702).
  migration_versions: MigrationVersionTable;
  sso_settings: SsoSettingsTable;
  sso_logins: SsoLoginTable;
  backup_runs: BackupRunTable;
  write_probe: WriteProbeTable;
  // Dispatch (migration 0201).
  consignments: ConsignmentTable;
  handling_units: HandlingUnitTable;
  // Printers (migration 0101).
  printers: PrinterTable;
  print_jobs: PrintJobTable;
  // People on the floor (migrations 0401, 0402).
  audit_log: AuditLogTable;
  operators: OperatorTable;
  // Report roll-ups, kept by triggers (migration 0830).
  scan_counts: ScanCountTable;
  cycle_time_counts: CycleTimeCountTable;
}

/** Scans per 15-minute UTC slot, station, operator and role (migration 0830); '' for none. */
export interface ScanCountTable {
  factory_id: string;
  slot: number;
  station_id: string;
  operator_id: string;
  event: ScanEvent;
  accepted: number;
  refused: number;
}

/** A histogram of stage durations per UTC hour the stage ended and retailer (migration 0830). */
export interface CycleTimeCountTable {
  factory_id: string;
  per: 'piece' | 'order';
  stage: string;
  hour: number;
  retailer_id: string;
  bin: number;
  n: number;
}

/** The row `/readyz` rewrites (migration 0502). */
export interface WriteProbeTable {
  id: number;
  at: string;
}

/** One scheduled backup's outcome (migration 0501). */
export interface BackupRunTable {
  id: string;
  factory_id: string;
  status: 'completed' | 'failed';
  started_at: string;
  finished_at: string;
  /** The verified backup's path (completed), or the file it would have been (failed). */
  file: string | null;
  bytes: number | null;
  /** Why it failed, in a sentence. */
  error: string | null;
}

// Dispatch (DESIGN §15, migration 0201).

export type ConsignmentStatus = 'open' | 'closed' | 'cancelled';

export interface ConsignmentTable {
  id: string;
  factory_id: string;
  /** Per-factory counter, shown as `CN 000001`. */
  number: number;
  retailer_id: string;
  status: ConsignmentStatus;
  reference: string | null;
  carrier: string | null;
  vehicle: string | null;
  notes: string | null;
  /** Why a close was forced past the unit check; null when it was not forced. */
  close_reason: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface HandlingUnitTable {
  id: string;
  factory_id: string;
  consignment_id: string;
  /** The SSCC's serial reference: a per-factory counter. */
  serial: number;
  /** 18 digits, its check digit last. */
  sscc: string;
  created_at: string;
}

// The live floor (DESIGN §16): migrations 0301-0309.

/**
 * `events.seq` (migration 0301): the order events became visible in, drawn inside the writing
 * transaction (a trigger on SQLite, a sequence on PostgreSQL); never written by the code.
 */
export interface EventSeqColumn {
  seq: ColumnType<number, never, never>;
}

/**
 * `orders.at_risk_since` (migration 0303): when the at-risk job saw the order's forecast pass its
 * needed_by day; null when it is not at risk (or closed). One `order.at_risk` per episode.
 */
export interface OrderAtRiskColumn {
  at_risk_since?: string | null;
}
