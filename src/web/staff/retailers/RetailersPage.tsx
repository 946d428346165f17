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
import { useStaffT } from '../staff-i18n.js';
import { AddressFields } from './AddressFields.js';
import { addressFrom, useCreateRetailer, useRetailers } from './use-retailers.js';

const ADDRESS_FIELDS = ['address'];

/** The retailers the factory makes for. */
export function RetailersPage() {
  const { t } = useStaffT();
  const pages = useKeysetPages();
  const retailers = useRetailers(pages.cursor);
  const [adding, setAdding] = useState(false);
  const list = retailers.data;
  return (
    <section>
      <PageHeader title={t('retailers.title')}>
        <IfAllowed op="POST /v1/retailers">
          <button type="button" onClick={() => setAdding(true)}>
            {t('retailers.new')}
          </button>
        </IfAllowed>
      </PageHeader>
      <ErrorMessage error={retailers.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('retailers.pages')}
        empty={<EmptyState title={t('retailers.empty_title')}>{t('retailers.empty')}</EmptyState>}
        head={
          <>
            <th scope="col">{t('retailers.col.retailer')}</th>
            <th scope="col">{t('retailers.col.code')}</th>
            <th scope="col">{t('retailers.col.town')}</th>
            <th scope="col">{t('retailers.col.added')}</th>
          </>
        }
        row={(r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={`/retailers/${r.id}`}>{r.name}</Link>
            </th>
            <td className="barcode">{r.code}</td>
            <td>{[r.address.town, r.address.country].filter(Boolean).join(', ')}</td>
            <td>{formatDateTime(r.created_at)}</td>
          </tr>
        )}
      />
      {adding && <NewRetailerDialog onClose={() => setAdding(false)} />}
    </section>
  );
}

function NewRetailerDialog({ onClose }: { onClose: () => void }) {
  const { t } = useStaffT();
  const create = useCreateRetailer();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await create
      .mutateAsync({
        name: String(form.get('name')).trim(),
        code: String(form.get('code')).trim(),
        address: addressFrom(form),
      })
      .then(onClose)
      .catch(() => {});
  }
  return (
    <Dialog title={t('retailers.new')} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('retailers.name')}
          name="name"
          required
          error={fieldError(create.error, 'name')}
        />
        <TextField
          label={t('retailers.code')}
          name="code"
          required
          hint={t('retailers.code_hint')}
          error={fieldError(create.error, 'code')}
        />
        <AddressFields error={create.error} />
        {!shownAtField(create.error, ['name', 'code', ...ADDRESS_FIELDS]) && (
          <ErrorMessage error={create.error} />
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('retailers.cancel')}
          </button>
          <button type="submit" disabled={create.isPending}>
            {t('retailers.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
