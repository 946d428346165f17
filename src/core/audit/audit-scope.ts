import type { AuditActor } from '../../domain/audit-chain.js';

/**
 * What one audited change says about itself before it is made: who, what, on what. The API fills
 * it in for each mutating request (src/api/audit-hook.ts), the scheduler for its jobs.
 */
export interface AuditRequest {
  /** The actor's factory; null for a scheduler run that spans factories. */
  factoryId: string | null;
  /** `name` null: looked up in the change's transaction. */
  actor: AuditActor;
  /** `<resource>.<verb>`, e.g. `order.cancel`. */
  action: string;
  /** `id` null: the `id` of what the use case returned, if it returned one. */
  target: { type: string; id: string | null };
  requestId: string | null;
  ip: string | null;
  /** The changed fields, secrets left out (`auditChanges`). */
  changes: Record<string, unknown> | null;
  /**
   * A job's changes from what a transaction returned; null: that transaction changed nothing and
   * writes no row (a scheduler run that found nothing to do leaves no trace).
   */
  changesOf?: (result: unknown) => Record<string, unknown> | null;
}

/**
 * One audited request or job run: its first use-case transaction that commits writes its row
 * (exactly one). A transaction that rolls back gives the turn back; once the request's handler
 * or the job has ended (`close`), nothing more is written for it.
 */
export class AuditScope {
  #state: 'open' | 'pending' | 'written' | 'closed' = 'open';
  constructor(readonly request: AuditRequest) {}

  /** True when this transaction, which returned `result`, writes the row (and no other may until it ends). */
  claim(result: unknown): boolean {
    if (this.#state !== 'open') return false;
    if (this.request.changesOf && this.request.changesOf(result) === null) return false;
    this.#state = 'pending';
    return true;
  }

  /** The transaction that claimed the row ended: committed, or rolled back. */
  settle(committed: boolean): void {
    if (this.#state === 'pending') this.#state = committed ? 'written' : 'open';
  }

  get written(): boolean {
    return this.#state === 'written';
  }

  /** The handler (the job) ended: later transactions of it (none, normally) write no row. */
  close(): void {
    if (this.#state === 'open') this.#state = 'closed';
  }
}

/**
 * How a use case's `transact` finds its scope, without an async context: Node 20's
 * AsyncLocalStorage taxes every promise of the process while it is on (a hook per promise, some
 * hundred a request), which alone cost a mutating request more than its audit row does.
 *
 * - Explicitly: a core context carrying the scope (`CoreContext.auditScope`): the API's
 *   `coreOf(request, core)` and a job's `audited(ctx, …)` give one.
 * - Or entered for a synchronous stretch (`enterAuditScope`): the API runs each audited route's
 *   handler so, and a use case that opens its transaction before its first `await` (most do:
 *   `return transact(ctx, …)`) finds it there. A route whose use case waits for something first
 *   hands it `coreOf(request, core)`; the walk over every mutating operation
 *   (test/api/audit.test.ts) finds a route that forgot.
 */
let entered: AuditScope | undefined;

/** Runs `fn` with `scope` entered until it returns (not across its `await`s); the caller ends it. */
export function enterAuditScope<T>(scope: AuditScope, fn: () => T): T {
  const outer = entered;
  entered = scope;
  try {
    return fn();
  } finally {
    entered = outer;
  }
}

/**
 * `fn` as one audited change (a scheduler job): each transaction it runs with the context it is
 * given may write the row; its scope ends when `fn` settles.
 */
export async function audited<C extends object, T>(
  ctx: C,
  request: AuditRequest,
  fn: (ctx: C & { auditScope: AuditScope }) => Promise<T>,
): Promise<T> {
  const scope = new AuditScope(request);
  try {
    return await fn({ ...ctx, auditScope: scope });
  } finally {
    scope.close();
  }
}

/** The scope entered for the running synchronous stretch, if any (see above). */
export function currentAuditScope(): AuditScope | undefined {
  return entered;
}
