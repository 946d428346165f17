import { useState, type FormEvent } from 'react';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { openPendingTab, showPdf } from '../common/label-files.js';
import { PageHeader } from '../layout/PageHeader.js';
import {
  useBadge,
  useCreateOperator,
  useOperators,
  useUpdateOperator,
  type Operator,
  type OperatorLanguage,
} from './use-operators.js';

const LANGUAGE_WORDS: Record<OperatorLanguage, string> = {
  en: 'English',
  pl: 'Polski',
  ro: 'Română',
};

/** The people at the stations: each signs in by scanning their badge. */
export function OperatorsPage() {
  const pages = useKeysetPages();
  const operators = useOperators(pages.cursor);
  const update = useUpdateOperator();
  const badge = useBadge();
  const can = useCan();
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);

  async function print(id: string | null) {
    const tab = openPendingTab();
    const pdf = await badge.mutateAsync(id).catch(() => null);
    if (pdf) showPdf(tab, pdf);
    else tab?.close();
  }

  return (
    <section>
      <PageHeader
        title="Operators"
        sub="People at the stations. Each scans their badge to sign in; their scans are then theirs."
      >
        <button type="button" className="secondary" onClick={() => void print(null)}>
          Print the sign-out badge
        </button>
        {can('POST /v1/operators') && (
          <button type="button" onClick={() => setEditing('new')}>
            Add an operator
          </button>
        )}
      </PageHeader>
      <ErrorMessage error={operators.error ?? update.error ?? badge.error} />
      <PagedTable
        list={operators.data}
        pages={pages}
        label="Operator pages"
        empty={
          <EmptyState title="No operators yet">
            Add the people who work at the stations, then print each one a badge.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Badge</th>
            <th scope="col">Language</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(o) => (
          <tr key={o.id} className={o.active ? undefined : 'revoked'}>
            <th scope="row">{o.name}</th>
            <td className="barcode">{o.badge}</td>
            <td>{LANGUAGE_WORDS[o.language]}</td>
            <td>{o.active ? 'Active' : 'Inactive'}</td>
            <td className="row-actions">
              <button
                type="button"
                className="small"
                aria-label={`Print badge of ${o.name}`}
                onClick={() => void print(o.id)}
              >
                Print badge
              </button>
              {can('PATCH /v1/operators/:id') && (
                <>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={`Edit ${o.name}`}
                    onClick={() => setEditing(o)}
                  >
                    Edit…
                  </button>
                  <button
                    type="button"
                    className="small secondary"
                    onClick={() => update.mutate({ id: o.id, active: !o.active })}
                  >
                    {o.active ? 'Deactivate' : 'Activate'}
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
      />
      {editing && (
        <OperatorDialog
          operator={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function OperatorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const error = create.error ?? update.error;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      name: String(form.get('name')).trim(),
      language: String(form.get('language')) as OperatorLanguage,
    };
    const done = operator
      ? update.mutateAsync({ id: operator.id, ...body })
      : create.mutateAsync(body);
    await done.then(onClose).catch(() => {});
  }
  return (
    <Dialog title={operator ? `Edit ${operator.name}` : 'Add an operator'} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label="Name"
          name="name"
          required
          maxLength={100}
          defaultValue={operator?.name}
          error={fieldError(error, 'name')}
        />
        <SelectField
          label="Language at the station"
          name="language"
          defaultValue={operator?.language ?? 'en'}
          error={fieldError(error, 'language')}
        >
          {Object.entries(LANGUAGE_WORDS).map(([code, word]) => (
            <option key={code} value={code}>
              {word}
            </option>
          ))}
        </SelectField>
        {!shownAtField(error, ['name', 'language']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={create.isPending || update.isPending}>
            {operator ? 'Save' : 'Add operator'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
