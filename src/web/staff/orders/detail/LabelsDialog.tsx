import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import type { PrinterState } from '../../../../domain/printing.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { SelectField } from '../../../shared/ui/TextField.js';
import { useSettings } from '../../common/use-settings.js';
import { download, openPendingTab, showPdf } from '../../common/label-files.js';
import { useStaffT } from '../../staff-i18n.js';
import {
  useOrderLabels,
  usePrinterChoices,
  useSendToPrinter,
  type LabelDpi,
  type LabelFormat,
  type Order,
} from './use-order.js';

/** The catalog's words for a printer's state (the Printers screen's states). */
const PRINTER_STATE_KEYS: Record<PrinterState, string> = {
  ready: 'orders.labels.printer_state.ready',
  printing: 'orders.labels.printer_state.printing',
  paused: 'orders.labels.printer_state.paused',
  offline: 'orders.labels.printer_state.offline',
  error: 'orders.labels.printer_state.error',
};

/**
 * Print an order's labels: PDF (opens in a new tab) or ZPL (downloads, for a label printer), every
 * piece or only those never printed, at the printer's resolution.
 */
export function LabelsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useStaffT();
  const settings = useSettings();
  const labels = useOrderLabels(order.id);
  const printers = usePrinterChoices();
  const send = useSendToPrinter(order.id);
  const [format, setFormat] = useState<LabelFormat | 'printer'>('pdf');
  const [printerId, setPrinterId] = useState<string>('');
  const choices = printers.data?.data ?? [];
  const chosenPrinter = printerId || choices[0]?.id || '';
  const [pieces, setPieces] = useState<'all' | 'unprinted'>('all');
  const [dpi, setDpi] = useState<LabelDpi | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const chosenDpi = dpi ?? settings.data?.default_dpi ?? 203;
  const unprinted = order.pieces.filter((p) => p.label_printed_at === null).length;

  async function print(event: FormEvent) {
    event.preventDefault();
    if (format === 'printer') {
      await send
        .mutateAsync({ printer_id: chosenPrinter, pieces })
        .then(onClose)
        .catch(() => {});
      return;
    }
    const tab = format === 'pdf' ? openPendingTab() : null;
    try {
      const file = await labels.mutateAsync({ format, pieces, dpi: chosenDpi });
      if (format === 'pdf') {
        const url = showPdf(tab, file);
        if (!tab) setOpened(url);
        else onClose();
      } else {
        download(file, `labels-${order.order_no}-${chosenDpi}dpi.zpl`);
        onClose();
      }
    } catch {
      tab?.close();
    }
  }

  return (
    <Dialog title={t('orders.labels.title', { number: order.order_no })} onClose={onClose}>
      <form onSubmit={(e) => void print(e)}>
        <fieldset className="choice">
          <legend>{t('orders.labels.format')}</legend>
          <label>
            <input
              type="radio"
              name="format"
              checked={format === 'pdf'}
              onChange={() => setFormat('pdf')}
            />{' '}
            {t('orders.labels.pdf')}
          </label>
          <label>
            <input
              type="radio"
              name="format"
              checked={format === 'zpl'}
              onChange={() => setFormat('zpl')}
            />{' '}
            {t('orders.labels.zpl')}
          </label>
          {choices.length > 0 && (
            <label>
              <input
                type="radio"
                name="format"
                checked={format === 'printer'}
                onChange={() => setFormat('printer')}
              />{' '}
              {t('orders.labels.send')}
            </label>
          )}
        </fieldset>
        {format === 'printer' && (
          <SelectField
            label={t('orders.labels.printer')}
            value={chosenPrinter}
            onChange={(e) => setPrinterId(e.target.value)}
          >
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({t(PRINTER_STATE_KEYS[p.state])})
              </option>
            ))}
          </SelectField>
        )}
        <fieldset className="choice">
          <legend>{t('orders.labels.pieces')}</legend>
          <label>
            <input
              type="radio"
              name="pieces"
              checked={pieces === 'all'}
              onChange={() => setPieces('all')}
            />{' '}
            {t('orders.labels.all', { count: order.pieces_total })}
          </label>
          <label>
            <input
              type="radio"
              name="pieces"
              checked={pieces === 'unprinted'}
              onChange={() => setPieces('unprinted')}
            />{' '}
            {t('orders.labels.unprinted', { count: unprinted })}
          </label>
        </fieldset>
        {format !== 'printer' && (
          <fieldset className="choice">
            <legend>{t('orders.labels.resolution')}</legend>
            {([203, 300] as const).map((d) => (
              <label key={d}>
                <input
                  type="radio"
                  name="dpi"
                  checked={chosenDpi === d}
                  onChange={() => setDpi(d)}
                />{' '}
                {t('orders.labels.dpi', { dpi: d })}
              </label>
            ))}
          </fieldset>
        )}
        <ErrorMessage error={labels.error ?? send.error} />
        {opened && (
          <p className="notice">
            <Trans
              t={t}
              i18nKey="orders.labels.blocked"
              components={{
                a: <a href={opened} target="_blank" rel="noreferrer" />,
              }}
            />
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('orders.labels.close')}
          </button>
          <button type="submit" disabled={labels.isPending || send.isPending}>
            {labels.isPending
              ? t('orders.labels.preparing')
              : format === 'printer'
                ? t('orders.labels.print')
                : format === 'pdf'
                  ? t('orders.labels.open_pdf')
                  : t('orders.labels.download_zpl')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
