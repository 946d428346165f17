import { useState } from 'react';
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
  const [step, setStep] = useState<Step>({ name: 'code128' });
  const [label, setLabel] = useState(false);
  const [notLabel, setNotLabel] = useState<string | null>(null);
  const [record, setRecord] = useState<CheckRecord>({ state: 'sending' });

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
          ? 'This station has been revoked: the check cannot be recorded.'
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
      <h2>Check the scanner</h2>
      {step.name !== 'result' ? (
        <>
          <ol className="check-steps">
            <li>
              Have the test label at hand: print it from the staff app or with{' '}
              <code>factory hardware test-label</code>, or{' '}
              <button type="button" className="link-button" onClick={() => setLabel(!label)}>
                {label ? 'hide the label' : 'show it on this screen'}
              </button>{' '}
              (to scan off the screen or print here).
            </li>
            <li aria-current={step.name === 'code128' ? 'step' : undefined}>
              Scan the <strong>bar code</strong> (the long one).
            </li>
            <li aria-current={step.name === 'qr' ? 'step' : undefined}>
              Scan the <strong>QR code</strong> (the square one).
            </li>
          </ol>
          <ScanInput
            label={step.name === 'code128' ? 'Scan the bar code' : 'Scan the QR code'}
            onScan={onScan}
            endAfterIdleMs={END_OF_CODE_MS}
          />
          {notLabel !== null && (
            <p className="error-message" role="alert">
              That was not the test label (read “{notLabel}”). Scan the test label.
            </p>
          )}
          {step.name === 'qr' && (
            <button
              type="button"
              className="secondary"
              onClick={() => finish(step.code128, null, step.code128.text)}
            >
              My scanner does not read QR codes
            </button>
          )}
          {label && (
            <div className="test-label-sheet">
              <TestLabel />
              <button type="button" className="secondary" onClick={() => window.print()}>
                Print the test label
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
        Back to scanning
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
  const yes = (ok: boolean | undefined) => (ok === undefined ? 'not tried' : ok ? 'yes' : 'no');
  return (
    <section
      className={`check-result ${outcome.passed ? 'check-passed' : 'check-failed'}`}
      aria-labelledby="check-result-title"
      data-result={outcome.passed ? 'passed' : 'failed'}
    >
      <h3 id="check-result-title">
        {outcome.passed ? 'The scanner passed the check' : 'The scanner needs attention'}
      </h3>
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
        <dt>Bar code read exactly</dt>
        <dd>{yes(body.code128_ok)}</dd>
        <dt>QR code read exactly</dt>
        <dd>{yes(body.qr_ok)}</dd>
        <dt>Keyboard layout matches</dt>
        <dd>{yes(body.layout_ok)}</dd>
        <dt>Ends each code with</dt>
        <dd>
          {body.notes?.includes('Suffix EOT')
            ? 'EOT'
            : { enter: 'Enter', tab: 'Tab', none: 'nothing' }[body.suffix]}
        </dd>
        <dt>Time per character</dt>
        <dd>{body.avg_char_ms === undefined ? 'unknown' : `${body.avg_char_ms} ms`}</dd>
      </dl>
      <p role="status" className="check-record">
        {record.state === 'sending' && 'Recording the check for this station…'}
        {record.state === 'recorded' &&
          `Recorded for this station at ${clockTime.format(new Date(record.at))}: supervisors see it in the station list.`}
        {record.state === 'failed' && `Not recorded: ${record.message}`}
      </p>
      <div className="check-buttons">
        {record.state === 'failed' && (
          <button type="button" onClick={onRetry}>
            Record it again
          </button>
        )}
        <button type="button" className="secondary" onClick={onAgain}>
          Check again
        </button>
      </div>
    </section>
  );
}
