import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import { useStaffT } from '../staff-i18n.js';
import type { HardwareCheck } from './use-stations.js';

/** A station's last hardware check, in words: passed or failed, and what was found. */
export function HardwareState({ check }: { check: HardwareCheck | null }) {
  const { t } = useStaffT();
  if (!check) return <span className="hw hw-none">{t('stations.not_checked')}</span>;
  return (
    <span className={check.passed ? 'hw hw-passed' : 'hw hw-failed'}>
      <strong>{check.passed ? t('stations.passed') : t('stations.failed')}</strong>{' '}
      <span className="hw-detail">{hardwareDetail(t, check)}</span>
    </span>
  );
}

/** What a check found, in words: scanner, mode, each symbology's result, speed, when. */
export function hardwareDetail(t: TFunction, check: HardwareCheck): string {
  const state = (v: boolean | null) =>
    v === null ? t('stations.hw.not_tested') : v ? t('stations.hw.ok') : t('stations.hw.failed');
  return [
    check.scanner_label,
    t('stations.hw.mode', { mode: check.input_mode, suffix: check.suffix }),
    t('stations.hw.code128', { state: state(check.code128_ok) }),
    t('stations.hw.qr', { state: state(check.qr_ok) }),
    t('stations.hw.layout', { state: state(check.layout_ok) }),
    check.avg_char_ms !== null && t('stations.hw.char_ms', { ms: formatNumber(check.avg_char_ms) }),
    formatDateTime(check.checked_at),
  ]
    .filter(Boolean)
    .join(' · ');
}
