import { formatDateTime } from '../../shared/format.js';
import type { HardwareCheck } from './use-stations.js';

const yesNo = (v: boolean | null) => (v === null ? 'not tested' : v ? 'ok' : 'failed');

/** A station's last hardware check, in words: passed or failed, and what was found. */
export function HardwareState({ check }: { check: HardwareCheck | null }) {
  if (!check) return <span className="hw hw-none">Not checked yet</span>;
  return (
    <span className={check.passed ? 'hw hw-passed' : 'hw hw-failed'}>
      <strong>{check.passed ? '✓ Passed' : '✕ Failed'}</strong>{' '}
      <span className="hw-detail">{hardwareDetail(check)}</span>
    </span>
  );
}

export function hardwareDetail(check: HardwareCheck): string {
  return [
    check.scanner_label,
    `${check.input_mode}, suffix ${check.suffix}`,
    `Code 128 ${yesNo(check.code128_ok)}`,
    `QR ${yesNo(check.qr_ok)}`,
    `layout ${yesNo(check.layout_ok)}`,
    check.avg_char_ms !== null && `${check.avg_char_ms} ms/char`,
    formatDateTime(check.checked_at),
  ]
    .filter(Boolean)
    .join(' · ');
}
