/** The plan catalogue: fixed, public data. Prices in pence, excluding VAT. */
export interface Plan {
  id: string;
  object: 'plan';
  name: string;
  description: string;
  currency: 'GBP';
  monthly_price_pence: number;
  annual_price_pence: number;
  vat_included: false;
  limits: { stations: number | null; orders_per_month: number | null; staff_users: number | null };
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    object: 'plan',
    name: 'Starter',
    description: 'One production line: a few stations and the essentials.',
    currency: 'GBP',
    monthly_price_pence: 4900,
    annual_price_pence: 49000,
    vat_included: false,
    limits: { stations: 5, orders_per_month: 1000, staff_users: 5 },
  },
  {
    id: 'factory',
    object: 'plan',
    name: 'Factory',
    description: 'A whole factory floor with webhooks and the retailer portal.',
    currency: 'GBP',
    monthly_price_pence: 14900,
    annual_price_pence: 149000,
    vat_included: false,
    limits: { stations: 40, orders_per_month: 20000, staff_users: 50 },
  },
  {
    id: 'group',
    object: 'plan',
    name: 'Group',
    description: 'Several factories on PostgreSQL, without limits.',
    currency: 'GBP',
    monthly_price_pence: 49900,
    annual_price_pence: 499000,
    vat_included: false,
    limits: { stations: null, orders_per_month: null, staff_users: null },
  },
];
