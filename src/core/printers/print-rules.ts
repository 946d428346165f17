import { invalid } from '../../domain/errors.js';
import {
  consignmentDocumentFor,
  PRINT_RULE_EVENTS,
  type PrintRuleEvent,
} from '../../domain/printing.js';
import { orderBarcodes } from '../../store/printers/print-jobs.repository.js';
import {
  findPrinter,
  printRulesOf,
  stationPrinterId,
} from '../../store/printers/printers.repository.js';
import type { Tx } from '../transaction.js';
import { queuePrintJob } from './print-jobs.js';

/**
 * An auto-print rule (setting `print_rules`): what happens, and the printer it prints on; null
 * (only for `label.voided`): only on the printer of the station that asked.
 */
export interface PrintRule {
  event: PrintRuleEvent;
  printer_id: string | null;
}

/** The rules as stored (JSON), checked: known events, printers of this factory. */
export async function checkPrintRules(
  tx: Tx,
  factoryId: string,
  rules: readonly PrintRule[],
): Promise<string> {
  for (const [i, rule] of rules.entries()) {
    if (!(PRINT_RULE_EVENTS as readonly string[]).includes(rule.event)) {
      throw invalid(
        `print_rules.${i}.event`,
        `"${rule.event}" is not an event a rule can print on; one of: ${PRINT_RULE_EVENTS.join(', ')}.`,
      );
    }
    if (rule.printer_id === null) {
      if (rule.event === 'label.voided') continue;
      throw invalid(
        `print_rules.${i}.printer_id`,
        `A ${rule.event} rule needs a printer: only label.voided can print at "the station's printer" (null).`,
      );
    }
    if (!(await findPrinter(tx.trx, factoryId, rule.printer_id))) {
      throw invalid(`print_rules.${i}.printer_id`, `No printer has the id ${rule.printer_id}.`);
    }
  }
  return JSON.stringify(rules.map((r) => ({ event: r.event, printer_id: r.printer_id })));
}

export const parsePrintRules = (stored: string | null): PrintRule[] =>
  stored ? (JSON.parse(stored) as PrintRule[]) : [];

/** A factory's rules for an event. */
async function rulesFor(tx: Tx, factoryId: string, event: PrintRuleEvent): Promise<PrintRule[]> {
  return parsePrintRules(await printRulesOf(tx.trx, factoryId)).filter((r) => r.event === event);
}

/** The printers of a factory's rules for an event (a deleted printer's rule prints nowhere). */
async function rulePrinters(
  tx: Tx,
  factoryId: string,
  event: PrintRuleEvent,
  rules?: PrintRule[],
): Promise<string[]> {
  const printers: string[] = [];
  for (const rule of rules ?? (await rulesFor(tx, factoryId, event))) {
    if (rule.printer_id === null) continue;
    if (await findPrinter(tx.trx, factoryId, rule.printer_id)) printers.push(rule.printer_id);
  }
  return [...new Set(printers)];
}

/**
 * `order.created` rules, in the transaction that created the orders: each new order's labels
 * print on each rule's printer, without a person.
 */
export async function printNewOrders(
  tx: Tx,
  factoryId: string,
  orderIds: readonly string[],
): Promise<void> {
  const printers = await rulePrinters(tx, factoryId, 'order.created');
  if (printers.length === 0) return;
  for (const orderId of orderIds) {
    const barcodes = await orderBarcodes(tx.trx, factoryId, orderId, false);
    if (barcodes.length === 0) continue;
    for (const printerId of printers) {
      await queuePrintJob(
        tx,
        factoryId,
        printerId,
        { source: 'order', orderId, pieces: JSON.stringify(barcodes), barcodes },
        { ruleEvent: 'order.created' },
      );
    }
  }
}

/**
 * `label.voided` rules, in the void's transaction: the replacement label prints at the station
 * that asked for the void when it has a printer, else on the rule's printer (a rule without one,
 * "the station's printer", prints nowhere else).
 */
export async function printReplacementLabel(
  tx: Tx,
  factoryId: string,
  voided: { order_id: string; replacement_barcode: string },
  stationId: string | null,
): Promise<void> {
  const rules = await rulesFor(tx, factoryId, 'label.voided');
  if (rules.length === 0) return;
  const atStation = stationId ? await stationPrinterId(tx.trx, factoryId, stationId) : null;
  const barcodes = [voided.replacement_barcode];
  const printers = atStation
    ? [atStation]
    : await rulePrinters(tx, factoryId, 'label.voided', rules);
  for (const printerId of printers) {
    await queuePrintJob(
      tx,
      factoryId,
      printerId,
      {
        source: 'order',
        orderId: voided.order_id,
        pieces: JSON.stringify(barcodes),
        barcodes,
      },
      { stationId, ruleEvent: 'label.voided' },
    );
  }
}

/**
 * `consignment.closed` rules, in the transaction that closes the consignment: each rule's printer
 * gets the document it can print — a PDF printer the delivery note, a ZPL printer the SSCC labels
 * of the consignment's handling units (none when it has no unit). The job names the document;
 * the print worker renders it when it sends the job, outside any transaction: a 1,000-piece note
 * is seconds of work that must not hold the database's write lock, and a closed consignment no
 * longer changes, so the note rendered then says what it would have said at the close.
 * Answers the jobs' ids.
 */
export async function printClosedConsignment(
  tx: Tx,
  factoryId: string,
  consignment: { consignmentId: string; handlingUnits: number },
): Promise<string[]> {
  const ids: string[] = [];
  for (const printerId of await rulePrinters(tx, factoryId, 'consignment.closed')) {
    const printer = (await findPrinter(tx.trx, factoryId, printerId))!;
    const document = consignmentDocumentFor(printer.language);
    const labels = document === 'delivery_note' ? 1 : consignment.handlingUnits;
    if (labels === 0) continue;
    const row = await queuePrintJob(
      tx,
      factoryId,
      printerId,
      { source: 'consignment', consignmentId: consignment.consignmentId, document, labels },
      { ruleEvent: 'consignment.closed' },
    );
    ids.push(row.id);
  }
  return ids;
}
