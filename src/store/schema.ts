/**
 * Row types of every table. Portable across SQLite and PostgreSQL: booleans are integers (0/1),
 * instants are ISO 8601 UTC text with milliseconds, dates are `YYYY-MM-DD` text, JSON is text.
 */
import type { OrderStatus, PieceStatus } from '../domain/order-status.js';
import type { RefusalReason, ScanEvent } from '../domain/scan-rules.js';
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
  role: ScanEvent;
  token_hash: string;
  default_location: string | null;
  /** JSON of the last hardware check, or null. */
  hardware: string | null;
  paired_at: string;
  last_scan_at: string | null;
  revoked_at: string | null;
  updated_at: string;
  /** The operator signed in at the station (migration 0402), since `operator_since`. */
  operator_id: string | null;
  operator_since: string | null;
}

export interface PairingCodeTable {
  id: string;
  factory_id: string;
  code_hash: string;
  name: string;
  role: ScanEvent;
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
  orders: OrderTable;
  order_lines: OrderLineTable;
  pieces: PieceTable;
  voided_labels: VoidedLabelTable;
  stations: StationTable;
  pairing_codes: PairingCodeTable;
  hardware_checks: HardwareCheckTable;
  scans: ScanTable;
  returns: ReturnTable;
  events: EventTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  idempotency_keys: IdempotencyKeyTable;
  rate_limit_failures: RateLimitFailureTable;
  uploads: UploadTable;
  staged_events: Staged<EventTable>;
  audit_log: AuditLogTable;
  operators: OperatorTable;
}
