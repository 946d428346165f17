import { formatPence } from '../../shared/format.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { usePlans } from './use-factory.js';

const limit = (n: number | null, what: string) =>
  n === null ? `Unlimited ${what}` : `${n.toLocaleString('en-GB')} ${what}`;

/** The plans on offer, prices in pounds excluding VAT. */
export function PlansPage() {
  const plans = usePlans();
  if (plans.error) return <ErrorMessage error={plans.error} />;
  if (!plans.data) return <p className="loading">Loading…</p>;
  return (
    <>
      <p>Prices are in pounds sterling, excluding VAT.</p>
      <div className="plans">
        {plans.data.data.map((plan) => (
          <article key={plan.id} className="card plan" aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p>{plan.description}</p>
            <p className="plan-price">
              <strong>{formatPence(plan.monthly_price_pence)}</strong> a month
              <br />
              or {formatPence(plan.annual_price_pence)} a year
              <br />
              <small>excluding VAT</small>
            </p>
            <ul>
              <li>{limit(plan.limits.stations, 'stations')}</li>
              <li>{limit(plan.limits.orders_per_month, 'orders a month')}</li>
              <li>{limit(plan.limits.staff_users, 'staff users')}</li>
            </ul>
          </article>
        ))}
      </div>
    </>
  );
}
