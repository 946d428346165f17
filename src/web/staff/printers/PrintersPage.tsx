import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { PageHeader } from '../layout/PageHeader.js';
import { heldText, JOB_WORDS, printerStateText } from './printer-words.js';
import {
  useAddPrinter,
  useDeletePrinter,
  useJobAction,
  usePrinters,
  usePrintJobs,
  useQueuePrintJob,
  type Printer,
  type PrintJob,
} from './use-printers.js';

/** Printers: their live state, a test print, and the print queue with retry and cancel. */
export function PrintersPage() {
  const printers = usePrinters();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Printer | null>(null);
  const [queueOf, setQueueOf] = useState<string | undefined>(undefined);
  const test = useQueuePrintJob();
  const remove = useDeletePrinter();
  const list = printers.data?.data ?? [];
  const nameOf = new Map(list.map((p) => [p.id, p.name]));
  return (
    <>
      <PageHeader
        title="Printers"
        sub="Labels print by themselves on these printers; each one's state comes from the printer."
      >
        <button type="button" onClick={() => setAdding(true)}>
          Add printer
        </button>
      </PageHeader>
      <ErrorMessage error={printers.error ?? test.error} />
      {test.data && (
        <p className="success-message" role="status">
          Test label queued on {nameOf.get(test.data.printer_id) ?? test.data.printer_id}.
        </p>
      )}
      {printers.data && list.length === 0 ? (
        <EmptyState title="No printers">
          Add a Zebra label printer (<code>tcp://host:9100</code>) or an office printer over IPP (
          <code>ipp://host/ipp/print</code>, a CUPS queue). See docs/printing.md.
        </EmptyState>
      ) : (
        <table className="data-table" aria-label="Printers">
          <thead>
            <tr>
              <th scope="col">Printer</th>
              <th scope="col">State</th>
              <th scope="col">Address</th>
              <th scope="col">Last answered</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id} data-printer-state={p.state}>
                <th scope="row">
                  {p.name}
                  <div className="field-hint">
                    {p.language === 'zpl' ? 'ZPL labels' : 'PDF'} · {p.dpi} dpi
                  </div>
                </th>
                <td>
                  <span className={`printer-state printer-${p.state}`}>
                    {printerStateText(p.state, p.state_reasons)}
                  </span>
                  {p.last_error && <div className="field-hint">{p.last_error}</div>}
                </td>
                <td className="url-cell">{p.uri}</td>
                <td className="nowrap">
                  {p.last_seen_at ? formatDateTime(p.last_seen_at) : 'never'}
                </td>
                <td className="row-actions wraps">
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={`Test print on ${p.name}`}
                    disabled={test.isPending}
                    onClick={() => {
                      test.reset();
                      test.mutate({ printer_id: p.id, test_label: true });
                    }}
                  >
                    Test print
                  </button>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={queueOf === p.id ? 'All queues' : `Queue of ${p.name}`}
                    onClick={() => setQueueOf(queueOf === p.id ? undefined : p.id)}
                  >
                    {queueOf === p.id ? 'All queues' : 'Queue'}
                  </button>
                  <RowDangerButton label={`Remove ${p.name}`} onClick={() => setRemoving(p)}>
                    Remove…
                  </RowDangerButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PrintQueue printerId={queueOf} nameOf={nameOf} />
      {adding && <AddPrinterDialog onClose={() => setAdding(false)} />}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove printer"
          onConfirm={() => remove.mutateAsync(removing.id)}
          onClose={() => setRemoving(null)}
        >
          <p>Its queued jobs are cancelled, and stations printing on it print on none.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The newest jobs (of one printer, or all), with what a person may do about each. */
function PrintQueue({
  printerId,
  nameOf,
}: {
  printerId: string | undefined;
  nameOf: Map<string, string>;
}) {
  const jobs = usePrintJobs(printerId);
  const act = useJobAction();
  const list = jobs.data?.data ?? [];
  const title = printerId ? `Queue of ${nameOf.get(printerId) ?? printerId}` : 'Print queue';
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <ErrorMessage error={jobs.error ?? act.error} />
      {list.length === 0 ? (
        <p className="field-hint">No print jobs yet.</p>
      ) : (
        <table className="data-table" aria-label="Print jobs">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">Printer</th>
              <th scope="col">Labels</th>
              <th scope="col">Queued</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((j) => (
              <tr key={j.id} data-job-status={j.status}>
                <th scope="row">
                  <JobWhat job={j} />
                </th>
                <td>
                  {j.status === 'interrupted' || j.status === 'failed' ? (
                    <strong>{JOB_WORDS[j.status]}</strong>
                  ) : (
                    JOB_WORDS[j.status]
                  )}
                  {heldText(j.held_reason) && (
                    <div className="field-hint">{heldText(j.held_reason)}</div>
                  )}
                  {j.error && <div className="field-hint">{j.error}</div>}
                  {j.status === 'interrupted' && (
                    <div className="field-hint">
                      Cut off mid-print: check what came out before printing it again.
                    </div>
                  )}
                </td>
                <td>{nameOf.get(j.printer_id) ?? j.printer_id}</td>
                <td>{j.labels}</td>
                <td className="nowrap">{formatDateTime(j.created_at)}</td>
                <td className="row-actions">
                  {j.status === 'queued' && (
                    <button
                      type="button"
                      className="small secondary"
                      onClick={() => act.mutate({ id: j.id, action: 'cancel' })}
                    >
                      Cancel
                    </button>
                  )}
                  {(j.status === 'failed' ||
                    j.status === 'interrupted' ||
                    j.status === 'cancelled') && (
                    <button
                      type="button"
                      className="small secondary"
                      onClick={() => act.mutate({ id: j.id, action: 'retry' })}
                    >
                      {j.status === 'interrupted' ? 'Print again' : 'Retry'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function JobWhat({ job }: { job: PrintJob }) {
  if (job.source === 'test_label') return <>Test label</>;
  if (job.order_id) {
    return (
      <>
        <Link to={`/orders/${job.order_id}`}>Order labels</Link>
        {job.rule_event && <div className="field-hint">by rule: {job.rule_event}</div>}
      </>
    );
  }
  return <>{job.document ?? job.source}</>;
}

function AddPrinterDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPrinter();
  const [language, setLanguage] = useState<'zpl' | 'pdf'>('zpl');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await add
      .mutateAsync({
        name: String(form.get('name')).trim(),
        language,
        uri: String(form.get('uri')).trim(),
        dpi: Number(form.get('dpi')) === 300 ? 300 : 203,
      })
      .then(onClose)
      .catch(() => {});
  }

  const error = add.error;
  return (
    <Dialog title="Add a printer" onClose={onClose} wide>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label="Name" name="name" required error={fieldError(error, 'name')} />
        <SelectField
          label="Kind"
          name="language"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'pdf' ? 'pdf' : 'zpl')}
        >
          <option value="zpl">Label printer, ZPL (Zebra and compatibles)</option>
          <option value="pdf">PDF over IPP (office printer, CUPS queue)</option>
        </SelectField>
        <TextField
          label="Address"
          name="uri"
          required
          placeholder={language === 'zpl' ? 'tcp://10.0.0.50:9100' : 'ipp://10.0.0.60/ipp/print'}
          error={fieldError(error, 'uri')}
        />
        <SelectField label="Resolution" name="dpi" defaultValue="203">
          <option value="203">203 dpi (8 dots/mm)</option>
          <option value="300">300 dpi (12 dots/mm)</option>
        </SelectField>
        {!shownAtField(error, ['name', 'uri']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={add.isPending}>
            Add printer
          </button>
        </div>
      </form>
    </Dialog>
  );
}
