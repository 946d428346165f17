import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { Job, type JobLog } from './job.js';

/**
 * A look for due deliveries every 10 seconds. The dispatcher also wakes itself for the next
 * due delivery and is kicked after every commit that appends events; this tick is the safety net.
 */
export const WEBHOOK_RETRIES_EVERY_MS = 10_000;

export function webhookRetriesJob(dispatcher: WebhookDispatcher, log: JobLog): Job<void> {
  return new Job('webhook-retries', async () => dispatcher.kick(), log);
}
