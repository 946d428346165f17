import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.js';
import { EmptyState } from '../../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { PageHeader } from '../../layout/PageHeader.js';
import { useUploadOrders } from './use-new-orders.js';

const COLUMNS =
  'order_no, retailer_code, sku, colour, qty, pieces_per_unit, production_date, needed_by, piece_names';

/**
 * Orders from a CSV file, in two steps: a dry run checks every row and shows either the orders it
 * would create or every problem by row and column; nothing is written until Import.
 */
export function UploadPage() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const check = useUploadOrders();
  const importing = useUploadOrders();

  async function choose(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    check.reset();
    importing.reset();
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    check.mutate({ csv: text, dryRun: true });
  }

  const rowErrors = check.error instanceof ApiError ? check.error.details : undefined;
  const plan = check.data;
  const done = importing.data;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/">← Orders</Link>
      </p>
      <PageHeader title="Upload orders (CSV)" />
      <div className="card">
        <p>
          One row per order line, with a header row: <code>{COLUMNS}</code>. Rows with the same
          order number and retailer are lines of one order; piece names are separated by{' '}
          <code>|</code>. The file is checked first; nothing is imported until you confirm, and then
          all of it or none.
        </p>
        <div className="field">
          <label htmlFor="csv-file">CSV file</label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e.currentTarget)}
          />
        </div>
      </div>

      {check.isPending && <p className="loading">Checking {file?.name}…</p>}
      {rowErrors && rowErrors.length > 0 && (
        <>
          <div className="error-message" role="alert">
            <strong>{file?.name} cannot be imported: </strong>
            {rowErrors.length === 1 ? 'one problem' : `${rowErrors.length} problems`}. Nothing was
            imported. Fix the file and choose it again.
          </div>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Problems in the file</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((e, i) => (
                  <tr key={i}>
                    <td className="num">{e.row ?? '—'}</td>
                    <td>{e.column ?? '—'}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {check.error && !rowErrors?.length && <ErrorMessage error={check.error} />}

      {plan && !done && (
        <>
          <h2>
            {plan.orders.length === 1 ? 'One order' : `${plan.orders.length} orders`} will be
            created
          </h2>
          <OrdersTable orders={plan.orders} />
          <ErrorMessage error={importing.error} />
          <div className="form-actions">
            <button
              type="button"
              disabled={importing.isPending || plan.orders.length === 0}
              onClick={() => file && importing.mutate({ csv: file.text, dryRun: false })}
            >
              {importing.isPending ? 'Importing…' : `Import ${plan.orders.length} orders`}
            </button>
          </div>
        </>
      )}
      {done && (
        <>
          <p className="success-message" role="status">
            Imported {done.orders_created} orders from {file?.name}.
          </p>
          <OrdersTable orders={done.orders} />
        </>
      )}
      {!file && !check.isPending && (
        <EmptyState title="No file chosen">Choose a CSV file above to check it.</EmptyState>
      )}
    </section>
  );
}

function OrdersTable({
  orders,
}: {
  orders: { id: string | null; order_no: string; retailer_code: string; pieces_total: number }[];
}) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Retailer</th>
            <th scope="col" className="num">
              Pieces
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={`${o.retailer_code}/${o.order_no}`}>
              <th scope="row">
                {o.id ? <Link to={`/orders/${o.id}`}>{o.order_no}</Link> : o.order_no}
              </th>
              <td>{o.retailer_code}</td>
              <td className="num">{o.pieces_total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
