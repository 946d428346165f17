import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { SelectField } from '../../../shared/ui/TextField.js';
import { useSettings } from '../../common/use-settings.js';
import { download, openPendingTab, showPdf } from '../../common/label-files.js';
import {
  useOrderLabels,
  usePrinterChoices,
  useSendToPrinter,
  type LabelDpi,
  type LabelFormat,
  type Order,
} from './use-order.js';

/**
 * Print an order's labels: PDF (opens in a new tab) or ZPL (downloads, for a label printer), every
 * piece or only those never printed, at the printer's resolution.
 */
export function LabelsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
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
    <Dialog title={`Print labels for ${order.order_no}`} onClose={onClose}>
      <form onSubmit={(e) => void print(e)}>
        <fieldset className="choice">
          <legend>Format</legend>
          <label>
            <input
              type="radio"
              name="format"
              checked={format === 'pdf'}
              onChange={() => setFormat('pdf')}
            />{' '}
            PDF — opens in a new tab, for any printer
          </label>
          <label>
            <input
              type="radio"
              name="format"
              checked={format === 'zpl'}
              onChange={() => setFormat('zpl')}
            />{' '}
            ZPL — downloads, for a Zebra label printer
          </label>
          {choices.length > 0 && (
            <label>
              <input
                type="radio"
                name="format"
                checked={format === 'printer'}
                onChange={() => setFormat('printer')}
              />{' '}
              Send to a printer — prints by itself, in the printer’s queue
            </label>
          )}
        </fieldset>
        {format === 'printer' && (
          <SelectField
            label="Printer"
            value={chosenPrinter}
            onChange={(e) => setPrinterId(e.target.value)}
          >
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.state})
              </option>
            ))}
          </SelectField>
        )}
        <fieldset className="choice">
          <legend>Pieces</legend>
          <label>
            <input
              type="radio"
              name="pieces"
              checked={pieces === 'all'}
              onChange={() => setPieces('all')}
            />{' '}
            All {order.pieces_total} pieces
          </label>
          <label>
            <input
              type="radio"
              name="pieces"
              checked={pieces === 'unprinted'}
              onChange={() => setPieces('unprinted')}
            />{' '}
            Only the {unprinted} never printed
          </label>
        </fieldset>
        {format !== 'printer' && (
          <fieldset className="choice">
            <legend>Printer resolution</legend>
            {([203, 300] as const).map((d) => (
              <label key={d}>
                <input
                  type="radio"
                  name="dpi"
                  checked={chosenDpi === d}
                  onChange={() => setDpi(d)}
                />{' '}
                {d} dpi
              </label>
            ))}
          </fieldset>
        )}
        <ErrorMessage error={labels.error ?? send.error} />
        {opened && (
          <p className="notice">
            Your browser blocked the new tab:{' '}
            <a href={opened} target="_blank" rel="noreferrer">
              open the labels
            </a>
            .
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          <button type="submit" disabled={labels.isPending || send.isPending}>
            {labels.isPending
              ? 'Preparing…'
              : format === 'printer'
                ? 'Print'
                : format === 'pdf'
                  ? 'Open PDF'
                  : 'Download ZPL'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
