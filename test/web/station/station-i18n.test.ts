// The station's language switch and its sentences for the server's answers, without a browser:
// an operator's language switches every word, a refusal reads by its reason code, and what the
// catalog does not know keeps the server's words.
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../src/web/shared/i18n/i18n.js';
import { answerText, pieceLine } from '../../../src/web/station/scan/describe-scan.js';
import type { ScanAnswer } from '../../../src/web/station/station-api.js';
import { setStationLanguage, stationT } from '../../../src/web/station/station-i18n.js';

const say = (text: ReturnType<typeof answerText>) =>
  'text' in text ? text.text : stationT(text.key, text.values);

function answer(patch: Partial<ScanAnswer>): ScanAnswer {
  return {
    id: 'scan_1',
    object: 'scan',
    accepted: true,
    reason: null,
    message: 'Produced FD 0000001',
    event: 'produce',
    barcode: 'FD 0000001',
    location: null,
    station: 'Sewing 1',
    station_id: 'st_1',
    client_scan_id: null,
    scanned_at: null,
    at: '2026-11-26T10:00:00.000Z',
    test_label: false,
    piece: {
      id: 'pc_1',
      barcode: 'FD 0000001',
      line_no: 1,
      unit_no: 2,
      piece_no: 1,
      piece_name: null,
      status: 'produced',
    },
    order: {
      order_no: 'PO-1',
      retailer_name: 'Northwind',
      pieces_per_unit: 3,
      lines: [{ qty: 5, pieces_per_unit: 3 }],
    },
    ...patch,
  } as ScanAnswer;
}

describe('the station in the operator’s language', () => {
  it('switches on setStationLanguage, ignores a language it does not speak', async () => {
    await setStationLanguage('pl-PL');
    expect(i18n.language).toBe('pl');
    expect(stationT('verdict.refused')).toBe('ODRZUCONO');
    expect(stationT('header.waiting', { count: 1 })).toBe('1 skan czeka');
    expect(stationT('header.waiting', { count: 3 })).toBe('3 skany czekają');
    expect(stationT('header.waiting', { count: 5 })).toBe('5 skanów czeka');
    expect(stationT('header.waiting', { count: 22 })).toBe('22 skany czekają');

    await setStationLanguage('de');
    expect(i18n.language).toBe('pl');

    await setStationLanguage('ro');
    expect(stationT('verdict.refused')).toBe('REFUZAT');
    expect(stationT('header.waiting', { count: 1 })).toBe('1 scanare de trimis');
    expect(stationT('header.waiting', { count: 2 })).toBe('2 scanări de trimis');
    expect(stationT('header.waiting', { count: 20 })).toBe('20 de scanări de trimis');
  });

  it('reads a refusal by its reason code, an accepted scan by what it did', async () => {
    await setStationLanguage('pl');
    const refused = answer({
      accepted: false,
      reason: 'already_produced',
      message: 'Refused: FD 0000001 already produced',
    });
    expect(say(answerText(refused))).toBe('Odrzucono: FD 0000001 już wyprodukowany');
    expect(say(answerText(answer({ event: 'stock', location: 'A-03' })))).toBe(
      'Na magazynie: FD 0000001 w A-03',
    );
    expect(say(pieceLine(answer({}))!)).toBe('Jednostka 2 z 5 · Element 1 z 3');
    // A long unreadable read is cut as the server cuts it.
    const long = answer({ accepted: false, reason: 'unknown_barcode', barcode: 'X'.repeat(40) });
    expect(say(answerText(long))).toBe(`Odrzucono: nieznany kod ${'X'.repeat(23)}…`);
  });

  it('keeps the server’s words for what the catalog does not know', async () => {
    await setStationLanguage('pl');
    const newer = answer({
      accepted: false,
      reason: 'wrong_consignment' as ScanAnswer['reason'],
      message: 'Refused: FD 0000001 is not on this load',
    });
    expect(say(answerText(newer))).toBe('Refused: FD 0000001 is not on this load');
    const badge = answer({ piece: null, order: null, message: 'Hello, Ana' });
    expect(say(answerText(badge))).toBe('Hello, Ana');
  });
});
