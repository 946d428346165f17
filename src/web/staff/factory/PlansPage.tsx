import { Trans } from 'react-i18next';
import { formatNumber, formatPence } from '../../shared/format.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { useStaffT } from '../staff-i18n.js';
import { usePlans } from './use-factory.js';

/**
 * The plan catalogue, prices in pounds excluding VAT. The company record names no plan and
 * nothing in factoryd counts against a plan's limits, so the page says what the list is — the
 * prices on offer — and that this installation is not limited by any of them.
 */
export function PlansPage() {
  const { t } = useStaffT();
  const plans = usePlans();
  /** A limit in words, its number written the language's way: "5 stations", "Unlimited…". */
  const limit = (n: number | null, counted: string, unlimited: string) =>
    n === null ? t(unlimited) : t(counted, { count: n, n: formatNumber(n) });
  if (plans.error) return <ErrorMessage error={plans.error} />;
  if (!plans.data) return <p className="loading">{t('factory.loading')}</p>;
  return (
    <>
      <div className="plans-note" role="note" aria-label={t('factory.plans.about')}>
        <p>
          <strong>{t('factory.plans.not_on_plan')}</strong> {t('factory.plans.not_counted')}
        </p>
        <p>{t('factory.plans.limits')}</p>
      </div>
      <div className="plans">
        {plans.data.data.map((plan) => (
          <article key={plan.id} className="card plan" aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p>{plan.description}</p>
            <p className="plan-price">
              <Trans
                ns="staff"
                i18nKey="factory.plans.monthly"
                values={{ price: formatPence(plan.monthly_price_pence) }}
                components={[<strong key="price" />]}
              />
              <br />
              {t('factory.plans.annual', { price: formatPence(plan.annual_price_pence) })}
              <br />
              <small>{t('factory.plans.ex_vat')}</small>
            </p>
            <ul>
              <li>
                {limit(
                  plan.limits.stations,
                  'factory.plans.stations',
                  'factory.plans.stations_unlimited',
                )}
              </li>
              <li>
                {limit(
                  plan.limits.orders_per_month,
                  'factory.plans.orders',
                  'factory.plans.orders_unlimited',
                )}
              </li>
              <li>
                {limit(
                  plan.limits.staff_users,
                  'factory.plans.staff',
                  'factory.plans.staff_unlimited',
                )}
              </li>
            </ul>
          </article>
        ))}
      </div>
    </>
  );
}
