import { useState, type FormEvent } from 'react';
import { ViewTabs, type View } from '../common/ViewTabs.js';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { useViewPages } from '../common/use-view-pages.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import {
  useCloseReturn,
  useCreateReturn,
  useReturns,
  type Return,
  type ReturnStatus,
} from './use-returns.js';

const STATUS_KEYS: Record<ReturnStatus, string> = {
  received: 'returns.status.received',
  restocked: 'returns.status.restocked',
  written_off: 'returns.status.written_off',
};

/** The views of the list: each status, and all of them. */
const VIEWS: View<ReturnStatus>[] = [
  { status: 'received', key: STATUS_KEYS.received },
  { status: 'restocked', key: STATUS_KEYS.restocked },
  { status: 'written_off', key: STATUS_KEYS.written_off },
  { status: undefined, key: 'returns.all' },
];

/** Pieces coming back: record one by its barcode, then restock it at a bay or write it off. */
export function ReturnsPage() {
  const { t } = useStaffT();
  const { view, pages, choose } = useViewPages<ReturnStatus>('received');
  const returns = useReturns(view, pages.cursor);
  const [closing, setClosing] = useState<{ ret: Return; how: 'restock' | 'write_off' } | null>(
    null,
  );
  const can = useCan();
  const list = returns.data;
  // One banner for the last thing done here: recorded, restocked or written off.
  const [banner, setBanner] = useState<string | null>(null);

  return (
    <section>
      <PageHeader title={t('returns.title')} />
      {can('POST /v1/returns') && <NewReturnForm onDone={setBanner} />}
      {banner && (
        <p className="success-message" role="status">
          {banner}
        </p>
      )}

      <ViewTabs label={t('returns.views')} views={VIEWS} current={view} onChoose={choose} />
      <ErrorMessage error={returns.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('returns.pages')}
        empty={
          <EmptyState title={view === 'received' ? t('returns.none_open') : t('returns.none_here')}>
            {t('returns.none_next')}
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('returns.piece')}</th>
            <th scope="col">{t('returns.order')}</th>
            <th scope="col">{t('returns.status_column')}</th>
            <th scope="col">{t('returns.reason')}</th>
            <th scope="col">{t('returns.received')}</th>
            <th scope="col">{t('returns.closed')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('returns.actions')}</span>
            </th>
          </>
        }
        row={(r) => (
          <tr key={r.id}>
            <th scope="row" className="barcode">
              {r.barcode}
            </th>
            <td>
              <Link to={`/orders/${r.order_id}`}>{r.order_no}</Link>
            </td>
            <td>
              {t(STATUS_KEYS[r.status])}
              {r.location && t('returns.at_bay', { bay: r.location })}
            </td>
            <td>{r.reason ?? '—'}</td>
            <td className="nowrap">{formatDateTime(r.created_at)}</td>
            <td className="nowrap">{formatDateTime(r.closed_at)}</td>
            <td className="row-actions">
              {r.status === 'received' && can('PATCH /v1/returns/:id') && (
                <>
                  <button
                    type="button"
                    className="small"
                    aria-label={t('returns.restock_label', { barcode: r.barcode })}
                    onClick={() => setClosing({ ret: r, how: 'restock' })}
                  >
                    {t('returns.restock_more')}
                  </button>
                  <RowDangerButton
                    label={t('returns.write_off_label', { barcode: r.barcode })}
                    onClick={() => setClosing({ ret: r, how: 'write_off' })}
                  >
                    {t('returns.write_off_more')}
                  </RowDangerButton>
                </>
              )}
            </td>
          </tr>
        )}
      />
      {closing?.how === 'restock' && (
        <RestockDialog ret={closing.ret} onDone={setBanner} onClose={() => setClosing(null)} />
      )}
      {closing?.how === 'write_off' && (
        <WriteOffDialog ret={closing.ret} onDone={setBanner} onClose={() => setClosing(null)} />
      )}
    </section>
  );
}

function NewReturnForm({ onDone }: { onDone: (banner: string | null) => void }) {
  const { t } = useStaffT();
  const create = useCreateReturn();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const reason = String(form.get('reason')).trim();
    onDone(null);
    const made = await create
      .mutateAsync({ barcode: String(form.get('barcode')).trim(), ...(reason ? { reason } : {}) })
      .catch(() => null);
    if (made) {
      onDone(t('returns.recorded', { barcode: made.barcode, order: made.order_no }));
      formEl.reset();
    }
  }
  return (
    <form
      className="card inline-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('returns.record')}
    >
      <TextField
        label={t('returns.barcode')}
        name="barcode"
        required
        maxLength={128}
        autoComplete="off"
        placeholder={t('returns.example_barcode')}
        error={fieldError(create.error, 'barcode')}
      />
      <TextField
        label={t('returns.reason_optional')}
        name="reason"
        maxLength={500}
        error={fieldError(create.error, 'reason')}
      />
      <button type="submit" disabled={create.isPending}>
        {t('returns.record_submit')}
      </button>
      <div className="inline-form-messages">
        {!shownAtField(create.error, ['barcode', 'reason']) && (
          <ErrorMessage error={create.error} />
        )}
      </div>
    </form>
  );
}

interface CloseProps {
  ret: Return;
  /** The banner that says what was done. */
  onDone: (banner: string) => void;
  onClose: () => void;
}

function RestockDialog({ ret, onDone, onClose }: CloseProps) {
  const { t } = useStaffT();
  const close = useCloseReturn(ret.id);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const location = String(new FormData(event.currentTarget).get('location')).trim();
    await close
      .mutateAsync({ status: 'restocked', location })
      .then((closed) => {
        onDone(
          t('returns.restocked', {
            barcode: closed.barcode,
            bay: closed.location ?? location,
            order: closed.order_no,
          }),
        );
        onClose();
      })
      .catch(() => {});
  }
  return (
    <Dialog title={t('returns.restock_label', { barcode: ret.barcode })} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>{t('returns.restock_text')}</p>
        <TextField
          label={t('returns.bay')}
          name="location"
          required
          maxLength={40}
          error={fieldError(close.error, 'location')}
        />
        {!fieldError(close.error, 'location') && <ErrorMessage error={close.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('returns.cancel')}
          </button>
          <button type="submit" disabled={close.isPending}>
            {t('returns.restock')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function WriteOffDialog({ ret, onDone, onClose }: CloseProps) {
  const { t } = useStaffT();
  const close = useCloseReturn(ret.id);
  return (
    <ConfirmDialog
      title={t('returns.write_off_title', { barcode: ret.barcode })}
      confirmLabel={t('returns.write_off_confirm')}
      onConfirm={() =>
        close
          .mutateAsync({ status: 'written_off' })
          .then((closed) =>
            onDone(t('returns.written_off', { barcode: closed.barcode, order: closed.order_no })),
          )
      }
      onClose={onClose}
    >
      <p>{t('returns.write_off_text', { order: ret.order_no })}</p>
    </ConfirmDialog>
  );
}
