import type { FormEvent } from 'react';
import { ViewTabs, type View } from '../common/ViewTabs.js';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { useRetailerOptions } from '../common/use-retailers.js';
import { useViewPages } from '../common/use-view-pages.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import { useConsignments, useCreateConsignment, type ConsignmentStatus } from './use-dispatch.js';

/** The list's views and the catalog's word for each. */
const VIEWS: View<ConsignmentStatus>[] = [
  { status: 'open', key: 'dispatch.view.open' },
  { status: 'closed', key: 'dispatch.view.closed' },
  { status: 'cancelled', key: 'dispatch.view.cancelled' },
  { status: undefined, key: 'dispatch.view.all' },
];

/** The catalog's word for each consignment status. */
export const STATUS_KEYS: Record<ConsignmentStatus, string> = {
  open: 'dispatch.status.open',
  closed: 'dispatch.status.closed',
  cancelled: 'dispatch.status.cancelled',
};

type T = ReturnType<typeof useStaffT>['t'];

/** "12 of 40 pieces": what is loaded of what its orders could still send. */
export function progressWords(t: T, c: { pieces_loaded: number; pieces_to_load: number }): string {
  return t('dispatch.pieces', {
    loaded: c.pieces_loaded,
    count: c.pieces_loaded + c.pieces_to_load,
  });
}

/** Dispatch: consignments being loaded at the bays, with their progress; open a new one. */
export function DispatchPage() {
  const { t } = useStaffT();
  const { view, pages, choose } = useViewPages<ConsignmentStatus>('open');
  const list = useConsignments(view, pages.cursor);
  const can = useCan();
  return (
    <section>
      <PageHeader title={t('dispatch.title')} />
      {can('POST /v1/consignments') && <NewConsignmentForm />}
      <ViewTabs label={t('dispatch.view.label')} views={VIEWS} current={view} onChoose={choose} />
      <ErrorMessage error={list.error} />
      {/* Fits 800 px: headings wrap, and the reference (on each consignment's page) goes. */}
      <div className="consignment-list">
        <PagedTable
          list={list.data}
          pages={pages}
          label={t('dispatch.pages')}
          empty={
            <EmptyState
              title={view === 'open' ? t('dispatch.empty_open') : t('dispatch.empty_none')}
            >
              {t('dispatch.empty')}
            </EmptyState>
          }
          head={
            <>
              <th scope="col">{t('dispatch.col.consignment')}</th>
              <th scope="col">{t('dispatch.col.retailer')}</th>
              <th scope="col">{t('dispatch.col.status')}</th>
              <th scope="col">{t('dispatch.col.loaded')}</th>
              <th scope="col">{t('dispatch.col.incomplete')}</th>
              <th scope="col" className="col-reference">
                {t('dispatch.col.reference')}
              </th>
              <th scope="col">{t('dispatch.col.opened')}</th>
            </>
          }
          row={(c) => (
            <tr key={c.id} data-consignment-id={c.id}>
              <th scope="row">
                <Link to={`/dispatch/${c.id}`}>{c.number}</Link>
              </th>
              <td>{c.retailer_name}</td>
              <td>{t(STATUS_KEYS[c.status])}</td>
              <td className="nowrap" data-progress={c.pieces_loaded}>
                {progressWords(t, c)}
              </td>
              <td>{c.units_incomplete === 0 ? '—' : c.units_incomplete}</td>
              <td className="col-reference">{c.reference ?? '—'}</td>
              <td>{formatDateTime(c.created_at)}</td>
            </tr>
          )}
        />
      </div>
    </section>
  );
}

function NewConsignmentForm() {
  const { t } = useStaffT();
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
      aria-label={t('dispatch.new.label')}
    >
      <SelectField
        label={t('dispatch.new.retailer')}
        name="retailer_id"
        required
        defaultValue=""
        error={fieldError(create.error, 'retailer_id')}
      >
        <option value="" disabled>
          {t('dispatch.new.choose')}
        </option>
        {retailers.data?.data.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.code})
          </option>
        ))}
      </SelectField>
      <TextField label={t('dispatch.new.reference')} name="reference" maxLength={100} />
      <TextField label={t('dispatch.new.carrier')} name="carrier" maxLength={100} />
      <TextField label={t('dispatch.new.vehicle')} name="vehicle" maxLength={100} />
      <button type="submit" disabled={create.isPending}>
        {t('dispatch.new.submit')}
      </button>
      <div className="inline-form-messages">
        <ErrorMessage error={create.error} />
      </div>
    </form>
  );
}
