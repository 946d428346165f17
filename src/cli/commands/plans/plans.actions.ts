import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';

/** Pence as pounds for people; JSON keeps the pence. */
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)} + VAT`;

const PLAN_COLUMNS: Column<Item<'/v1/plans'>>[] = [
  { header: 'id', value: (plan) => plan.id, keep: true },
  { header: 'name', value: (plan) => plan.name },
  { header: 'monthly', value: (plan) => pounds(plan.monthly_price_pence) },
  { header: 'annual', value: (plan) => pounds(plan.annual_price_pence) },
  { header: 'description', value: (plan) => plan.description },
];

export async function listPlans(ctx: CommandContext) {
  const client = await ctx.client();
  const plans = await client.get('/v1/plans');
  ctx.output.list(plans.data, PLAN_COLUMNS);
}
