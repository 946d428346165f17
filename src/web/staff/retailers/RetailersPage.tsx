import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { IfAllowed } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useCreateRetailer, useRetailers } from './use-retailers.js';

/** The retailers the factory makes for. */
export function RetailersPage() {
  const pages = useKeysetPages();
  const retailers = useRetailers(pages.cursor);
  const [adding, setAdding] = useState(false);
  const list = retailers.data;
  return (
    <section>
      <PageHeader title="Retailers">
        <IfAllowed op="POST /v1/retailers">
          <button type="button" onClick={() => setAdding(true)}>
            New retailer
          </button>
        </IfAllowed>
      </PageHeader>
      <ErrorMessage error={retailers.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="Retailer pages"
        empty={
          <EmptyState title="No retailers yet">
            Every order belongs to a retailer. Add one with “New retailer” (an admin can), giving it
            the code its orders and CSV files will use.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Retailer</th>
            <th scope="col">Code</th>
            <th scope="col">Added</th>
          </>
        }
        row={(r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/retailers/${r.id}`}>{r.name}</Link>
            </th>
            <td className="barcode">{r.code}</td>
            <td>{formatDateTime(r.created_at)}</td>
          </tr>
        )}
      />
      {adding && <NewRetailerDialog onClose={() => setAdding(false)} />}
    </section>
  );
}

function NewRetailerDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateRetailer();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await create
      .mutateAsync({ name: String(form.get('name')).trim(), code: String(form.get('code')).trim() })
      .then(onClose)
      .catch(() => {});
  }
  return (
    <Dialog title="New retailer" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label="Name" name="name" required error={fieldError(create.error, 'name')} />
        <TextField
          label="Code"
          name="code"
          required
          hint="Short and unique, as orders and CSV files name the retailer (e.g. NW)."
          error={fieldError(create.error, 'code')}
        />
        {!shownAtField(create.error, ['name', 'code']) && <ErrorMessage error={create.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={create.isPending}>
            Add retailer
          </button>
        </div>
      </form>
    </Dialog>
  );
}
