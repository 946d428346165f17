import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError } from '../../../src/core/uploads/csv-reader.js';

function readAll(text: string): string[][] {
  const reader = new CsvReader(text);
  const records: string[][] = [];
  for (let record = reader.next(); record !== undefined; record = reader.next()) {
    records.push(record);
  }
  return records;
}

/** RFC 4180 as a spreadsheet writes it: a field is quoted when it holds a quote, comma or break. */
const writeCsv = (records: string[][], eol: string) =>
  records
    .map((fields) =>
      fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(','),
    )
    .join(eol) + eol;

describe('CsvReader', () => {
  it('reads back whatever a spreadsheet writes, with LF or CRLF', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', '\n', '\r', 'é'),
    });
    // A record of one empty field is a blank line, which reads back as one empty field.
    const record = fc.array(field, { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        (records, eol) => {
          expect(readAll(writeCsv(records, eol))).toEqual(records);
        },
      ),
    );
  });

  it('skips a byte order mark, ends records at CR too, and keeps quotes inside plain fields', () => {
    expect(readAll('\uFEFFa,b\rc,d"e"\n,\n')).toEqual([
      ['a', 'b'],
      ['c', 'd"e"'],
      ['', ''],
    ]);
    expect(readAll('')).toEqual([]);
    expect(readAll('last,line')).toEqual([['last', 'line']]);
  });

  it('names the record of a quote never closed, or of text after a closing quote', () => {
    const failure = (text: string) => {
      try {
        readAll(text);
      } catch (err) {
        return err;
      }
      return undefined;
    };
    const unclosed = failure('h\nok\n"never closed,\nmore\n');
    expect(unclosed).toBeInstanceOf(CsvSyntaxError);
    expect(unclosed).toMatchObject({ row: 3 });
    const trailing = failure('h\n"quoted"text,x\n');
    expect(trailing).toBeInstanceOf(CsvSyntaxError);
    expect(trailing).toMatchObject({
      row: 2,
      message: 'Field 1 has text after its closing quote.',
    });
  });
});
