import { formatPence } from '../../shared/format.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { usePlans } from './use-factory.js';

const limit = (n: number | null, what: string) =>
  n === null ? `Unlimited ${what}` : `${n.toLocaleString('en-GB')} ${what}`;

/**
 * The plan catalogue, prices in pounds excluding VAT. The company record names no plan and
 * nothing in factoryd counts against a plan's limits, so the page says what the list is — the
 * prices on offer — and that this installation is not limited by any of them.
 */
export function PlansPage() {
  const plans = usePlans();
  if (plans.error) return <ErrorMessage error={plans.error} />;
  if (!plans.data) return <p className="loading">Loading…</p>;
  return (
    <>
      <div className="plans-note" role="note" aria-label="About these plans">
        <p>
          <strong>This is the price list, not a plan this installation is on.</strong> No plan is
          recorded for this factory, and factoryd does not count stations, orders or staff users
          against any plan: nothing here stops or slows what this installation does.
        </p>
        <p>
          A plan&rsquo;s limits say how much it covers: the number of paired stations, orders
          created in a calendar month and staff users (admins and supervisors) it is priced for.
          Prices are in pounds sterling, excluding VAT.
        </p>
      </div>
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
