import type { StationRole } from '../../domain/scan-rules.js';
import type { HardwareCheckTable, StationTable } from '../../store/schema.js';

/** A station's last known hardware state, and one entry of its check history. */
export interface HardwareCheckView {
  id: string;
  object: 'hardware_check';
  station_id: string;
  scanner_label: string | null;
  input_mode: 'keyboard' | 'camera' | 'android_intent';
  suffix: 'enter' | 'tab' | 'none';
  avg_char_ms: number | null;
  code128_ok: boolean | null;
  qr_ok: boolean | null;
  layout_ok: boolean | null;
  passed: boolean;
  notes: string | null;
  checked_at: string;
}

export interface StationView {
  id: string;
  object: 'station';
  name: string;
  role: StationRole;
  default_location: string | null;
  paired_at: string;
  last_scan_at: string | null;
  /** Set once the station is revoked: its token no longer works. Revoked stations stay listed. */
  revoked_at: string | null;
  /** The last hardware check, or null when none was recorded. */
  hardware: HardwareCheckView | null;
  /** A dispatch station's consignment, which its scans load into (DESIGN §15); else null. */
  consignment_id: string | null;
  /** The printer it prints on (DESIGN §14), or null. */
  printer_id: string | null;
}

const bool = (value: number | null): boolean | null => (value === null ? null : value === 1);

export function toHardwareCheckView(row: HardwareCheckTable): HardwareCheckView {
  return {
    id: row.id,
    object: 'hardware_check',
    station_id: row.station_id,
    scanner_label: row.scanner_label,
    input_mode: row.input_mode,
    suffix: row.suffix,
    avg_char_ms: row.avg_char_ms,
    code128_ok: bool(row.code128_ok),
    qr_ok: bool(row.qr_ok),
    layout_ok: bool(row.layout_ok),
    passed: row.passed === 1,
    notes: row.notes,
    checked_at: row.checked_at,
  };
}

export function toStationView(row: StationTable): StationView {
  return {
    id: row.id,
    object: 'station',
    name: row.name,
    role: row.role,
    default_location: row.default_location,
    paired_at: row.paired_at,
    last_scan_at: row.last_scan_at,
    revoked_at: row.revoked_at,
    hardware: row.hardware === null ? null : (JSON.parse(row.hardware) as HardwareCheckView),
    consignment_id: row.consignment_id,
    printer_id: row.printer_id,
  };
}
