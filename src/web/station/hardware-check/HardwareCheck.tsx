import { useState } from 'react';
import { Trans } from 'react-i18next';
import { TEXT } from 'virtual:test-label';
import { isTestLabelRead } from '../../../domain/test-label.js';
import { ApiError } from '../../shared/api/api-error.js';
import { call } from '../../shared/api/client.js';
import { describeError } from '../../shared/ui/ErrorMessage.js';
import { clockTime } from '../scan/RecentScans.js';
import { ScanInput, type ScanRead } from '../scan/ScanInput.js';
import { newClientScanId, stationApi, type HardwareCheckBody } from '../station-api.js';
import { averageCharMs, judgeReads, type CheckOutcome, type LabelRead } from './analyse-read.js';
import { TestLabel } from './TestLabel.js';
import { useTestPrint } from './use-test-print.js';
import { stationT, useStationT } from '../station-i18n.js';

/** A scanner with no suffix: a code is over when no key has come for this long. */
const END_OF_CODE_MS = 300;

type Step =
  | { name: 'code128' }
  | { name: 'qr'; code128: LabelRead }
  | { name: 'result'; outcome: CheckOutcome; body: HardwareCheckBody; barcode: string };

type CheckRecord =
  { state: 'sending' } | { state: 'recorded'; at: string } | { state: 'failed'; message: string };

function labelRead(barcode: string, read: ScanRead): LabelRead {
  return { text: barcode, suffix: read.suffix, avgCharMs: averageCharMs(read.charTimes) };
}

/**
 * The guided scanner check: scan the test label's bar code, then its QR code; the page measures
 * what arrived (text, suffix, time between characters), finds a keyboard-layout mismatch or Caps
 * Lock, says how to fix it, and records the check for this station on its test-label scan (the
 * station token may only scan: POST /v1/scans with `hardware_check`).
 */
export default function HardwareCheck({ onDone }: { onDone: () => void }) {
  const { t } = useStationT();
  const [step, setStep] = useState<Step>({ name: 'code128' });
  const [label, setLabel] = useState(false);
  const [notLabel, setNotLabel] = useState<string | null>(null);
  const [record, setRecord] = useState<CheckRecord>({ state: 'sending' });
  const testPrint = useTestPrint();

  async function send(barcode: string, body: HardwareCheckBody) {
    setRecord({ state: 'sending' });
    try {
      const answer = await call(
        stationApi().POST('/v1/scans', {
          body: { barcode, client_scan_id: newClientScanId(), hardware_check: body },
        }),
      );
      setRecord({ state: 'recorded', at: answer.hardware_check?.checked_at ?? answer.at });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 401
          ? stationT('check.revoked')
          : describeError(err).message;
      setRecord({ state: 'failed', message });
    }
  }

  function finish(code128: LabelRead, qr: LabelRead | null, lastBarcode: string) {
    const outcome = judgeReads(TEXT, code128, qr);
    const times = [code128.avgCharMs, qr?.avgCharMs].filter((ms) => typeof ms === 'number');
    const body: HardwareCheckBody = {
      input_mode: 'keyboard',
      // The check's field knows enter, tab and none: EOT ends codes too, noted in `notes`.
      suffix: code128.suffix === 'eot' ? 'none' : code128.suffix,
      code128_ok: code128.text === TEXT,
      layout_ok: outcome.layoutOk,
      passed: outcome.passed,
      ...(qr ? { qr_ok: qr.text === TEXT } : {}),
      ...(times.length ? { avg_char_ms: Math.max(...times) } : {}),
      ...(outcome.notes ? { notes: outcome.notes } : {}),
    };
    setStep({ name: 'result', outcome, body, barcode: lastBarcode });
    void send(lastBarcode, body);
  }

  function onScan(barcode: string, read: ScanRead) {
    if (!isTestLabelRead(barcode)) {
      setNotLabel(barcode);
      return;
    }
    setNotLabel(null);
    if (step.name === 'code128') setStep({ name: 'qr', code128: labelRead(barcode, read) });
    else if (step.name === 'qr') finish(step.code128, labelRead(barcode, read), barcode);
  }

  return (
    <main className="hardware-check">
      <h2>{t('check.title')}</h2>
      {step.name !== 'result' ? (
        <>
          <ol className="check-steps">
            <li data-test-print={testPrint.state}>
              <Trans
                t={t}
                i18nKey={
                  testPrint.state === 'queued'
                    ? 'check.printing'
                    : testPrint.state === 'failed' && testPrint.printer
                      ? 'check.print_failed'
                      : 'check.have_label'
                }
                values={{
                  toggle: label ? t('check.hide_label') : t('check.show_label'),
                  printer: 'printer' in testPrint ? testPrint.printer : '',
                  reason: testPrint.state === 'failed' ? testPrint.reason : '',
                }}
                components={{
                  code: <code />,
                  strong: <strong />,
                  button: (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setLabel(!label)}
                    />
                  ),
                }}
              />
            </li>
            <li aria-current={step.name === 'code128' ? 'step' : undefined}>
              <Trans t={t} i18nKey="check.scan_bar" components={{ strong: <strong /> }} />
            </li>
            <li aria-current={step.name === 'qr' ? 'step' : undefined}>
              <Trans t={t} i18nKey="check.scan_qr" components={{ strong: <strong /> }} />
            </li>
          </ol>
          <ScanInput
            label={step.name === 'code128' ? t('check.input_bar') : t('check.input_qr')}
            onScan={onScan}
            endAfterIdleMs={END_OF_CODE_MS}
          />
          {notLabel !== null && (
            <p className="error-message" role="alert">
              {t('check.not_label', { read: notLabel })}
            </p>
          )}
          {step.name === 'qr' && (
            <button
              type="button"
              className="secondary"
              onClick={() => finish(step.code128, null, step.code128.text)}
            >
              {t('check.no_qr')}
            </button>
          )}
          {label && (
            <div className="test-label-sheet">
              <TestLabel />
              <button type="button" className="secondary" onClick={() => window.print()}>
                {t('check.print')}
              </button>
            </div>
          )}
        </>
      ) : (
        <CheckResult
          outcome={step.outcome}
          body={step.body}
          record={record}
          onRetry={() => void send(step.barcode, step.body)}
          onAgain={() => {
            setStep({ name: 'code128' });
            setRecord({ state: 'sending' });
          }}
        />
      )}
      <button type="button" className="check-done" onClick={onDone}>
        {t('check.back')}
      </button>
    </main>
  );
}

