import type { CommandContext } from '../context.js';
import type { Column } from '../output/table.js';

type Row = Record<string, unknown>;

/** Pence as pounds for people; JSON keeps the pence. */
const pounds = (pence: unknown) =>
  typeof pence === 'number' ? `£${(pence / 100).toFixed(2)} + VAT` : pence;

const PLAN_COLUMNS: Column<Row>[] = [
  { header: 'id', value: (plan) => plan.id, keep: true },
  { header: 'name', value: (plan) => plan.name },
  { header: 'monthly', value: (plan) => pounds(plan.monthly_price_pence ?? plan.price_pence) },
  { header: 'annual', value: (plan) => pounds(plan.annual_price_pence) },
  { header: 'description', value: (plan) => plan.description },
];

/** The catalogue may come as a list envelope or a bare array; either prints as a list. */
export async function listPlans(ctx: CommandContext) {
  const client = await ctx.client();
  const answer = await client.get<unknown>('/v1/plans');
  if (Array.isArray(answer)) return ctx.output.list(answer as Row[], PLAN_COLUMNS);
  const data = (answer as { data?: unknown } | undefined)?.data;
  if (Array.isArray(data)) return ctx.output.list(data as Row[], PLAN_COLUMNS);
  ctx.output.record(answer ?? {});
}
