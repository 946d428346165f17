import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import { heldText, JOB_KEYS, printerStateText } from './printer-words.js';
import { PrintRulesSection } from './PrintRulesSection.js';
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
  const { t } = useStaffT();
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
      <PageHeader title={t('printers.title')} sub={t('printers.sub')}>
        <button type="button" onClick={() => setAdding(true)}>
          {t('printers.add')}
        </button>
      </PageHeader>
      <ErrorMessage error={printers.error ?? test.error} />
      {test.data && (
        <p className="success-message" role="status">
          {t('printers.test_queued', {
            printer: nameOf.get(test.data.printer_id) ?? test.data.printer_id,
          })}
        </p>
      )}
      {printers.data && list.length === 0 ? (
        <EmptyState title={t('printers.empty_title')}>
          <Trans t={t} i18nKey="printers.empty_body" components={{ code: <code /> }} />
        </EmptyState>
      ) : (
        <table className="data-table" aria-label={t('printers.title')}>
          <thead>
            <tr>
              <th scope="col">{t('printers.col_printer')}</th>
              <th scope="col">{t('printers.col_state')}</th>
              <th scope="col">{t('printers.col_address')}</th>
              <th scope="col">{t('printers.col_last_seen')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('printers.col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id} data-printer-state={p.state}>
                <th scope="row">
                  {p.name}
                  <div className="field-hint">
                    {p.language === 'zpl' ? t('printers.kind_zpl') : t('printers.kind_pdf')} ·{' '}
                    {t('printers.dpi', { dpi: p.dpi })}
                  </div>
                </th>
                <td>
                  <span className={`printer-state printer-${p.state}`}>
                    {printerStateText(t, p.state, p.state_reasons)}
                  </span>
                  {p.last_error && <div className="field-hint">{p.last_error}</div>}
                </td>
                <td className="url-cell">{p.uri}</td>
                <td className="nowrap">
                  {p.last_seen_at ? formatDateTime(p.last_seen_at) : t('printers.never')}
                </td>
                <td className="row-actions wraps">
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={t('printers.test_print_on', { printer: p.name })}
                    disabled={test.isPending}
                    onClick={() => {
                      test.reset();
                      test.mutate({ printer_id: p.id, test_label: true });
                    }}
                  >
                    {t('printers.test_print')}
                  </button>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={
                      queueOf === p.id
                        ? t('printers.all_queues')
                        : t('printers.queue_of', { printer: p.name })
                    }
                    onClick={() => setQueueOf(queueOf === p.id ? undefined : p.id)}
                  >
                    {queueOf === p.id ? t('printers.all_queues') : t('printers.queue')}
                  </button>
                  <RowDangerButton
                    label={t('printers.remove_label', { printer: p.name })}
                    onClick={() => setRemoving(p)}
                  >
                    {t('printers.remove')}
                  </RowDangerButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PrintRulesSection printers={list} />
      <PrintQueue printerId={queueOf} nameOf={nameOf} />
      {adding && <AddPrinterDialog onClose={() => setAdding(false)} />}
      {removing && (
        <ConfirmDialog
          title={t('printers.remove_title', { printer: removing.name })}
          confirmLabel={t('printers.remove_confirm')}
          onConfirm={() => remove.mutateAsync(removing.id)}
          onClose={() => setRemoving(null)}
        >
          <p>{t('printers.remove_body')}</p>
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
  const { t } = useStaffT();
  const jobs = usePrintJobs(printerId);
  const act = useJobAction();
  const list = jobs.data?.data ?? [];
  const title = printerId
    ? t('printers.queue_of', { printer: nameOf.get(printerId) ?? printerId })
    : t('printers.print_queue');
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <ErrorMessage error={jobs.error ?? act.error} />
      {list.length === 0 ? (
        <p className="field-hint">{t('printers.no_jobs')}</p>
      ) : (
        <table className="data-table" aria-label={t('printers.jobs')}>
          <thead>
            <tr>
              <th scope="col">{t('printers.col_job')}</th>
              <th scope="col">{t('printers.col_status')}</th>
              <th scope="col">{t('printers.col_printer')}</th>
              <th scope="col">{t('printers.col_labels')}</th>
              <th scope="col">{t('printers.col_queued')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('printers.col_actions')}</span>
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
                    <strong>{t(JOB_KEYS[j.status])}</strong>
                  ) : (
                    t(JOB_KEYS[j.status])
                  )}
                  {heldText(t, j.held_reason) && (
                    <div className="field-hint">{heldText(t, j.held_reason)}</div>
                  )}
                  {j.error && <div className="field-hint">{j.error}</div>}
                  {j.status === 'interrupted' && (
                    <div className="field-hint">{t('printers.cut_off')}</div>
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
                      {t('printers.cancel_job')}
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
                      {j.status === 'interrupted' ? t('printers.print_again') : t('printers.retry')}
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
  const { t } = useStaffT();
  const rule = job.rule_event && (
    <div className="field-hint">{t('printers.by_rule', { event: job.rule_event })}</div>
  );
  if (job.source === 'test_label') return <>{t('printers.test_label')}</>;
  if (job.order_id) {
    return (
      <>
        <Link to={`/orders/${job.order_id}`}>{t('printers.order_labels')}</Link>
        {rule}
      </>
    );
  }
  return (
    <>
      {job.document === 'sscc_labels' ? t('printers.sscc_labels') : t('printers.delivery_note')}
      {rule}
    </>
  );
}

/** An address of each kind, as the field's example (not words: the same in every language). */
const ADDRESS_EXAMPLES = { zpl: 'tcp://10.0.0.50:9100', pdf: 'ipp://10.0.0.60/ipp/print' };

function AddPrinterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useStaffT();
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
    <Dialog title={t('printers.add_title')} onClose={onClose} wide>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('printers.name')}
          name="name"
          required
          error={fieldError(error, 'name')}
        />
        <SelectField
          label={t('printers.kind')}
          name="language"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'pdf' ? 'pdf' : 'zpl')}
        >
          <option value="zpl">{t('printers.kind_zpl_option')}</option>
          <option value="pdf">{t('printers.kind_pdf_option')}</option>
        </SelectField>
        <TextField
          label={t('printers.address')}
          name="uri"
          required
          placeholder={ADDRESS_EXAMPLES[language]}
          error={fieldError(error, 'uri')}
        />
        <SelectField label={t('printers.resolution')} name="dpi" defaultValue="203">
          <option value="203">{t('printers.dpi_203')}</option>
          <option value="300">{t('printers.dpi_300')}</option>
        </SelectField>
        {!shownAtField(error, ['name', 'uri']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('printers.cancel')}
          </button>
          <button type="submit" disabled={add.isPending}>
            {t('printers.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
