import { AsyncLocalStorage } from 'node:async_hooks';
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
 * (exactly one). A transaction that rolls back gives the turn back; once the request has
 * answered (`close`), nothing more is written for it.
 */
export class AuditScope {
  #state: 'open' | 'pending' | 'written' | 'closed' = 'open';
  #ended = false;
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

  /** The request answered: later transactions of it (none, normally) write no row. */
  close(): void {
    if (this.#state === 'open') this.#state = 'closed';
  }

  /** Ends the scope once; the last one to end turns the async context off (see below). */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.close();
    if (--inFlight === 0) turnOffSoon();
  }
}

/**
 * The scope travels with the request's async calls, so every use case, the ones added tomorrow
 * included, finds it in `transact` with no change to its route or signature. Node's async context
 * taxes every promise while it is on (each one copies the context), scans' many promises
 * included, so it is on only while audited requests or jobs come: it is turned off once none
 * has run for IDLE_MS, and scans on a floor where nobody is changing anything pay nothing.
 * (Turning it on and off costs more than a request's promises do: hence the wait, not an off
 * after each request.)
 */
const storage = new AsyncLocalStorage<AuditScope>();
let inFlight = 0;
const IDLE_MS = 2_000;
let offTimer: NodeJS.Timeout | undefined;

function turnOffSoon(): void {
  clearTimeout(offTimer);
  offTimer = setTimeout(() => {
    if (inFlight === 0) storage.disable();
  }, IDLE_MS);
  offTimer.unref();
}

/** Runs `fn` (and every async call it starts) in `scope`; the caller ends the scope (`end`). */
export function runInAuditScope<T>(scope: AuditScope, fn: () => T): T {
  inFlight++;
  if (offTimer) {
    clearTimeout(offTimer);
    offTimer = undefined;
  }
  return storage.run(scope, fn);
}

/** `fn` as one audited change (a scheduler job): its scope ends when `fn` settles. */
export async function audited<T>(request: AuditRequest, fn: () => Promise<T>): Promise<T> {
  const scope = new AuditScope(request);
  try {
    return await runInAuditScope(scope, fn);
  } finally {
    scope.end();
  }
}

/** The scope of the running request or job, if it is audited. */
export function currentAuditScope(): AuditScope | undefined {
  return inFlight === 0 ? undefined : storage.getStore();
}