function CheckResult({
  outcome,
  body,
  record,
  onRetry,
  onAgain,
}: {
  outcome: CheckOutcome;
  body: HardwareCheckBody;
  record: CheckRecord;
  onRetry: () => void;
  onAgain: () => void;
}) {
  const { t } = useStationT();
  const yes = (ok: boolean | undefined) =>
    ok === undefined ? t('check.not_tried') : ok ? t('check.yes') : t('check.no');
  return (
    <section
      className={`check-result ${outcome.passed ? 'check-passed' : 'check-failed'}`}
      aria-labelledby="check-result-title"
      data-result={outcome.passed ? 'passed' : 'failed'}
    >
      <h3 id="check-result-title">{outcome.passed ? t('check.passed') : t('check.failed')}</h3>
      {outcome.findings.length > 0 && (
        <ul className="check-findings">
          {outcome.findings.map((f) => (
            <li key={f.problem}>
              <strong>{f.problem}</strong> {f.fix}
            </li>
          ))}
        </ul>
      )}
      <dl className="check-facts">
        <dt>{t('check.bar_ok')}</dt>
        <dd>{yes(body.code128_ok)}</dd>
        <dt>{t('check.qr_ok')}</dt>
        <dd>{yes(body.qr_ok)}</dd>
        <dt>{t('check.layout_ok')}</dt>
        <dd>{yes(body.layout_ok)}</dd>
        <dt>{t('check.ends_with')}</dt>
        <dd>
          {body.notes?.includes('Suffix EOT')
            ? 'EOT'
            : body.suffix === 'none'
              ? t('check.suffix_none')
              : { enter: 'Enter', tab: 'Tab' }[body.suffix]}
        </dd>
        <dt>{t('check.char_time')}</dt>
        <dd>
          {body.avg_char_ms === undefined
            ? t('check.unknown')
            : t('check.ms', { ms: body.avg_char_ms })}
        </dd>
      </dl>
      <p role="status" className="check-record">
        {record.state === 'sending' && t('check.recording')}
        {record.state === 'recorded' &&
          t('check.recorded', { time: clockTime.format(new Date(record.at)) })}
        {record.state === 'failed' && t('check.not_recorded', { reason: record.message })}
      </p>
      <div className="check-buttons">
        {record.state === 'failed' && (
          <button type="button" onClick={onRetry}>
            {t('check.record_again')}
          </button>
        )}
        <button type="button" className="secondary" onClick={onAgain}>
          {t('check.again')}
        </button>
      </div>
    </section>
  );
}
