import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvents, type LiveEvent } from '../../shared/live/use-live-events.js';

interface OrderLike {
  id: string;
  object: 'order';
}
interface ListPage {
  data: OrderLike[];
}

/** The order an event carries in its list shape, if any (scans, status changes, cancels). */
export function orderIn(event: LiveEvent): OrderLike | null {
  const data = event.data as { object?: string; id?: string; order?: unknown } | null;
  if (!data || typeof data !== 'object') return null;
  const order = (data.order ?? (data.object === 'order' ? data : null)) as OrderLike | null;
  return order &&
    typeof order === 'object' &&
    order.object === 'order' &&
    typeof order.id === 'string'
    ? order
    : null;
}

/**
 * What an event changes on the staff app's screens, besides the orders it carries (which are
 * written into the lists in place): the queries to fetch again.
 */
export function queriesChangedBy(event: LiveEvent): string[][] {
  const { type } = event;
  const order = orderIn(event);
  const keys: string[][] = [['board'], ['reports']];
  if (order) keys.push(['orders', 'one', order.id], ['orders', 'counts']);
  if (type === 'order.created') keys.push(['orders', 'list'], ['orders', 'counts']);
  if (type === 'scan.recorded') {
    keys.push(['stations']);
    // A dispatch scan into a consignment moves its loading progress.
    const loaded = (event.data as { consignment_id?: string | null } | null)?.consignment_id;
    if (loaded) keys.push(['consignments']);
  }
  if (type.startsWith('order.') && !order) keys.push(['orders']);
  if (type.startsWith('return.') || type === 'label.voided') keys.push(['orders'], ['returns']);
  if (type.startsWith('station.')) keys.push(['stations']);
  if (type.startsWith('printer.') || type.startsWith('print_job.'))
    keys.push(['printers'], ['print-jobs']);
  if (type.startsWith('consignment.')) keys.push(['consignments'], ['orders']);
  return keys;
}

/** Writes an order from an event into every cached page of the orders list that shows it. */
function updateListsInPlace(queryClient: QueryClient, order: OrderLike): void {
  queryClient.setQueriesData<ListPage>({ queryKey: ['orders', 'list'] }, (page) => {
    if (!page?.data.some((o) => o.id === order.id)) return page;
    // Fields computed when read (the forecast) stay until the next read.
    return { ...page, data: page.data.map((o) => (o.id === order.id ? { ...o, ...order } : o)) };
  });
}

/** Changes that arrive together are fetched once: at most this often per query. */
const BATCH_MS = 200;

/**
 * The staff app on the event stream (DESIGN §16): an order an event carries is written into the
 * orders lists at once, and the screens' other queries are fetched again when an event says they
 * changed, instead of every few seconds. A banner says when the stream is down; once it is back
 * everything is fetched again.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('staff');
  const pending = useRef(new Map<string, string[]>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = () => {
    timer.current = null;
    const keys = [...pending.current.values()];
    pending.current.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const state = useLiveEvents(
    (event) => {
      const order = orderIn(event);
      if (order) updateListsInPlace(queryClient, order);
      for (const key of queriesChangedBy(event)) pending.current.set(key.join('/'), key);
      timer.current ??= setTimeout(flush, BATCH_MS);
    },
    { onReconnect: () => void queryClient.invalidateQueries() },
  );

  if (state !== 'down') return null;
  return (
    <div className="live-banner" role="status" data-live="down">
      {t('live.down')}
    </div>
  );
}
