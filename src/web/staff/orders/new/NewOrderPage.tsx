import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
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
import { useStaffT } from '../../staff-i18n.js';
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

/** The catalog's keys of the form's labels, by API field. */
const ORDER_LABELS = {
  order_no: 'orders.fields.order_no',
  retailer_id: 'orders.fields.retailer',
  production_date: 'orders.fields.production_date',
  needed_by: 'orders.fields.needed_by',
};
const LINE_LABELS = {
  sku: 'orders.fields.sku',
  colour: 'orders.fields.colour',
  qty: 'orders.fields.qty',
  pieces_per_unit: 'orders.fields.pieces_per_unit',
  piece_names: 'orders.fields.piece_names',
};

/** A line's field as its input says it: "Units (line 2)". */
const inLine = (t: TFunction<'staff'>, key: string, i: number) =>
  t('orders.form.in_line', { field: t(key), n: i + 1 });

/** The form's labels by API field, each line's as its inputs say them ("Units (line 2)"). */
function formLabels(lineCount: number, t: TFunction<'staff'>): FieldLabels {
  const labels: Record<string, string> = {};
  for (const [field, key] of Object.entries(ORDER_LABELS)) labels[field] = t(key);
  for (let i = 0; i < lineCount; i += 1) {
    for (const [field, key] of Object.entries(LINE_LABELS)) {
      labels[`lines.${i}.${field}`] = inLine(t, key, i);
    }
  }
  return labels;
}

/** Piece names are separated as in the CSV upload's `piece_names` column, so a name may hold a comma. */
const PIECE_NAME_SEPARATOR = '|';

/** One order typed in: its number, retailer, dates, and lines added and removed. */
export function NewOrderPage() {
  const { t } = useStaffT();
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

  const labelled = labelledFieldError(formLabels(lines.length, t));
  const lineError = (i: number, field: string) => labelled(error, `lines.${i}.${field}`);
  const atSomeField =
    ORDER_FIELDS.some((f) => f !== 'lines' && fieldError(error, f)) ||
    lines.some((_, i) => fieldError(error, `lines.${i}`));

  return (
    <section>
      <p className="breadcrumb">
        <Link to="/">{t('orders.back')}</Link>
      </p>
      <PageHeader title={t('orders.new')} sub={t('orders.form.sub')} />
      <form
        className="card order-form"
        onSubmit={(e) => void submit(e)}
        aria-label={t('orders.new')}
      >
        <div className="form-row">
          <TextField
            label={t(ORDER_LABELS.order_no)}
            name="order_no"
            required
            maxLength={100}
            error={labelled(error, 'order_no')}
          />
          <SelectField
            label={t(ORDER_LABELS.retailer_id)}
            name="retailer_id"
            required
            defaultValue=""
            error={labelled(error, 'retailer_id')}
          >
            <option value="" disabled>
              {t('orders.form.choose_retailer')}
            </option>
            {retailers.data?.data.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.code})
              </option>
            ))}
          </SelectField>
          <TextField
            label={t(ORDER_LABELS.production_date)}
            name="production_date"
            type="date"
            error={labelled(error, 'production_date')}
          />
          <TextField
            label={t(ORDER_LABELS.needed_by)}
            name="needed_by"
            type="date"
            error={labelled(error, 'needed_by')}
          />
        </div>
        {retailers.data?.data.length === 0 && (
          <p className="notice">
            <Trans
              t={t}
              i18nKey="orders.form.no_retailers"
              components={{ a: <Link to="/retailers" /> }}
            />
          </p>
        )}

        <fieldset className="plain-fieldset">
          <legend>{t('orders.fields.lines')}</legend>
          {lines.map((line, i) => (
            <div
              key={line.key}
              className="line-row"
              role="group"
              aria-label={t('orders.form.line', { n: i + 1 })}
            >
              <TextField
                label={inLine(t, LINE_LABELS.sku, i)}
                value={line.sku}
                required
                onChange={(e) => setLine(line.key, { sku: e.target.value })}
                error={lineError(i, 'sku')}
              />
              <TextField
                label={inLine(t, LINE_LABELS.colour, i)}
                value={line.colour}
                onChange={(e) => setLine(line.key, { colour: e.target.value })}
                error={lineError(i, 'colour')}
              />
              <TextField
                label={inLine(t, LINE_LABELS.qty, i)}
                type="number"
                min={1}
                required
                value={line.qty}
                onChange={(e) => setLine(line.key, { qty: e.target.value })}
                error={lineError(i, 'qty')}
                fieldClassName="narrow"
              />
              <TextField
                label={inLine(t, LINE_LABELS.pieces_per_unit, i)}
                type="number"
                min={1}
                required
                value={line.pieces_per_unit}
                onChange={(e) => setLine(line.key, { pieces_per_unit: e.target.value })}
                error={lineError(i, 'pieces_per_unit')}
                fieldClassName="narrow"
              />
              <TextField
                label={inLine(t, LINE_LABELS.piece_names, i)}
                value={line.piece_names}
                placeholder={t('orders.form.names_example')}
                hint={t('orders.form.names_hint')}
                onChange={(e) => setLine(line.key, { piece_names: e.target.value })}
                error={lineError(i, 'piece_names')}
              />
              <div className="line-actions">
                <button
                  type="button"
                  className="secondary small"
                  disabled={lines.length === 1}
                  aria-label={t('orders.form.remove_line', { n: i + 1 })}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                >
                  {t('orders.form.remove')}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="secondary"
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            {t('orders.form.add_line')}
          </button>
        </fieldset>
        {!atSomeField && <ErrorMessage error={error} />}
        <div className="form-actions">
          <Link to="/" className="button-link secondary">
            {t('orders.form.cancel')}
          </Link>
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? t('orders.form.creating') : t('orders.form.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
