import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { useRetailerOptions } from '../common/use-retailers.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useConsignments, useCreateConsignment, type ConsignmentStatus } from './use-dispatch.js';

const VIEWS: { status: ConsignmentStatus | undefined; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'closed', label: 'Closed' },
  { status: 'cancelled', label: 'Cancelled' },
  { status: undefined, label: 'All' },
];

export const STATUS_WORDS: Record<ConsignmentStatus, string> = {
  open: 'Loading',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** "12 of 40 pieces": what is loaded of what its orders could still send. */
export function progressWords(c: { pieces_loaded: number; pieces_to_load: number }): string {
  return `${c.pieces_loaded} of ${c.pieces_loaded + c.pieces_to_load} pieces`;
}

/** Dispatch: consignments being loaded at the bays, with their progress; open a new one. */
export function DispatchPage() {
  const [view, setView] = useState<ConsignmentStatus | undefined>('open');
  const pages = useKeysetPages();
  const list = useConsignments(view, pages.cursor);
  const can = useCan();
  return (
    <section>
      <PageHeader title="Dispatch" />
      {can('POST /v1/consignments') && <NewConsignmentForm />}
      <div className="view-tabs" role="group" aria-label="Show consignments">
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
      <ErrorMessage error={list.error} />
      <PagedTable
        list={list.data}
        pages={pages}
        label="Consignment pages"
        empty={
          <EmptyState title={view === 'open' ? 'Nothing being loaded' : 'No consignments here'}>
            Open a consignment for a retailer above, then scan its number (CN 000001) at a dispatch
            station to load pieces into it.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Consignment</th>
            <th scope="col">Retailer</th>
            <th scope="col">Status</th>
            <th scope="col">Loaded</th>
            <th scope="col">Incomplete units</th>
            <th scope="col">Reference</th>
            <th scope="col">Opened</th>
          </>
        }
        row={(c) => (
          <tr key={c.id} data-consignment-id={c.id}>
            <th scope="row">
              <Link to={`/dispatch/${c.id}`}>{c.number}</Link>
            </th>
            <td>{c.retailer_name}</td>
            <td>{STATUS_WORDS[c.status]}</td>
            <td className="nowrap" data-progress={c.pieces_loaded}>
              {progressWords(c)}
            </td>
            <td>{c.units_incomplete === 0 ? '—' : c.units_incomplete}</td>
            <td>{c.reference ?? '—'}</td>
            <td className="nowrap">{formatDateTime(c.created_at)}</td>
          </tr>
        )}
      />
    </section>
  );
}

function NewConsignmentForm() {
  const retailers = useRetailerOptions();
  const create = useCreateConsignment();
  const navigate = useNavigate();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || null;
    const made = await create
      .mutateAsync({
        retailer_id: String(form.get('retailer_id')),
        reference: text('reference'),
        carrier: text('carrier'),
        vehicle: text('vehicle'),
      })
      .catch(() => null);
    if (made) void navigate(`/dispatch/${made.id}`);
  }
  return (
    <form
      className="card inline-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Open a consignment"
    >
      <SelectField
        label="Retailer"
        name="retailer_id"
        required
        defaultValue=""
        error={fieldError(create.error, 'retailer_id')}
      >
        <option value="" disabled>
          Choose…
        </option>
        {retailers.data?.data.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.code})
          </option>
        ))}
      </SelectField>
      <TextField label="Reference" name="reference" maxLength={100} />
      <TextField label="Carrier" name="carrier" maxLength={100} />
      <TextField label="Vehicle" name="vehicle" maxLength={100} />
      <button type="submit" disabled={create.isPending}>
        Open consignment
      </button>
      <div className="inline-form-messages">
        <ErrorMessage error={create.error} />
      </div>
    </form>
  );
}
