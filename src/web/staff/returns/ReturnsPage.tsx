import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import {
  useCloseReturn,
  useCreateReturn,
  useReturns,
  type Return,
  type ReturnStatus,
} from './use-returns.js';

const VIEWS: { status: ReturnStatus | undefined; label: string }[] = [
  { status: 'received', label: 'Open' },
  { status: 'restocked', label: 'Restocked' },
  { status: 'written_off', label: 'Written off' },
  { status: undefined, label: 'All' },
];

const STATUS_WORDS: Record<ReturnStatus, string> = {
  received: 'Open',
  restocked: 'Restocked',
  written_off: 'Written off',
};

/** Pieces coming back: record one by its barcode, then restock it at a bay or write it off. */
export function ReturnsPage() {
  const [view, setView] = useState<ReturnStatus | undefined>('received');
  const pages = useKeysetPages();
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
      <PageHeader title="Returns" />
      {can('POST /v1/returns') && <NewReturnForm onDone={setBanner} />}
      {banner && (
        <p className="success-message" role="status">
          {banner}
        </p>
      )}

      <div className="view-tabs" role="group" aria-label="Show returns">
        {VIEWS.map((v) => (
          <button
            key={v.label}
            type="button"
            className="secondary"
            aria-pressed={view === v.status}
            onClick={() => {
              setView(v.status);
              pages.first();
            }}
          >
            {v.label}
          </button>
        ))}
      </div>
      <ErrorMessage error={returns.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="Return pages"
        empty={
          <EmptyState title={view === 'received' ? 'No open returns' : 'No returns here'}>
            When a dispatched piece comes back, scan or type its barcode above to record the return;
            then restock it at a bay or write it off.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Piece</th>
            <th scope="col">Order</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
            <th scope="col">Received</th>
            <th scope="col">Closed</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
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
              {STATUS_WORDS[r.status]}
              {r.location && ` at bay ${r.location}`}
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
                    aria-label={`Restock ${r.barcode}`}
                    onClick={() => setClosing({ ret: r, how: 'restock' })}
                  >
                    Restock…
                  </button>
                  <RowDangerButton
                    label={`Write off ${r.barcode}`}
                    onClick={() => setClosing({ ret: r, how: 'write_off' })}
                  >
                    Write off…
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
      onDone(`Return recorded for ${made.barcode} (order ${made.order_no}).`);
      formEl.reset();
    }
  }
  return (
    <form
      className="card inline-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Record a return"
    >
      <TextField
        label="Piece barcode"
        name="barcode"
        required
        maxLength={128}
        autoComplete="off"
        placeholder="FD 0000042"
        error={fieldError(create.error, 'barcode')}
      />
      <TextField
        label="Reason (optional)"
        name="reason"
        maxLength={500}
        error={fieldError(create.error, 'reason')}
      />
      <button type="submit" disabled={create.isPending}>
        Record return
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
  const close = useCloseReturn(ret.id);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const location = String(new FormData(event.currentTarget).get('location')).trim();
    await close
      .mutateAsync({ status: 'restocked', location })
      .then((closed) => {
        onDone(
          `${closed.barcode} restocked at bay ${closed.location ?? location}: back in stock for order ${closed.order_no}.`,
        );
        onClose();
      })
      .catch(() => {});
  }
  return (
    <Dialog title={`Restock ${ret.barcode}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>The piece goes back in stock at the bay you name, and its order moves on.</p>
        <TextField
          label="Bay"
          name="location"
          required
          maxLength={40}
          error={fieldError(close.error, 'location')}
        />
        {!fieldError(close.error, 'location') && <ErrorMessage error={close.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={close.isPending}>
            Restock
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function WriteOffDialog({ ret, onDone, onClose }: CloseProps) {
  const close = useCloseReturn(ret.id);
  return (
    <ConfirmDialog
      title={`Write off ${ret.barcode}?`}
      confirmLabel="Write it off"
      onConfirm={() =>
        close
          .mutateAsync({ status: 'written_off' })
          .then((closed) =>
            onDone(
              `${closed.barcode} written off; it no longer counts for order ${closed.order_no}.`,
            ),
          )
      }
      onClose={onClose}
    >
      <p>
        The piece will never be made, stocked or shipped again, and no longer counts for its order (
        {ret.order_no}). This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
