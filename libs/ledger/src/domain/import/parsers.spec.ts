import { describe, expect, it } from 'vitest';
import { bankOfx, cardOfxXml } from '../../testing/fixtures/ofx.js';
import { parseCsv, readCsv, suggestDecimalSeparator, suggestMapping } from './csv-parser.js';
import { ImportFileError } from './imported-row.js';
import { parseOfx } from './ofx-parser.js';

describe('parseOfx', () => {
  it('reads a 1.x SGML bank statement with signs as in the file (rule 1) and its ledger balance', () => {
    const file = parseOfx(bankOfx([{ fitid: 'F1', date: '20250305', amount: '-19.99', name: 'COFFEE' }, { fitid: 'F2', date: '20250306', amount: '250.00', name: 'PAY' }]));
    expect(file.rows).toEqual([
      { providerId: 'ofx:9876:F1', date: '2025-03-05', name: 'COFFEE', amount: -1999 },
      { providerId: 'ofx:9876:F2', date: '2025-03-06', name: 'PAY', amount: 25000 },
    ]);
    expect(file.ledgerBalance).toBe(120433);
  });

  it('reads a 2.x XML credit-card statement with entities', () => {
    expect(parseOfx(cardOfxXml).rows).toEqual([{ providerId: 'ofx:4444:C1', date: '2025-03-05', name: 'BOOKS & MORE', amount: -1999 }]);
  });

  it.each([
    ['not ofx at all', 'no <OFX> element'],
    ['<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>', 'no bank or credit-card statement'],
    [bankOfx([{ fitid: 'F1', date: '20250230', amount: '-1', name: 'X' }]), 'no valid DTPOSTED'],
    [bankOfx([{ fitid: 'F1', date: '20250301', amount: '-1.999', name: 'X' }]), 'no valid TRNAMT'],
    [bankOfx([{ fitid: '', date: '20250301', amount: '-1', name: 'X' }]), 'has no FITID'],
  ])('refuses a malformed file (%#) with the reason', (text, reason) => {
    expect(() => parseOfx(text)).toThrow(ImportFileError);
    expect(() => parseOfx(text)).toThrow(reason);
  });
});

describe('CSV', () => {
  const text = 'Date,Description,Amount\n03/05/2025,"COFFEE, LARGE",-4.75\n03/05/2025,COFFEE,-4.75\n03/05/2025,COFFEE,-4.75\n03/06/2025,Refund,(10.00)\n';

  it('reads quoted fields and suggests a mapping from the header', () => {
    expect(readCsv(text)[1]).toEqual(['03/05/2025', 'COFFEE, LARGE', '-4.75']);
    expect(suggestMapping(readCsv(text)[0]!)).toEqual({ date: 0, payee: 1, amount: 2 });
  });

  it('keeps two identical rows apart and gives the same keys on a second read', () => {
    const mapping = { date: 0, payee: 1, amount: 2, dateFormat: 'MM/DD/YYYY' as const, hasHeader: true };
    const rows = parseCsv(text, mapping, 'acct');
    expect(rows.map((r) => r.amount)).toEqual([-475, -475, -475, -1000]);
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(4);
    expect(parseCsv(text, mapping, 'acct')).toEqual(rows);
  });

  it('combines inflow and outflow columns', () => {
    const rows = parseCsv('Date,Payee,In,Out\n2025-03-01,Pay,100.00,\n2025-03-02,Shop,,25.50\n', { date: 0, payee: 1, inflow: 2, outflow: 3, dateFormat: 'YYYY-MM-DD', hasHeader: true }, 'a');
    expect(rows.map((r) => r.amount)).toEqual([10000, -2550]);
  });

  it('names the row and value it cannot read', () => {
    expect(() => parseCsv('Date,P,A\n2025-13-01,X,1\n', { date: 0, payee: 1, amount: 2, dateFormat: 'YYYY-MM-DD', hasHeader: true }, 'a')).toThrow('Row 2: "2025-13-01" is not a YYYY-MM-DD date.');
  });
});

