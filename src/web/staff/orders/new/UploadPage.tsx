import { useState } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.js';
import { formatNumber } from '../../../shared/format.js';
import { EmptyState } from '../../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { PageHeader } from '../../layout/PageHeader.js';
import { useStaffT } from '../../staff-i18n.js';
import { useUploadOrders } from './use-new-orders.js';

const COLUMNS =
  'order_no, retailer_code, sku, colour, qty, pieces_per_unit, production_date, needed_by, piece_names';

/**
 * Orders from a CSV file, in two steps: a dry run checks every row and shows either the orders it
 * would create or every problem by row and column; nothing is written until Import.
 */
export function UploadPage() {
  const { t } = useStaffT();
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
        <Link to="/">{t('orders.back')}</Link>
      </p>
      <PageHeader title={t('orders.csv.title')} />
      <div className="card">
        <p>
          <Trans
            t={t}
            i18nKey="orders.csv.intro"
            values={{ columns: COLUMNS }}
            components={{ code: <code /> }}
          />
        </p>
        <div className="field">
          <label htmlFor="csv-file">{t('orders.csv.file')}</label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e.currentTarget)}
          />
        </div>
      </div>

      {check.isPending && (
        <p className="loading">{t('orders.csv.checking', { file: file?.name })}</p>
      )}
      {rowErrors && rowErrors.length > 0 && (
        <>
          <div className="error-message" role="alert">
            <Trans
              t={t}
              i18nKey="orders.csv.problems"
              count={rowErrors.length}
              values={{ file: file?.name }}
              components={{ strong: <strong /> }}
            />
          </div>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">{t('orders.csv.problems')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {t('orders.csv.row')}
                  </th>
                  <th scope="col">{t('orders.csv.column')}</th>
                  <th scope="col">{t('orders.csv.problem')}</th>
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
          <h2>{t('orders.csv.will_create', { count: plan.orders.length })}</h2>
          <OrdersTable orders={plan.orders} />
          <ErrorMessage error={importing.error} />
          <div className="form-actions">
            <button
              type="button"
              disabled={importing.isPending || plan.orders.length === 0}
              onClick={() => file && importing.mutate({ csv: file.text, dryRun: false })}
            >
              {importing.isPending
                ? t('orders.csv.importing')
                : t('orders.csv.import', { count: plan.orders.length })}
            </button>
          </div>
        </>
      )}
      {done && (
        <>
          <p className="success-message" role="status">
            {t('orders.csv.imported', { count: done.orders_created, file: file?.name })}
          </p>
          <OrdersTable orders={done.orders} />
        </>
      )}
      {!file && !check.isPending && (
        <EmptyState title={t('orders.csv.no_file')}>{t('orders.csv.no_file_next')}</EmptyState>
      )}
    </section>
  );
}

function OrdersTable({
  orders,
}: {
  orders: { id: string | null; order_no: string; retailer_code: string; pieces_total: number }[];
}) {
  const { t } = useStaffT();
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('orders.table.order')}</th>
            <th scope="col">{t('orders.table.retailer')}</th>
            <th scope="col" className="num">
              {t('orders.table.pieces')}
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
              <td className="num">{formatNumber(o.pieces_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
