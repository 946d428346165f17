import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { printList, type ListOptions } from '../shared/list.js';

const AUDIT_COLUMNS: Column<Item<'/v1/audit-log'>>[] = [
  { header: 'at', value: (e) => e.at },
  { header: 'actor', value: (e) => `${e.actor.type}:${e.actor.name ?? e.actor.id ?? '-'}` },
  { header: 'action', value: (e) => e.action, keep: true },
  { header: 'target', value: (e) => e.target.id ?? '-' },
  { header: 'ip', value: (e) => e.ip },
  { header: 'id', value: (e) => e.id },
];

export interface AuditListOptions extends ListOptions {
  actorId?: string;
  action?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export async function listAudit(ctx: CommandContext, options: AuditListOptions) {
  const query = unchecked({
    actor_id: options.actorId,
    action: options.action,
    target_id: options.targetId,
    from: options.from,
    to: options.to,
  });
  await printList(ctx, '/v1/audit-log', { query }, options, AUDIT_COLUMNS, 'No changes recorded.');
}

/** Prints the verdict; a broken chain fails the command (exit 1) naming the row. */
export async function verifyAudit(ctx: CommandContext) {
  const client = await ctx.client();
  const verdict = await client.get('/v1/audit-log/verify', {});
  ctx.output.record(verdict);
  if (!verdict.ok) throw new Error(verdict.message ?? 'the audit trail does not hold');
}
