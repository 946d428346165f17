import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import {
  fieldError,
  labelledFieldError,
  type FieldLabels,
} from '../../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../../shared/ui/TextField.js';
import { useRetailerOptions } from '../../common/use-retailers.js';
import { PageHeader } from '../../layout/PageHeader.js';
import { useCreateOrder, type NewOrder } from './use-new-orders.js';

interface LineDraft {
  key: number;
  sku: string;
  colour: string;
  qty: string;
  pieces_per_unit: string;
  piece_names: string;
}

let nextKey = 1;
const emptyLine = (): LineDraft => ({
  key: nextKey++,
  sku: '',
  colour: '',
  qty: '1',
  pieces_per_unit: '1',
  piece_names: '',
});

const ORDER_FIELDS = ['order_no', 'retailer_id', 'production_date', 'needed_by', 'lines'];

const ORDER_LABELS = {
  order_no: 'Order number',
  retailer_id: 'Retailer',
  production_date: 'Production date',
  needed_by: 'Needed by',
};
const LINE_LABELS = {
  sku: 'SKU',
  colour: 'Colour',
  qty: 'Units',
  pieces_per_unit: 'Pieces per unit',
  piece_names: 'Piece names',
};

/** The form's labels by API field, each line's as its inputs say them ("Units (line 2)"). */
function formLabels(lineCount: number): FieldLabels {
  const labels: Record<string, string> = { ...ORDER_LABELS };
  for (let i = 0; i < lineCount; i += 1) {
    for (const [field, label] of Object.entries(LINE_LABELS)) {
      labels[`lines.${i}.${field}`] = `${label} (line ${i + 1})`;
    }
  }
  return labels;
}

/** Piece names are separated as in the CSV upload's `piece_names` column, so a name may hold a comma. */
const PIECE_NAME_SEPARATOR = '|';

/** One order typed in: its number, retailer, dates, and lines added and removed. */
export function NewOrderPage() {
  const retailers = useRetailerOptions();
  const create = useCreateOrder();
  const navigate = useNavigate();
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const error = create.error;

  const setLine = (key: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const body: NewOrder = {
      order_no: text('order_no'),
      retailer_id: text('retailer_id'),
      production_date: text('production_date') || null,
      needed_by: text('needed_by') || null,
      lines: lines.map((l) => {
        const names = l.piece_names
          .split(PIECE_NAME_SEPARATOR)
          .map((n) => n.trim())
          .filter(Boolean);
        return {
          sku: l.sku.trim(),
          colour: l.colour.trim() || null,
          qty: Number(l.qty),
          pieces_per_unit: Number(l.pieces_per_unit),
          ...(names.length > 0 ? { piece_names: names } : {}),
        };
      }),
    };
    const order = await create.mutateAsync(body).catch(() => null);
    if (order) void navigate(`/orders/${order.id}`);
  }

  const labelled = labelledFieldError(formLabels(lines.length));
  const lineError = (i: number, field: string) => labelled(error, `lines.${i}.${field}`);
  const atSomeField =
    ORDER_FIELDS.some((f) => f !== 'lines' && fieldError(error, f)) ||
    lines.some((_, i) => fieldError(error, `lines.${i}`));

  return (
    <section>
      <p className="breadcrumb">
        <Link to="/">← Orders</Link>
      </p>
      <PageHeader title="New order" sub="Its pieces get barcodes as soon as it is created." />
      <form className="card order-form" onSubmit={(e) => void submit(e)} aria-label="New order">
        <div className="form-row">
          <TextField
            label="Order number"
            name="order_no"
            required
            maxLength={100}
            error={labelled(error, 'order_no')}
          />
          <SelectField
            label="Retailer"
            name="retailer_id"
            required
            defaultValue=""
            error={labelled(error, 'retailer_id')}
          >
            <option value="" disabled>
              Choose a retailer
            </option>
            {retailers.data?.data.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.code})
              </option>
            ))}
          </SelectField>
          <TextField
            label="Production date"
            name="production_date"
            type="date"
            error={labelled(error, 'production_date')}
          />
          <TextField
            label="Needed by"
            name="needed_by"
            type="date"
            error={labelled(error, 'needed_by')}
          />
        </div>
        {retailers.data?.data.length === 0 && (
          <p className="notice">
            There are no retailers yet: <Link to="/retailers">add one</Link> first.
          </p>
        )}

        <fieldset className="plain-fieldset">
          <legend>Lines</legend>
          {lines.map((line, i) => (
            <div key={line.key} className="line-row" role="group" aria-label={`Line ${i + 1}`}>
              <TextField
                label={`SKU (line ${i + 1})`}
                value={line.sku}
                required
                onChange={(e) => setLine(line.key, { sku: e.target.value })}
                error={lineError(i, 'sku')}
              />
              <TextField
                label={`Colour (line ${i + 1})`}
                value={line.colour}
                onChange={(e) => setLine(line.key, { colour: e.target.value })}
                error={lineError(i, 'colour')}
              />
              <TextField
                label={`Units (line ${i + 1})`}
                type="number"
                min={1}
                required
                value={line.qty}
                onChange={(e) => setLine(line.key, { qty: e.target.value })}
                error={lineError(i, 'qty')}
                fieldClassName="narrow"
              />
              <TextField
                label={`Pieces per unit (line ${i + 1})`}
                type="number"
                min={1}
                required
                value={line.pieces_per_unit}
                onChange={(e) => setLine(line.key, { pieces_per_unit: e.target.value })}
                error={lineError(i, 'pieces_per_unit')}
                fieldClassName="narrow"
              />
              <TextField
                label={`Piece names (line ${i + 1})`}
                value={line.piece_names}
                placeholder="Frame | Cushions | Legs"
                hint="Optional: one per piece, separated by | as in the CSV upload."
                onChange={(e) => setLine(line.key, { piece_names: e.target.value })}
                error={lineError(i, 'piece_names')}
              />
              <div className="line-actions">
                <button
                  type="button"
                  className="secondary small"
                  disabled={lines.length === 1}
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  Remove
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="secondary"
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            Add a line
          </button>
        </fieldset>
        {!atSomeField && <ErrorMessage error={error} />}
        <div className="form-actions">
          <Link to="/" className="button-link secondary">
            Cancel
          </Link>
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create order'}
          </button>
        </div>
      </form>
    </section>
  );
}