describe('parseOfx on real-bank quirks (why we keep our reader: see the README)', () => {
  const one = (name: string) => bankOfx([{ fitid: 'Q1', date: '20250305', amount: '-12.50', name }]);

  it('reads a QFX file: CRLF line ends and an INTU.BID element in the sign-on block', () => {
    const qfx = one('AT&amp;T WIRELESS').replace('<FID>1234</FI>', '<FID>1234</FI><INTU.BID>3000').replace(/\n/g, '\r\n');
    expect(parseOfx(qfx).rows).toEqual([{ providerId: 'ofx:9876:Q1', date: '2025-03-05', name: 'AT&T WIRELESS', amount: -1250 }]);
  });

  it('reads empty leaves, leaves closed in SGML, lower-case tags and numeric character references', () => {
    expect(parseOfx(one('<MEMO>')).rows[0]!.name).toBe('Unknown');
    expect(parseOfx(one('CAF&#233; &#xE9;T&#201;</NAME><MEMO>m</MEMO>')).rows[0]!.name).toBe('CAFé éTÉ');
    expect(parseOfx(one('SHOP').toLowerCase()).rows).toEqual([{ providerId: 'ofx:9876:q1', date: '2025-03-05', name: 'shop', amount: -1250 }]);
  });

  it('reads an element name of any length in linear time (ofx-js backtracks exponentially on one)', () => {
    // Exponential backtracking on a 5,000-character name would never end: the outcome is that it is
    // read at all, within the test's generous timeout (how fast is a benchmark's business).
    const file = one('SHOP').replace('<TRNUID>1', `<TRNUID${'A'.repeat(5000)}>1`);
    expect(parseOfx(file).rows).toHaveLength(1);
  }, 30_000);

  it('reads a 200,000-character name whole (the edge rules cut it, see edge-rules.spec.ts) and refuses a FITID over 255 characters', () => {
    expect(parseOfx(one('N'.repeat(200_000))).rows[0]!.name).toHaveLength(200_000);
    expect(() => parseOfx(bankOfx([{ fitid: 'F'.repeat(256), date: '20250305', amount: '-1', name: 'X' }]))).toThrow('FITID longer than the 255 characters');
  });
});

describe('CSV with papaparse: delimiters and decimal commas', () => {
  const semicolons = 'Datum;Beschreibung;Betrag\n05.03.2025;"CAFÉ; KLEIN";-4,75\n06.03.2025;Miete;-1.234,50\n07.03.2025;Gehalt;2.500,00\n';
  const mapping = { date: 0, payee: 1, amount: 2, dateFormat: 'DD/MM/YYYY' as const, hasHeader: true };

  it('detects a semicolon or tab delimiter, or takes the one chosen', () => {
    expect(readCsv(semicolons)[1]).toEqual(['05.03.2025', 'CAFÉ; KLEIN', '-4,75']);
    expect(readCsv('a\tb\tc\n1\t2\t3\n')[1]).toEqual(['1', '2', '3']);
    expect(readCsv(semicolons, ',')[1]).toEqual(['05.03.2025;"CAFÉ; KLEIN";-4', '75']);
  });

  it('reads decimal-comma amounts only when the mapping says so, and suggests it from the samples', () => {
    expect(parseCsv(semicolons, { ...mapping, decimalSeparator: ',' }, 'a').map((r) => [r.date, r.name, r.amount])).toEqual([
      ['2025-03-05', 'CAFÉ; KLEIN', -475],
      ['2025-03-06', 'Miete', -123450],
      ['2025-03-07', 'Gehalt', 250000],
    ]);
    expect(suggestMapping(readCsv(semicolons)[0]!)).toEqual({ date: 0, payee: 1, amount: 2 });
    expect(suggestDecimalSeparator(['-4,75', '-1.234,50', '2.500,00'])).toBe(',');
    expect(suggestDecimalSeparator(['-4.75', '1,234.50'])).toBe('.');
  });

  it('never misreads an amount written with the other separator: the row is named instead', () => {
    expect(() => parseCsv(semicolons, mapping, 'a')).toThrow('Row 2: "-4,75" is not an amount like -1,234.56.');
    expect(() => parseCsv('Date,P,A\n2025-03-01,X,12.34\n', { ...mapping, dateFormat: 'YYYY-MM-DD', decimalSeparator: ',' }, 'a')).toThrow(
      'Row 2: "12.34" is not an amount like -1.234,56.',
    );
  });

  it('refuses a file that ends inside a quoted field', () => {
    expect(() => readCsv('Date,P,A\n2025-03-01,"open,1\n')).toThrow(ImportFileError);
    expect(() => readCsv('Date,P,A\n2025-03-01,"open,1\n')).toThrow('a quoted field is not closed');
  });
});
